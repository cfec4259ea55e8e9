import LedgerCore
import LedgerStore

/// The server's accounts in PostgreSQL (``AccountStore``, tables of migration `0005-accounts`),
/// shared by every server on the database: a session made on one is valid on another, a
/// disabled user is disabled everywhere at their next request, and the rate limits count
/// every server's attempts. Each call runs on a session of the pool, so a connection that
/// closed is replaced by the next call.
public final class PostgresAccountStore: AccountStore, @unchecked Sendable {
    let pool: PostgresPool

    init(pool: PostgresPool) {
        self.pool = pool
    }

    /// Rows of `query` on a session of the pool.
    func rows(_ query: PostgresQuery) throws -> [PostgresRow] {
        try pool.withSession { try $0.run(query) }
    }

    /// How many rows `query` (ending `RETURNING 1`) touched.
    func count(_ query: PostgresQuery) throws -> Int {
        try rows(query).count
    }

    /// `body` in one transaction on one session.
    func transaction<T>(_ body: (PostgresSession) throws -> T) throws -> T {
        try pool.withSession { session in try session.transaction { try body(session) } }
    }

    static func time(_ seconds: Int64) -> Timestamp { Timestamp(secondsSinceEpoch: seconds) }
}

// Users.
extension PostgresAccountStore {
    public func addUser(_ user: StoredUser) throws -> Bool {
        let (name, hash, admin, disabled) = (
            user.name, user.passwordHash, user.isAdmin, user.isDisabled
        )
        let created = user.created.secondsSinceEpoch
        return try count(
            """
            INSERT INTO accounts (name, password_hash, admin, disabled, created_at)
            VALUES (\(name), \(hash), \(admin), \(disabled), \(created)) ON CONFLICT (name) DO NOTHING RETURNING 1
            """) == 1
    }

    public func user(named name: String) throws -> StoredUser? {
        try rows(
            "SELECT name, password_hash, admin, disabled, created_at, 0::BIGINT, trade_posts FROM accounts WHERE name = \(name)"
        ).first.map(Self.user)
    }

    public func users() throws -> [StoredUser] {
        try rows(
            """
            SELECT name, password_hash, admin, disabled, created_at,
                (SELECT count(*) FROM account_tokens t WHERE t.user_name = accounts.name), trade_posts
            FROM accounts ORDER BY name
            """
        ).map(Self.user)
    }

    private static func user(_ row: PostgresRow) throws -> StoredUser {
        let (name, hash, admin, disabled, created, tokens, tradePosts) = try row.decode(
            (String, String, Bool, Bool, Int64, Int64, Bool).self)
        return StoredUser(
            name: name, passwordHash: hash, isAdmin: admin, isDisabled: disabled, created: time(created),
            tokenCount: Int(tokens), tradePosts: tradePosts)
    }

    public func setPasswordHash(_ hash: String, forUser name: String) throws -> Bool {
        try transaction { session in
            guard
                try session.run(
                    "UPDATE accounts SET password_hash = \(hash) WHERE name = \(name) RETURNING 1"
                )
                .count == 1
            else { return false }
            try session.run("DELETE FROM account_sessions WHERE user_name = \(name)")
            return true
        }
    }

    public func setDisabled(_ disabled: Bool, forUser name: String) throws -> Bool {
        try transaction { session in
            guard
                try session.run(
                    "UPDATE accounts SET disabled = \(disabled) WHERE name = \(name) RETURNING 1"
                )
                .count == 1
            else { return false }
            if disabled {
                try session.run("DELETE FROM account_sessions WHERE user_name = \(name)")
                try session.run("DELETE FROM account_tokens WHERE user_name = \(name)")
            }
            return true
        }
    }

    public func setTradePosts(_ on: Bool, forUser name: String) throws -> Bool {
        try count("UPDATE accounts SET trade_posts = \(on) WHERE name = \(name) RETURNING 1") == 1
    }
}

// Tokens and sessions.
extension PostgresAccountStore {
    public func addToken(_ token: StoredToken, hash: String) throws {
        let (user, label, created) = (token.userName, token.label, token.created.secondsSinceEpoch)
        _ = try rows(
            """
            INSERT INTO account_tokens (user_name, token_hash, label, created_at)
            VALUES (\(user), \(hash), \(label), \(created))
            """)
    }

    public func token(hash: String) throws -> StoredToken? {
        try rows(
            "SELECT user_name, label, created_at, last_used_at FROM account_tokens WHERE token_hash = \(hash)"
        )
        .first.map { row in
            let (user, label, created, used) = try row.decode((String, String, Int64, Int64?).self)
            return StoredToken(
                userName: user, label: label, created: Self.time(created), lastUsed: used.map(Self.time))
        }
    }

    public func tokens(ofUser name: String) throws -> [String: StoredToken] {
        var tokens: [String: StoredToken] = [:]
        for row in try rows(
            "SELECT token_hash, label, created_at, last_used_at FROM account_tokens WHERE user_name = \(name)")
        {
            let (hash, label, created, used) = try row.decode((String, String, Int64, Int64?).self)
            tokens[hash] = StoredToken(
                userName: name, label: label, created: Self.time(created), lastUsed: used.map(Self.time))
        }
        return tokens
    }

    public func markTokenUsed(hash: String, at time: Timestamp) throws {
        let seconds = time.secondsSinceEpoch
        _ = try rows("UPDATE account_tokens SET last_used_at = \(seconds) WHERE token_hash = \(hash)")
    }

    public func revokeTokens(ofUser name: String) throws -> Int {
        try count("DELETE FROM account_tokens WHERE user_name = \(name) RETURNING 1")
    }

    public func addSession(_ session: StoredSession, hash: String) throws {
        let (user, csrf) = (session.userName, session.csrfToken)
        let (created, seen, expires) = (
            session.created.secondsSinceEpoch, session.lastSeen.secondsSinceEpoch,
            session.expires.secondsSinceEpoch
        )
        _ = try rows(
            """
            INSERT INTO account_sessions (session_hash, user_name, csrf_token, created_at, last_seen_at, expires_at)
            VALUES (\(hash), \(user), \(csrf), \(created), \(seen), \(expires))
            """)
    }

    public func session(hash: String) throws -> StoredSession? {
        try rows(
            """
            SELECT user_name, csrf_token, created_at, last_seen_at, expires_at FROM account_sessions
            WHERE session_hash = \(hash)
            """
        ).first.map { row in
            let (user, csrf, created, seen, expires) = try row.decode(
                (String, String, Int64, Int64, Int64).self)
            return StoredSession(
                userName: user, csrfToken: csrf, created: Self.time(created), lastSeen: Self.time(seen),
                expires: Self.time(expires))
        }
    }

    public func markSessionSeen(hash: String, at time: Timestamp) throws {
        let seconds = time.secondsSinceEpoch
        _ = try rows(
            "UPDATE account_sessions SET last_seen_at = \(seconds) WHERE session_hash = \(hash)")
    }

    public func endSession(hash: String) throws {
        _ = try rows("DELETE FROM account_sessions WHERE session_hash = \(hash)")
    }

    public func removeSessions(endedAt now: Timestamp, idleBefore: Timestamp) throws {
        let (end, idle) = (now.secondsSinceEpoch, idleBefore.secondsSinceEpoch)
        _ = try rows(
            "DELETE FROM account_sessions WHERE expires_at <= \(end) OR last_seen_at < \(idle)")
    }
}
