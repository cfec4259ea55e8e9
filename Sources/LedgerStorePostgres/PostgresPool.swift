import Dispatch
import LedgerStore
import Synchronization

/// Sessions to one PostgreSQL database for the calls of a server: each call takes an idle one
/// (or connects anew) and gives it back, unless its connection was closed (a bound that
/// expired closes it), so a dead connection is never handed out twice. At most `maxOpen`
/// (LedgerStore's `BooksDatabaseConnections.standard`, 32, unless `--database-connections` says otherwise) are handed out at
/// once: a call past them waits up to the connect bound for one to come back, then fails with
/// ``StoreError/poolFull(url:connections:seconds:)``, so N servers hold at most N × `maxOpen`
/// connections. `idleKept` stay open between calls.
public final class PostgresPool: Sendable {
    public let place: PostgresLocation
    public let limits: PostgresLimits
    let idleKept: Int
    /// The most sessions handed out at once, hence the most connections open.
    public let maxOpen: Int
    private let idle = Mutex<[PostgresSession]>([])
    /// One permit per session that may be handed out.
    private let permits: DispatchSemaphore

    /// Connects once (the first session is kept), so a pool that cannot reach its database
    /// is never made.
    public init(
        _ place: PostgresLocation, limits: PostgresLimits = PostgresLimits(), idleKept: Int = 8,
        maxOpen: Int = BooksDatabaseConnections.standard
    ) throws {
        self.place = place
        self.limits = limits
        self.idleKept = min(idleKept, maxOpen)
        self.maxOpen = maxOpen
        permits = DispatchSemaphore(value: maxOpen)
        let first = try PostgresSession.connect(place, limits: limits)
        idle.withLock { $0.append(first) }
    }

    /// Runs `body` on a session of its own for the time of the call, once one of the
    /// `maxOpen` is free (waiting up to the connect bound).
    public func withSession<T>(_ body: (PostgresSession) throws -> T) throws -> T {
        let bound = limits.connect.milliseconds
        guard permits.wait(timeout: .now() + .milliseconds(bound)) == .success else {
            throw StoreError.poolFull(url: place.description, connections: maxOpen, seconds: bound / 1000)
        }
        defer { permits.signal() }
        let session = try take()
        defer { put(session) }
        return try body(session)
    }

    private func take() throws -> PostgresSession {
        while let kept = idle.withLock({ $0.popLast() }) {
            if kept.isOpen { return kept }
        }
        return try PostgresSession.connect(place, limits: limits)
    }

    private func put(_ session: PostgresSession) {
        guard session.isOpen else { return }
        idle.withLock { if $0.count < idleKept { $0.append(session) } }
    }
}
