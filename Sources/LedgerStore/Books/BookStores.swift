import LedgerCore

/// The stores of one user's books that the reports and the recording of an event use: the
/// event log, the price table, the settings, the snapshots, the price alerts and the receipts
/// of the files imported. A ledger file is one
/// (``Ledger``), and so is a user's rows in a PostgreSQL database (LedgerStorePostgres's
/// `PostgresLedger`): LedgerApp's replay, portfolio and `add` are written against this, so
/// the server runs them on either (issue 38).
///
/// Not thread-safe: one caller at a time, as a SQLite connection or a PostgreSQL session.
public protocol BookStores: AnyObject {
    // `Book…`: plain names (`Events`) would hide LedgerTestSupport's `Events` in extensions.
    associatedtype BookEvents: EventLogStore
    associatedtype BookPrices: VersionedPriceStore
    associatedtype BookSettings: SettingsStore
    associatedtype BookSnapshots: SnapshotStore
    associatedtype BookAlerts: AlertStore
    associatedtype BookImports: ImportReceiptStore

    var events: BookEvents { get }
    var prices: BookPrices { get }
    var settings: BookSettings { get }
    var snapshots: BookSnapshots { get }
    var alerts: BookAlerts { get }
    var imports: BookImports { get }

    /// Runs `body`, whose reads see one state of the books, in one read transaction where the
    /// store has them (a ledger file: one lock taken instead of one per statement; a report's
    /// price probes were most of its 444 `fcntl` calls). `body` must not write: a snapshot is
    /// saved after it ends (a write begun inside a read transaction fails when another
    /// process wrote meanwhile).
    func reading<T>(_ body: () throws -> T) throws -> T
}

extension BookStores {
    /// Stores without read transactions of their own run `body` as it is.
    public func reading<T>(_ body: () throws -> T) throws -> T { try body() }
}

/// A price table with a change counter: a snapshot (or a kept answer) that read prices is
/// stale once it moves.
public protocol VersionedPriceStore: PriceStore {
    /// The price table's change counter, moved by every write.
    func version() throws -> Int64
    /// The latest observed-at of any price (nil for an empty table).
    func lastObservedAt() throws -> Timestamp?
}

/// Where a server keeps its users' books when they are not ledger files: each user's stores,
/// made on first use, handed to one request at a time (LedgerStorePostgres's
/// `PostgresBooksDatabase`). The server holds one.
public protocol BooksDatabase: Sendable {
    /// Where the books are, as an error message names it (never a password).
    var location: String { get }
    /// Runs `body` with `user`'s books, created (empty) when the user has none yet.
    func withBooks<T>(of user: String, _ body: (any BookStores) throws -> T) throws -> T
    /// The server's accounts in the same database, shared by every server on it.
    func accounts() -> any AccountStore
    /// The market cache and headlines in the same database, shared by every user of every
    /// server on it (market data, not anyone's books).
    func marketData() throws -> any MarketStores
    /// Whether this process is the one of all on the database that runs `job` (the scheduled
    /// fetcher): it becomes it when no other process is, and stays it until it ends, when the
    /// next process to ask takes over.
    func leads(_ job: String) throws -> Bool
    /// Runs `body` with `user`'s notifications (the alerts the fetcher fired for them), kept in
    /// the database so that every server on it lists the same.
    func withNotifications<T>(of user: String, _ body: (any NotificationStore) throws -> T) throws -> T
    /// The values every server on the database shares (``SharedValueStore``): the fetcher's
    /// last run and the live pages' latest quotes, so every server shows the same.
    func sharedValues() -> any SharedValueStore
}

/// How many connections a server opens to its database for the users' books.
public enum BooksDatabaseConnections {
    /// When not told otherwise (`--database-connections`).
    public static let standard = 32
    /// The most that may be asked for.
    public static let range = 1...1000
}

/// One user's notifications (alerts that fired) kept in a database, as the server's
/// notification log keeps them in a file beside ledger files: each one a line of the log's
/// JSON, oldest first, and how many of them the user has seen.
public protocol NotificationStore {
    /// Adds `lines` after those kept, in one transaction.
    func append(_ lines: [String]) throws
    /// Every line kept, oldest first.
    func lines() throws -> [String]
    /// How many lines are kept and how many of them the user has seen, in one read.
    func counts() throws -> (total: Int, seen: Int)
    /// Sets how many of the lines the user has seen.
    func setSeen(_ count: Int) throws
}

extension Ledger: BookStores {
    public func reading<T>(_ body: () throws -> T) throws -> T {
        try guarded { try database.readTransaction(body) }
    }
}
extension LedgerPrices: VersionedPriceStore {}
