import LedgerCore

/// The JSON of the accounts: `ledger.users/1` (`ledger user list -O json`) and `ledger.me/1`
/// (`GET /api/v1/me`: who the token belongs to). No secret or hash is ever in either.
public enum AccountJSON {
    /// One user as `ledger user list` shows them.
    public struct UserRow: Sendable {
        public var name: String
        public var isAdmin: Bool
        public var isDisabled: Bool
        public var created: Timestamp
        public var tokens: Int

        public init(name: String, isAdmin: Bool, isDisabled: Bool, created: Timestamp, tokens: Int) {
            self.name = name
            self.isAdmin = isAdmin
            self.isDisabled = isDisabled
            self.created = created
            self.tokens = tokens
        }
    }

    public static func users(_ rows: [UserRow]) -> String {
        JSONWriter.document(schema: "ledger.users/1") { writer in
            writer.objects("users", rows) { writer, row in
                writer.field("name", row.name)
                writer.field("admin", row.isAdmin)
                writer.field("disabled", row.isDisabled)
                writer.field("created", row.created.description)
                writer.field("tokens", Int64(row.tokens))
            }
        }
    }

    public static func me(name: String, isAdmin: Bool) -> String {
        JSONWriter.document(schema: "ledger.me/1") { writer in
            writer.field("user", name)
            writer.field("admin", isAdmin)
        }
    }
}
