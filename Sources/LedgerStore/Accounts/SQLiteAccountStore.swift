import LedgerCore

/// The accounts database on SQLite: `DATA/accounts.sqlite`, created 0600 in a 0700 directory
/// like a ledger, in WAL mode so the server reads while `ledger user …` writes.
public final class SQLiteAccountStore: AccountStore {
    let database: SQLiteDatabase
    public let path: String

    /// Opens the accounts database at `path`, creating it (and its directories) when missing.
    public init(path: String) throws(StoreError) {
        self.path = path
        let existing: LedgerFile.Existing
        do {
            existing = try LedgerFile.inspect(path)
        } catch {
            if case .notALedger = error { throw .notAnAccountsDatabase(path: path) }
            throw error
        }
        if existing == .missing {
            try LedgerFile.createParentDirectories(of: path)
            try LedgerFile.createPrivateFile(path)
        }
        do {
            database = try SQLiteDatabase(path: path, create: true)
            database.setBusyTimeout(milliseconds: 5_000)
            try Self.checkIdentity(database, path: path)
            try database.execute("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON")
            try LedgerFile.migrate(
                database, path: path, migrations: AccountSchema.migrations, applicationID: AccountSchema.applicationID)
        } catch {
            throw StoreError.opening(path, error)
        }
    }

    private static func checkIdentity(_ database: SQLiteDatabase, path: String) throws {
        guard let id = try? database.scalarInt("PRAGMA application_id") else {
            throw StoreError.notAnAccountsDatabase(path: path)
        }
        if id == AccountSchema.applicationID { return }
        let others = try database.scalarInt(
            "SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'schema_migrations%'")
        guard id == 0, others == 0 else { throw StoreError.notAnAccountsDatabase(path: path) }
    }

    func guarded<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SQLiteError {
            throw error.isBusy ? StoreError.busy(path: path) : StoreError.sqlite(error)
        }
    }

    func rows<T>(_ sql: String, _ arguments: [SQLiteValue], _ map: (SQLiteStatement) -> T) throws -> [T] {
        try guarded {
            let statement = try database.prepare(sql)
            defer { statement.reset() }
            try statement.bind(arguments)
            var result: [T] = []
            while try statement.step() { result.append(map(statement)) }
            return result
        }
    }

    func run(_ sql: String, _ arguments: [SQLiteValue]) throws -> Int {
        try guarded {
            try database.prepare(sql).run(arguments)
            return database.changes
        }
    }

    static func time(_ row: SQLiteStatement, _ column: Int32) -> Timestamp {
        Timestamp(secondsSinceEpoch: row.int(column))
    }
}

// Users.
extension SQLiteAccountStore {
    public func addUser(_ user: StoredUser) throws -> Bool {
        let sql = """
            INSERT OR IGNORE INTO users (name, password_hash, admin, disabled, created_at) VALUES (?, ?, ?, ?, ?)
            """
        return try run(
            sql,
            [
                .text(user.name), .text(user.passwordHash), .integer(user.isAdmin ? 1 : 0),
                .integer(user.isDisabled ? 1 : 0), .integer(user.created.secondsSinceEpoch),
            ]) == 1
    }

    public func user(named name: String) throws -> StoredUser? {
        let sql = "SELECT name, password_hash, admin, disabled, created_at, 0, trade_posts FROM users WHERE name = ?"
        return try rows(sql, [.text(name)], Self.user).first
    }

    public func users() throws -> [StoredUser] {
        let sql = """
            SELECT name, password_hash, admin, disabled, created_at,
                (SELECT count(*) FROM tokens WHERE tokens.user_name = users.name), trade_posts
            FROM users ORDER BY name
            """
        return try rows(sql, [], Self.user)
    }

    private static func user(_ row: SQLiteStatement) -> StoredUser {
        StoredUser(
            name: row.text(0) ?? "", passwordHash: row.text(1) ?? "", isAdmin: row.int(2) == 1,
            isDisabled: row.int(3) == 1, created: time(row, 4), tokenCount: Int(row.int(5)),
            tradePosts: row.int(6) == 1)
    }

    public func setPasswordHash(_ hash: String, forUser name: String) throws -> Bool {
        try guarded {
            try database.immediateTransaction {
                guard try run("UPDATE users SET password_hash = ? WHERE name = ?", [.text(hash), .text(name)]) == 1
                else { return false }
                _ = try run("DELETE FROM sessions WHERE user_name = ?", [.text(name)])
                return true
            }
        }
    }

    public func setDisabled(_ disabled: Bool, forUser name: String) throws -> Bool {
        try guarded {
            try database.immediateTransaction {
                let sql = "UPDATE users SET disabled = ? WHERE name = ?"
                guard try run(sql, [.integer(disabled ? 1 : 0), .text(name)]) == 1 else { return false }
                if disabled {
                    _ = try run("DELETE FROM sessions WHERE user_name = ?", [.text(name)])
                    _ = try run("DELETE FROM tokens WHERE user_name = ?", [.text(name)])
                }
                return true
            }
        }
    }
}

// Tokens and sessions.
extension SQLiteAccountStore {
    public func addToken(_ token: StoredToken, hash: String) throws {
        let sql = "INSERT INTO tokens (user_name, token_hash, label, created_at) VALUES (?, ?, ?, ?)"
        _ = try run(
            sql, [.text(token.userName), .text(hash), .text(token.label), .integer(token.created.secondsSinceEpoch)])
    }

    public func token(hash: String) throws -> StoredToken? {
        let sql = "SELECT user_name, label, created_at, last_used_at FROM tokens WHERE token_hash = ?"
        return try rows(sql, [.text(hash)], Self.token).first
    }

    /// A token from `user_name, label, created_at, last_used_at`.
    private static func token(_ row: SQLiteStatement) -> StoredToken {
        StoredToken(
            userName: row.text(0) ?? "", label: row.text(1) ?? "", created: time(row, 2),
            lastUsed: row.isNull(3) ? nil : time(row, 3))
    }

    public func tokens(ofUser name: String) throws -> [String: StoredToken] {
        let sql = "SELECT user_name, label, created_at, last_used_at, token_hash FROM tokens WHERE user_name = ?"
        let pairs = try rows(sql, [.text(name)]) { row in (row.text(4) ?? "", Self.token(row)) }
        return Dictionary(pairs) { first, _ in first }
    }

    public func markTokenUsed(hash: String, at time: Timestamp) throws {
        _ = try run(
            "UPDATE tokens SET last_used_at = ? WHERE token_hash = ?", [.integer(time.secondsSinceEpoch), .text(hash)])
    }

    public func revokeTokens(ofUser name: String) throws -> Int {
        try run("DELETE FROM tokens WHERE user_name = ?", [.text(name)])
    }

    public func addSession(_ session: StoredSession, hash: String) throws {
        let sql = """
            INSERT INTO sessions (session_hash, user_name, csrf_token, created_at, last_seen_at, expires_at)
            VALUES (?, ?, ?, ?, ?, ?)
            """
        _ = try run(
            sql,
            [
                .text(hash), .text(session.userName), .text(session.csrfToken),
                .integer(session.created.secondsSinceEpoch), .integer(session.lastSeen.secondsSinceEpoch),
                .integer(session.expires.secondsSinceEpoch),
            ])
    }

    public func session(hash: String) throws -> StoredSession? {
        let sql = """
            SELECT user_name, csrf_token, created_at, last_seen_at, expires_at FROM sessions WHERE session_hash = ?
            """
        return try rows(sql, [.text(hash)]) { row in
            StoredSession(
                userName: row.text(0) ?? "", csrfToken: row.text(1) ?? "", created: Self.time(row, 2),
                lastSeen: Self.time(row, 3), expires: Self.time(row, 4))
        }
        .first
    }

    public func markSessionSeen(hash: String, at time: Timestamp) throws {
        _ = try run(
            "UPDATE sessions SET last_seen_at = ? WHERE session_hash = ?",
            [.integer(time.secondsSinceEpoch), .text(hash)])
    }

    public func endSession(hash: String) throws {
        _ = try run("DELETE FROM sessions WHERE session_hash = ?", [.text(hash)])
    }

    public func removeSessions(endedAt now: Timestamp, idleBefore: Timestamp) throws {
        _ = try run(
            "DELETE FROM sessions WHERE expires_at <= ? OR last_seen_at < ?",
            [.integer(now.secondsSinceEpoch), .integer(idleBefore.secondsSinceEpoch)])
    }
}
