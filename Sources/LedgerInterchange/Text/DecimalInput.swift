import LedgerCore

/// Reading a number a person typed (on the command line or in a file), with a message that
/// says what is wrong and how to write it instead.
public enum DecimalInput {
    /// The exact value of `text`, or the one-line reason it is not a number:
    /// "price 'abc' is not a number: it has an unexpected 'a' at position 1; write it with
    /// digits and a dot, e.g. 0.5 or 30000".
    public static func parse(_ text: String, what: String) -> Result<ExactDecimal, InputError> {
        switch ExactDecimal.parse(text) {
        case .success(let value): return .success(value)
        case .failure(let error): return .failure(InputError(message(for: error, text: text, what: what)))
        }
    }

    /// The message for a failed parse of `text`, in the style of `ledger add`.
    public static func message(for error: DecimalParseError, text: String, what: String) -> String {
        var hint = "write it with digits and a dot, e.g. 0.5 or 30000"
        if text.contains(",") { hint = "use a dot for decimals and no thousands separators, e.g. 1.5 or 30000" }
        if error == .tooManyFractionalDigits { hint = "the ledger keeps 18 decimal places" }
        if error == .exponentNotAllowed { hint = "e.g. 100000 rather than 1e5" }
        return "\(what) '\(text)' is not a number: it \(error.reason); \(hint)"
    }
}

/// Why one value typed or imported was refused: the sentence shown to the user.
public struct InputError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
