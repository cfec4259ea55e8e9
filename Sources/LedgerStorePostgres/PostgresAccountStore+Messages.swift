import LedgerCore
import LedgerStore

// Attempts against a rate limit (`account_attempts`): counted under a table lock that only
// counting takes, so parallel sign-ins on any server take turns, as under SQLite's write lock.
extension PostgresAccountStore {
    public func countAttempt(_ keys: [AttemptKey], now: Int64, windowMilliseconds: Int64) throws
        -> AttemptCount
    {
        try transaction { session in
            try session.run("LOCK TABLE account_attempts IN SHARE ROW EXCLUSIVE MODE")
            let since = now - windowMilliseconds
            let sweep = now - max(windowMilliseconds, AttemptKey.keptMilliseconds)
            try session.run("DELETE FROM account_attempts WHERE at_ms <= \(sweep)")
            // The key is full when its limit-th newest attempt is still in the window.
            var until: Int64?
            for key in keys {
                let (hash, skip) = (key.hash, Int64(max(key.limit, 1) - 1))
                let oldest = try session.run(
                    """
                    SELECT at_ms FROM account_attempts WHERE key_hash = \(hash) AND at_ms > \(since)
                    ORDER BY at_ms DESC LIMIT 1 OFFSET \(skip)
                    """)
                if let at = try oldest.first?.decode(Int64.self) {
                    until = max(until ?? 0, at + windowMilliseconds)
                }
            }
            if let until { return .refused(until: until) }
            var ids: [Int64] = []
            for key in keys {
                let hash = key.hash
                let made = try session.run(
                    "INSERT INTO account_attempts (key_hash, at_ms) VALUES (\(hash), \(now)) RETURNING id")
                ids += try made.map { try $0.decode(Int64.self) }
            }
            return .counted(ids: ids)
        }
    }

    public func forgetAttempts(keys: [String], ids: [Int64]) throws {
        // One statement: one transaction.
        _ = try rows("DELETE FROM account_attempts WHERE key_hash = ANY(\(keys)) OR id = ANY(\(ids))")
    }
}

// The messages of the social page (`messages`).
extension PostgresAccountStore {
    private static let messageColumns =
        "m.id, m.user_name, m.kind, m.body, m.event_id, m.created_at, a.disabled"

    public func addMessage(_ message: StoredMessage, keep: Int) throws -> Int64 {
        let (user, kind, body, event) = (
            message.userName, message.kind.rawValue, message.body, message.eventID
        )
        let (created, kept) = (message.created.secondsSinceEpoch, Int64(max(keep, 1)))
        return try transaction { session in
            let id = try session.run(
                """
                INSERT INTO messages (user_name, kind, body, event_id, created_at)
                VALUES (\(user), \(kind), \(body), \(event), \(created)) RETURNING id
                """)[0].decode(Int64.self)
            try session.run(
                "DELETE FROM messages WHERE id NOT IN (SELECT id FROM messages ORDER BY id DESC LIMIT \(kept))"
            )
            return id
        }
    }

    public func messages(limit: Int, offset: Int, includingHidden: Bool) throws -> [StoredMessage] {
        let (count, skip) = (Int64(limit), Int64(offset))
        return try rows(
            """
            SELECT \(unescaped: Self.messageColumns) FROM messages m JOIN accounts a ON a.name = m.user_name
            WHERE \(includingHidden) OR NOT a.disabled ORDER BY m.id DESC LIMIT \(count) OFFSET \(skip)
            """
        ).map(Self.message)
    }

    public func messageCount(includingHidden: Bool) throws -> Int {
        let found = try rows(
            """
            SELECT count(*) FROM messages m JOIN accounts a ON a.name = m.user_name
            WHERE \(includingHidden) OR NOT a.disabled
            """)
        return Int(try found.first?.decode(Int64.self) ?? 0)
    }

    public func message(id: Int64) throws -> StoredMessage? {
        try rows(
            """
            SELECT \(unescaped: Self.messageColumns) FROM messages m JOIN accounts a ON a.name = m.user_name
            WHERE m.id = \(id)
            """
        ).first.map(Self.message)
    }

    public func deleteMessage(id: Int64) throws -> Bool {
        try count("DELETE FROM messages WHERE id = \(id) RETURNING 1") == 1
    }

    public func deleteTradePost(ofUser name: String, eventID: String) throws -> Int {
        try count(
            "DELETE FROM messages WHERE user_name = \(name) AND event_id = \(eventID) RETURNING 1")
    }

    private static func message(_ row: PostgresRow) throws -> StoredMessage {
        let (id, user, kind, body, event, created, hidden) = try row.decode(
            (Int64, String, String, String, String?, Int64, Bool).self)
        return StoredMessage(
            id: id, userName: user, kind: StoredMessage.Kind(rawValue: kind) ?? .text, body: body,
            eventID: event,
            created: time(created), isHidden: hidden)
    }
}
