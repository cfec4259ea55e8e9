import LedgerStore

/// What the servers of one deployment share beyond books and market data
/// (``SharedValueStore``): this process's memory on ledger files, the database's table with
/// `--database`.
public typealias SharedValues = any SharedValueStore

/// One named text every server on a database shares, read and replaced whole (the scheduled
/// fetcher's last run, which the elected server writes and every server's `/status` shows).
public struct SharedText: Sendable {
    let store: SharedValues
    public let key: String

    /// `key` among the values every server on `database` shares.
    public init(_ key: String, in database: SharedBooks) {
        store = database.sharedValues()
        self.key = key
    }

    /// The text, nil when none was written yet.
    public func read() throws -> String? {
        try store.values([key])[key]
    }

    /// Replaces the text.
    public func write(_ text: String) throws {
        try store.setValues([key: text])
    }
}

extension LivePrices {
    /// The live pages' latest quotes on `clockMilliseconds`: in this process's memory, or with
    /// the books in a database in the database, for every server on it.
    public convenience init(clockMilliseconds: @escaping @Sendable () -> UInt64, sharedBy database: SharedBooks?) {
        self.init(clockMilliseconds: clockMilliseconds, table: database?.sharedValues() ?? MemorySharedValues())
    }
}
