import HummingbirdBcrypt

/// How passwords are checked and stored: at least 8 characters and at most 72 bytes (bcrypt
/// reads no further), hashed with bcrypt at cost 12 (about a quarter of a second on this
/// project's build machine). `LGR_BCRYPT_COST` lowers the cost for tests; read here only.
public struct Passwords: Sendable {
    public static let minimumLength = 8
    public static let maximumBytes = 72
    public static let defaultCost: UInt8 = 12

    public let cost: UInt8

    public init(cost: UInt8 = Passwords.defaultCost) {
        self.cost = cost
    }

    /// The cost `LGR_BCRYPT_COST` names (4 to 31), else 12.
    public init(variables: [String: String]) throws(AccountError) {
        guard let text = variables[environmentPrefix + "BCRYPT_COST"], !text.isEmpty else {
            self.init()
            return
        }
        guard let cost = UInt8(text), (4...31).contains(cost) else { throw .notABcryptCost(text) }
        self.init(cost: cost)
    }

    /// Refuses a password too short or too long, with the sentence that says so.
    public static func check(_ password: String) throws(AccountError) {
        guard password.count >= minimumLength else { throw .passwordTooShort(minimum: minimumLength) }
        guard password.utf8.count <= maximumBytes else { throw .passwordTooLong(maximum: maximumBytes) }
    }

    /// The bcrypt hash (slow: run it off the server's event loop).
    public func hash(_ password: String) -> String {
        Bcrypt.hash(password, cost: cost)
    }

    /// True when `password` matches `hash` (slow, like ``hash(_:)``).
    public static func verify(_ password: String, hash: String) -> Bool {
        guard password.utf8.count <= maximumBytes else { return false }
        return Bcrypt.verify(password, hash: hash)
    }
}
