/// What the social page's messages refuse, with the sentence beside each case: the page shows
/// it, the API answers `{"error": …}` with it, `ledger user messages` prints it.
public enum MessageError: UserFacingError, Equatable {
    case empty
    case tooLong(characters: Int)
    /// A control or invisible format character (a bidi override would show the text reversed).
    case invisibleCharacter(UInt32)
    /// Past ``MessageRules/perMinute`` in a minute: wait this many seconds.
    case tooMany(waitSeconds: Int)
    case noSuchMessage(String)
    /// Only the author or an admin deletes a message.
    case notYours(Int64)
    case notAKeepCount(String)

    public var category: ErrorCategory {
        switch self {
        case .empty, .tooLong, .invisibleCharacter, .notAKeepCount: .usage
        case .tooMany, .noSuchMessage, .notYours: .data
        }
    }

    public var description: String {
        switch self {
        case .empty:
            "the message is empty; write some text"
        case .tooLong(let characters):
            "the message is \(characters) characters long; write at most \(MessageRules.maxCharacters)"
        case .invisibleCharacter(let value):
            "the message holds the invisible character U+\(Self.hex(value)); remove it (only newlines and tabs are kept)"
        case .tooMany(let seconds):
            "you posted \(MessageRules.perMinute) messages within a minute; wait \(seconds) s and post again"
        case .noSuchMessage(let id):
            "no message '\(id)'; it was deleted or pushed out by newer ones"
        case .notYours(let id):
            "message \(id) is someone else's; only its author or an admin can delete it"
        case .notAKeepCount(let text):
            "--keep-messages '\(text)' is not a count; use a whole number from 1 to 10000 (default \(MessageRules.defaultKept))"
        }
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
