#if PostgreSQL
import Synchronization

/// Sessions to one PostgreSQL database for the calls of a server: each call takes an idle one
/// (or connects anew) and gives it back, unless its connection was closed (a bound that
/// expired closes it), so a dead connection is never handed out twice. How many are open at
/// once is bounded by the server's blocking threads; `idleKept` stay open between calls.
public final class PostgresPool: Sendable {
    public let place: PostgresLocation
    public let limits: PostgresLimits
    let idleKept: Int
    private let idle = Mutex<[PostgresSession]>([])

    /// Connects once (the first session is kept), so a pool that cannot reach its database
    /// is never made.
    public init(
        _ place: PostgresLocation, limits: PostgresLimits = PostgresLimits(), idleKept: Int = 8
    ) throws {
        self.place = place
        self.limits = limits
        self.idleKept = idleKept
        let first = try PostgresSession.connect(place, limits: limits)
        idle.withLock { $0.append(first) }
    }

    /// Runs `body` on a session of its own for the time of the call.
    public func withSession<T>(_ body: (PostgresSession) throws -> T) throws -> T {
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
#endif
