import LedgerCore

/// The JSON of the social page's stream: `ledger.messages/1` (`GET /api/v1/messages`,
/// `ledger user messages -O json`) and `ledger.message/1` (one just posted). A trade post
/// carries its side and asset, never an amount, an account or the trade's id.
public enum MessageJSON {
    public struct Row: Sendable {
        public var id: Int64
        public var user: String
        /// `text`, `bought` or `sold`.
        public var kind: String
        /// What a user wrote, or the asset of a trade post.
        public var body: String
        public var created: Timestamp
        /// A disabled user's message (listed only for an admin's shell).
        public var hidden: Bool

        public init(id: Int64, user: String, kind: String, body: String, created: Timestamp, hidden: Bool) {
            self.id = id
            self.user = user
            self.kind = kind
            self.body = body
            self.created = created
            self.hidden = hidden
        }

        /// The line a page shows: the text, or "alice bought BTC".
        public var text: String { kind == "text" ? body : "\(user) \(kind) \(body)" }
    }

    /// One page of the stream, newest first; `kept` is how many the server keeps.
    public static func messages(_ rows: [Row], page: Int, older: Bool, kept: Int) -> String {
        JSONWriter.document(schema: "ledger.messages/1") { json in
            json.field("kept", Int64(kept))
            json.field("page", Int64(page))
            json.field("older", older)
            json.objects("messages", rows) { json, row in fields(&json, row) }
        }
    }

    public static func message(_ row: Row) -> String {
        JSONWriter.document(schema: "ledger.message/1") { json in
            json.key("message")
            json.beginObject()
            fields(&json, row)
            json.endObject()
        }
    }

    private static func fields(_ json: inout JSONWriter, _ row: Row) {
        json.field("id", row.id)
        json.field("user", row.user)
        json.field("kind", row.kind == "text" ? "text" : "trade")
        if row.kind != "text" {
            json.field("side", row.kind == "bought" ? "buy" : "sell")
            json.field("asset", row.body)
        }
        json.field("text", row.text)
        json.field("at", row.created.description)
        json.field("hidden", row.hidden)
    }
}
