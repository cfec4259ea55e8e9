#if PostgreSQL
import LedgerStore
import Synchronization

/// The books of every user of a server in one PostgreSQL database (``BooksDatabase``): the
/// schema migrated once when it opens, then each request's user's books on a session of the
/// pool (``PostgresPool``: 8 kept idle). A session serves one request at a time, so how many
/// connections are open at once is bounded by the server's blocking threads. The server's
/// accounts are in the same database (``accounts``).
public final class PostgresBooksDatabase: BooksDatabase {
    public let pool: PostgresPool
    /// Each user's `ledger_users` id once known: a request for a known user sends one
    /// statement before its own (naming the user for row-level security).
    private let userIDs = Mutex<[String: Int64]>([:])

    /// Connects, migrates the database (once across servers: an advisory lock) and keeps the
    /// connection for the first request.
    public init(_ place: PostgresLocation, limits: PostgresLimits = PostgresLimits()) throws {
        pool = try PostgresPool(place, limits: limits)
        try pool.withSession { try PostgresSchema.migrate($0, location: place.description) }
    }

    public var place: PostgresLocation { pool.place }
    public var location: String { place.description }

    /// The users, tokens, sessions, attempts and messages of every server on this database.
    public func accounts() -> any AccountStore { PostgresAccountStore(pool: pool) }

    public func withBooks<T>(of user: String, _ body: (any BookStores) throws -> T) throws -> T {
        try pool.withSession { session in try body(try books(of: user, on: session)) }
    }

    /// The user's books on `session`: by the id kept from an earlier request, else attached
    /// (the user's row and empty chain made on first use).
    private func books(of user: String, on session: PostgresSession) throws -> PostgresLedger {
        if let id = userIDs.withLock({ $0[user] }) {
            try PostgresLedger.claim(session, userID: id)
            return PostgresLedger(session: session, user: user, userID: id)
        }
        let books = try PostgresLedger.attach(session, user: user)
        userIDs.withLock { $0[user] = books.userID }
        return books
    }
}
#endif
