import LedgerCore

// The messages of the social page (the `messages` table) and the trade-post opt-in.
extension SQLiteAccountStore {
    public func setTradePosts(_ on: Bool, forUser name: String) throws -> Bool {
        try run("UPDATE users SET trade_posts = ? WHERE name = ?", [.integer(on ? 1 : 0), .text(name)]) == 1
    }

    public func addMessage(_ message: StoredMessage, keep: Int) throws -> Int64 {
        try guarded {
            try database.immediateTransaction {
                let id =
                    try rows(
                        "INSERT INTO messages (user_name, kind, body, event_id, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id",
                        [
                            .text(message.userName), .text(message.kind.rawValue), .text(message.body),
                            .optionalText(message.eventID), .integer(message.created.secondsSinceEpoch),
                        ]
                    ) { $0.int(0) }.first ?? 0
                _ = try run(
                    "DELETE FROM messages WHERE id NOT IN (SELECT id FROM messages ORDER BY id DESC LIMIT ?)",
                    [.integer(Int64(max(keep, 1)))])
                return id
            }
        }
    }

    public func messages(limit: Int, offset: Int, includingHidden: Bool) throws -> [StoredMessage] {
        let sql = """
            SELECT m.id, m.user_name, m.kind, m.body, m.event_id, m.created_at, u.disabled
            FROM messages m JOIN users u ON u.name = m.user_name
            WHERE ? OR u.disabled = 0 ORDER BY m.id DESC LIMIT ? OFFSET ?
            """
        return try rows(
            sql, [.integer(includingHidden ? 1 : 0), .integer(Int64(limit)), .integer(Int64(offset))], Self.message)
    }

    public func messageCount(includingHidden: Bool) throws -> Int {
        let sql = """
            SELECT count(*) FROM messages m JOIN users u ON u.name = m.user_name WHERE ? OR u.disabled = 0
            """
        return try rows(sql, [.integer(includingHidden ? 1 : 0)]) { Int($0.int(0)) }.first ?? 0
    }

    public func message(id: Int64) throws -> StoredMessage? {
        let sql = """
            SELECT m.id, m.user_name, m.kind, m.body, m.event_id, m.created_at, u.disabled
            FROM messages m JOIN users u ON u.name = m.user_name WHERE m.id = ?
            """
        return try rows(sql, [.integer(id)], Self.message).first
    }

    public func deleteMessage(id: Int64) throws -> Bool {
        try run("DELETE FROM messages WHERE id = ?", [.integer(id)]) == 1
    }

    public func deleteTradePost(ofUser name: String, eventID: String) throws -> Int {
        try run("DELETE FROM messages WHERE user_name = ? AND event_id = ?", [.text(name), .text(eventID)])
    }

    private static func message(_ row: SQLiteStatement) -> StoredMessage {
        StoredMessage(
            id: row.int(0), userName: row.text(1) ?? "", kind: StoredMessage.Kind(rawValue: row.text(2) ?? "") ?? .text,
            body: row.text(3) ?? "", eventID: row.isNull(4) ? nil : row.text(4), created: time(row, 5),
            isHidden: row.int(6) == 1)
    }
}
