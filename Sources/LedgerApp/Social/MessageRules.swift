import LedgerCore
import LedgerInterchange
import LedgerStore

/// The rules of the social page's stream (docs/SERVER.md, "Messages"): how long a message
/// may be, what it may hold, how many a user posts in a minute, how many the server keeps.
public enum MessageRules {
    /// The newest this many are kept (the original app's 25); `ledger serve --keep-messages`.
    public static let defaultKept = 25
    public static let maxKept = 10_000
    public static let maxCharacters = 500
    /// Posts per user per minute (trade posts count too; one past it posts nothing).
    public static let perMinute = 10
    public static let windowMilliseconds: Int64 = 60_000
    /// Messages on one page of the stream.
    public static let pageSize = 25

    /// The text as it is kept: line ends as `\n`, blank lines at both ends trimmed; refused
    /// when empty, longer than ``maxCharacters`` or holding an invisible control character
    /// (markup is kept as text: pages escape it).
    public static func checked(_ text: String) throws(MessageError) -> String {
        let unified = text.replacing("\r\n", with: "\n")
        let trimmed = unified.trimmingWhitespace
        guard !trimmed.isEmpty else { throw .empty }
        guard trimmed.count <= maxCharacters else { throw .tooLong(characters: trimmed.count) }
        if let bad = trimmed.unicodeScalars.first(where: { $0.isInvisibleControl && $0 != "\n" && $0 != "\t" }) {
            throw .invisibleCharacter(bad.value)
        }
        return trimmed
    }

    /// `--keep-messages N`: 1 to ``maxKept``.
    public static func keepCount(_ text: String) throws(MessageError) -> Int {
        guard let count = Int(text), (1...maxKept).contains(count), !text.hasPrefix("+") else {
            throw .notAKeepCount(text)
        }
        return count
    }

    /// What a trade posts: a buy or a sell names its asset (never an amount, a price, a value,
    /// an account or a note); other kinds post nothing.
    public static func tradePost(_ event: LedgerEvent) -> (kind: StoredMessage.Kind, asset: String)? {
        switch event.action {
        case .buy(let amount, _): (.bought, amount.asset.symbol.text)
        case .sell(let amount, _): (.sold, amount.asset.symbol.text)
        default: nil
        }
    }
}

/// One page of the stream, newest first.
public struct MessagePage: Sendable {
    /// As their JSON shows them (`ledger.messages/1`).
    public let messages: [MessageJSON.Row]
    /// From 1.
    public let page: Int
    public let hasOlder: Bool
    /// How many the server keeps.
    public let kept: Int
}

extension String {
    fileprivate var trimmingWhitespace: String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
