import LedgerStore

/// One user's books in a PostgreSQL database: what a ledger file is for SQLite. It hands out
/// the same stores, behind the same protocols (`ledger.events`, `ledger.prices`,
/// `ledger.settings`), each reading and writing only this user's rows through the session,
/// so a transaction one opens covers what the others do inside it.
public final class PostgresLedger: BookStores, @unchecked Sendable {
    public let session: PostgresSession
    /// The account name the rows are kept under.
    public let user: String
    /// The `ledger_users` row of ``user``: every per-user table's key.
    public let userID: Int64

    init(session: PostgresSession, user: String, userID: Int64) {
        self.session = session
        self.user = user
        self.userID = userID
    }

    /// Opens `user`'s books, creating them (an empty chain) on first use; migrates the
    /// database first.
    public static func open(_ session: PostgresSession, user: String, location: String = "postgres") throws
        -> PostgresLedger
    {
        try PostgresSchema.migrate(session, location: location)
        return try attach(session, user: user)
    }

    /// `user`'s books in a database already migrated, created on first use with `settings`
    /// (in the transaction that makes them: books made by another server keep theirs).
    static func attach(_ session: PostgresSession, user: String, settings: [String: String] = [:]) throws
        -> PostgresLedger
    {
        let userID = try session.transaction {
            var binds = PostgresBindings()
            binds.append(user)
            let made = try session.rows(
                "INSERT INTO ledger_users (name) VALUES ($1) ON CONFLICT (name) DO NOTHING RETURNING id", binds)
            let id = try (made.first ?? session.rows("SELECT id FROM ledger_users WHERE name = $1", binds)[0])
                .decode(Int64.self)
            try claim(session, userID: id)
            var head = PostgresBindings()
            head.append(id)
            head.append(HashChain.genesis)
            try session.rows(
                "INSERT INTO chain_heads (user_id, sequence, hash) VALUES ($1, 0, $2) ON CONFLICT (user_id) DO NOTHING",
                head)
            if !made.isEmpty, !settings.isEmpty {
                var values = PostgresBindings()
                values.append(id)
                values.append(settings.keys.sorted())
                values.append(settings.keys.sorted().map { settings[$0]! })
                try session.rows(
                    "INSERT INTO settings (user_id, key, value) SELECT $1, * FROM unnest($2::text[], $3::text[])",
                    values)
            }
            return id
        }
        return PostgresLedger(session: session, user: user, userID: userID)
    }

    /// Names `userID` as the session's user (the setting `ledger.user`, kept until the next
    /// claim), which the row-level security policies read (``PostgresSchema/rowLevelSecurity``):
    /// a role that does not own the tables sees and writes only that user's rows. Every
    /// request's books are claimed before their first statement; a session the same user's
    /// last request claimed still names them, and sends nothing.
    static func claim(_ session: PostgresSession, userID: Int64) throws {
        guard session.claimedUser != userID else { return }
        var binds = PostgresBindings()
        binds.append(String(userID))
        try session.rows("SELECT set_config('ledger.user', $1, false)", binds)
        session.claimedUser = userID
    }

    /// What a request asks first, read in one statement: the chain head, the price table's
    /// change counter and the settings (a kept portfolio's key and its currency: one round
    /// trip instead of three). Served again while the session has sent no other statement
    /// since, so never across a write, a transaction's start or another read.
    struct Glance {
        let statement: Int
        let head: ChainHead
        let pricesVersion: Int64
        let settings: [String: String]
    }

    private var kept: Glance?

    func glance() throws -> Glance {
        if let kept, kept.statement == session.statementsSent { return kept }
        let rows = try session.rows(
            """
            SELECT h.sequence, h.hash, COALESCE((SELECT value FROM price_versions WHERE user_id = $1), 0),
                (SELECT array_agg(key ORDER BY key) FROM settings WHERE user_id = $1),
                (SELECT array_agg(value ORDER BY key) FROM settings WHERE user_id = $1)
            FROM chain_heads h WHERE h.user_id = $1
            """, binds())
        guard let row = rows.first else { throw StoreError.database("no chain head for user '\(user)'") }
        let (count, hash, version, keys, values) = try row.decode((Int64, String, Int64, [String]?, [String]?).self)
        let glance = Glance(
            statement: session.statementsSent, head: ChainHead(count: count, hash: hash), pricesVersion: version,
            settings: Dictionary(zip(keys ?? [], values ?? []), uniquingKeysWith: { first, _ in first }))
        kept = glance
        return glance
    }

    public var events: PostgresEvents { PostgresEvents(ledger: self) }
    public var prices: PostgresPrices { PostgresPrices(ledger: self) }
    public var settings: PostgresSettings { PostgresSettings(ledger: self) }
    public var alerts: PostgresAlerts { PostgresAlerts(ledger: self) }
    public var snapshots: PostgresSnapshots { PostgresSnapshots(ledger: self) }
    public var imports: PostgresImportReceipts { PostgresImportReceipts(ledger: self) }
    /// The user's notifications (not one of the books' stores: the server's list of what fired).
    public var notifications: PostgresNotifications { PostgresNotifications(ledger: self) }

    /// Binds with the user's id as `$1`.
    func binds() -> PostgresBindings {
        var binds = PostgresBindings()
        binds.append(userID)
        return binds
    }
}

/// Ledger-level settings (`currency`, the watchlist) of one user: the `settings` table.
public struct PostgresSettings: SettingsStore {
    let ledger: PostgresLedger

    public func setting(_ key: String) throws -> String? {
        try ledger.glance().settings[key]
    }

    public func allSettings() throws -> [String: String] {
        try ledger.glance().settings
    }

    public func setSetting(_ key: String, _ value: String) throws {
        var binds = ledger.binds()
        binds.append(key)
        binds.append(value)
        try ledger.session.rows(
            """
            INSERT INTO settings (user_id, key, value) VALUES ($1, $2, $3)
            ON CONFLICT (user_id, key) DO UPDATE SET value = excluded.value
            """, binds)
    }
}
