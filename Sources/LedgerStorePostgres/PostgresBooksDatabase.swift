#if PostgreSQL
import LedgerStore
import Synchronization

/// The books of every user of a server in one PostgreSQL database (``BooksDatabase``): the
/// schema migrated once when it opens, then each request's user's books on a session of its
/// own, taken from the idle ones or connected anew, and kept for the next request unless its
/// connection was closed (a bound that expired closes it). A session serves one request at a
/// time, so how many connections are open at once is bounded by the server's blocking threads.
public final class PostgresBooksDatabase: BooksDatabase {
    public let place: PostgresLocation
    public let limits: PostgresLimits
    /// Sessions kept open between requests (about the number of cores that can read at once).
    static let idleSessions = 8

    private let idle = Mutex<[PostgresSession]>([])
    /// Each user's `ledger_users` id once known: a request for a known user sends no statement
    /// before its own.
    private let userIDs = Mutex<[String: Int64]>([:])

    /// Connects, migrates the database (once across servers: an advisory lock) and keeps the
    /// connection for the first request.
    public init(_ place: PostgresLocation, limits: PostgresLimits = PostgresLimits()) throws {
        self.place = place
        self.limits = limits
        let session = try PostgresSession.connect(place, limits: limits)
        try PostgresSchema.migrate(session, location: place.description)
        idle.withLock { $0.append(session) }
    }

    public var location: String { place.description }

    public func withBooks<T>(of user: String, _ body: (any BookStores) throws -> T) throws -> T {
        let session = try take()
        defer { put(session) }
        return try body(try books(of: user, on: session))
    }

    /// The user's books on `session`: by the id kept from an earlier request, else attached
    /// (the user's row and empty chain made on first use).
    private func books(of user: String, on session: PostgresSession) throws -> PostgresLedger {
        if let id = userIDs.withLock({ $0[user] }) { return PostgresLedger(session: session, user: user, userID: id) }
        let books = try PostgresLedger.attach(session, user: user)
        userIDs.withLock { $0[user] = books.userID }
        return books
    }

    private func take() throws -> PostgresSession {
        while let kept = idle.withLock({ $0.popLast() }) {
            if kept.isOpen { return kept }
        }
        return try PostgresSession.connect(place, limits: limits)
    }

    private func put(_ session: PostgresSession) {
        guard session.isOpen else { return }
        idle.withLock { if $0.count < Self.idleSessions { $0.append(session) } }
    }

}
#endif
