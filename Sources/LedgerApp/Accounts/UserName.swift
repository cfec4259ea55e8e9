/// A user's name: 1 to 32 of `a-z 0-9 _ -`, starting with a letter or digit
/// (`[a-z0-9][a-z0-9_-]{0,31}`). Names become directory names (`DATA/users/NAME`), so
/// nothing else gets through: no `..`, no `/`, no capitals that would alias on other systems.
public struct UserName: Sendable, Hashable, CustomStringConvertible {
    public let text: String

    public init(_ text: String) throws(AccountError) {
        guard Self.isValid(text) else { throw .invalidName(text) }
        self.text = text
    }

    public var description: String { text }

    public static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard (1...32).contains(bytes.count) else { return false }
        for (index, byte) in bytes.enumerated() {
            let letterOrDigit =
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            let mark = byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            guard letterOrDigit || (index > 0 && mark) else { return false }
        }
        return true
    }
}
