import Glibc
import LedgerApp
import Synchronization

/// Ledger handles kept open between requests: each user's ledger read-only (``UserBooks``) and
/// the shared market cache read-write (``MarketSession``, which records what the market pages
/// fetch into it). Opening one parses the schema, checks the anchor and prepares every
/// statement anew — most of a cached portfolio or market request (docs/PERFORMANCE.md,
/// "ledger serve"). A handle serves one request at a time; a handle whose file was replaced
/// (another inode at the path) is dropped, so a restored or rolled-back file is opened, and its
/// anchor checked, again. Handles hold no data of their own: each request's reads start a new
/// SQLite transaction and see every commit before it. One pool per server
/// (``ServerState/ledgerHandles``), by path.
final class LedgerHandles: Sendable {
    /// Idle handles kept per ledger (about the number of cores that can read at once).
    static let idlePerLedger = 4

    private let idle = Mutex<[String: [Handle]]>([:])

    /// `body` with a handle of `path`, taken from the idle ones or opened by `open`.
    func using<T>(_ path: String, open: () throws -> OpenLedger, _ body: (OpenLedger) throws -> T) throws -> T {
        let file = Self.identity(path)
        let handle = try take(path, file: file) ?? Handle(ledger: try open(), file: file)
        defer { put(handle, path) }
        return try body(handle.ledger)
    }

    private func take(_ path: String, file: FileIdentity?) -> Handle? {
        idle.withLock { idle in
            while let handle = idle[path]?.popLast() {
                if let file, handle.file == file { return handle }
            }
            return nil
        }
    }

    private func put(_ handle: Handle, _ path: String) {
        idle.withLock { idle in
            if idle[path, default: []].count < Self.idlePerLedger { idle[path, default: []].append(handle) }
        }
    }

    /// Device and inode of the file at `path`, nil when there is none.
    static func identity(_ path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    struct FileIdentity: Equatable, Sendable {
        let device: UInt64
        let inode: UInt64
    }

    /// One open handle; used by one request at a time (the pool's lock hands it over).
    final class Handle: @unchecked Sendable {
        let ledger: OpenLedger
        let file: FileIdentity?

        init(ledger: OpenLedger, file: FileIdentity?) {
            self.ledger = ledger
            self.file = file
        }
    }
}
