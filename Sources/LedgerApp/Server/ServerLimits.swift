import Glibc

/// What one client may hold of the server: how long a connection may sit idle or take over a
/// request, how many connections are open at once, and how big and how many uploads are read
/// at once. The defaults suit a household behind a reverse proxy; tests set short ones.
public struct ServerLimits: Sendable, Equatable {
    /// A connection is closed when this long passes with no complete request head or piece of
    /// a body arriving: idle keep-alive connections, and headers sent a line at a time.
    public var idleMilliseconds: Int64 = 30_000
    /// A request's body must arrive whole within this long of its first piece (64 MiB at
    /// 1 MB/s takes about a minute).
    public var bodyMilliseconds: Int64 = 120_000
    /// Connections open at once; one more is answered `503` and closed.
    public var maxConnections: Int = ServerLimits.connectionsForFileLimit()
    /// Uploads read and imported at once (each may hold its import's work in memory); one more
    /// is answered `503`.
    public var maxParallelUploads = 2
    /// The largest upload, in bytes.
    public var maxUploadBytes = 64 * 1024 * 1024

    public init() {}

    /// Half the process's file limit (the other half for ledgers, their side files and the
    /// accounts database), between 16 and 4096: 512 under `ulimit -n 1024`.
    public static func connectionsForFileLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 512 }
        let files = limit.rlim_cur == rlim_t.max ? 8192 : Int(clamping: limit.rlim_cur)
        return min(4096, max(16, files / 2))
    }
}
