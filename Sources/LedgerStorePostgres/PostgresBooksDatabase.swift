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
    /// The session holding the advisory locks of the jobs this server leads (``leads(_:)``).
    private let leader = Mutex<(session: PostgresSession?, jobs: Set<String>)>((nil, []))
    /// The market data's own sessions (``marketData()``), made on first use.
    private let marketPool = Mutex<PostgresPool?>(nil)
    /// The settings a user's books are made with when this server makes them (a server's new
    /// user takes the currency a new ledger file would: LedgerApp's rule); none for a copy
    /// (`ledger serve migrate` copies the file's own).
    public let newBooks: [String: String]

    /// Connects, migrates the database (once across servers: an advisory lock) and keeps the
    /// connection for the first request.
    public init(
        _ place: PostgresLocation, limits: PostgresLimits = PostgresLimits(),
        connections: Int = BooksDatabaseConnections.standard, newBooks: [String: String] = [:]
    ) throws {
        self.newBooks = newBooks
        pool = try PostgresPool(place, limits: limits, maxOpen: connections)
        try pool.withSession { try PostgresSchema.migrate($0, location: place.description) }
    }

    public var place: PostgresLocation { pool.place }
    public var location: String { place.description }

    /// The users, tokens, sessions, attempts and messages of every server on this database.
    public func accounts() -> any AccountStore { PostgresAccountStore(pool: pool) }

    /// Whether this server runs `job` for every server on the database: a session-level
    /// advisory lock (`pg_try_advisory_lock`) taken on a session of its own, apart from the
    /// pool, and kept while that session lives. PostgreSQL lets it go when the session ends
    /// (the server stopped or died, or its connection broke), and the next server to ask takes
    /// it. While held, each ask checks the session still answers; one that does not is
    /// replaced and the lock asked for again.
    public func leads(_ job: String) throws -> Bool {
        try leader.withLock { leader in
            if let session = leader.session, leader.jobs.contains(job) {
                if (try? session.execute("SELECT 1")) != nil { return true }
                session.close()
                leader = (nil, [])
            }
            let session =
                try leader.session.flatMap { $0.isOpen ? $0 : nil }
                ?? PostgresSession.connect(place, limits: pool.limits)
            leader.session = session
            var binds = PostgresBindings()
            binds.append("ledger." + job)
            let taken = try session.rows("SELECT pg_try_advisory_lock(hashtextextended($1, 0))", binds)
            guard try taken.first?.decode(Bool.self) == true else { return false }
            leader.jobs.insert(job)
            return true
        }
    }

    /// The market cache and headlines every server on the database shares. Their calls take
    /// sessions of a pool of their own (at most 8 at once, 2 kept idle), one statement or
    /// transaction at a time: a request holding its user's books never waits for a session
    /// of the books' pool to read the market, so the two cannot starve each other.
    public func marketData() throws -> any MarketStores {
        PostgresMarketData(pool: try sharedPool())
    }

    /// The values every server on the database shares (the fetcher's last run, the live
    /// quotes), on the market data's sessions (made at the first read or write).
    public func sharedValues() -> any SharedValueStore {
        PostgresSharedValues(pool: { try self.sharedPool() })
    }

    private func sharedPool() throws -> PostgresPool {
        try marketPool.withLock { kept in
            if let kept { return kept }
            let made = try PostgresPool(place, limits: pool.limits, idleKept: 2, maxOpen: 8)
            kept = made
            return made
        }
    }

    public func withBooks<T>(of user: String, _ body: (any BookStores) throws -> T) throws -> T {
        try pool.withSession { session in try body(try books(of: user, on: session)) }
    }

    public func withNotifications<T>(of user: String, _ body: (any NotificationStore) throws -> T) throws -> T {
        try pool.withSession { session in try body(try books(of: user, on: session).notifications) }
    }

    /// The user's books on `session`: by the id kept from an earlier request, else attached
    /// (the user's row and empty chain made on first use).
    private func books(of user: String, on session: PostgresSession) throws -> PostgresLedger {
        if let id = userIDs.withLock({ $0[user] }) {
            try PostgresLedger.claim(session, userID: id)
            return PostgresLedger(session: session, user: user, userID: id)
        }
        let books = try PostgresLedger.attach(session, user: user, settings: newBooks)
        userIDs.withLock { $0[user] = books.userID }
        return books
    }
}
