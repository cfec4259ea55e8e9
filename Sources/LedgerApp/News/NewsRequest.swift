import LedgerCore

/// `ledger news`'s options as values: which assets (none: the general crypto feed), how many,
/// how recent, in which language and order, and the class to ask about when the ledger does
/// not say (`--class`).
public struct NewsRequest: Sendable, Equatable {
    public var symbols: [AssetSymbol]
    public var limit: Int
    public var since: Timestamp?
    public var language: String
    public var order: HeadlineOrder
    public var assetClass: AssetClass?

    public init(
        symbols: [AssetSymbol] = [], limit: Int = 10, since: Timestamp? = nil, language: String = "EN",
        order: HeadlineOrder = .time, assetClass: AssetClass? = nil
    ) {
        self.symbols = symbols
        self.limit = limit
        self.since = since
        self.language = language
        self.order = order
        self.assetClass = assetClass
    }

    /// Checks the options as typed: `--limit` 1…``NewsFeed/maxLimit``, `--since` a date or a
    /// duration back from `now`, `--lang` two or three letters, `--class` a known class.
    public static func parse(
        symbols: [AssetSymbol], limit: String?, since: String?, language: String?, order: HeadlineOrder,
        assetClass: String?, now: Timestamp
    ) throws -> NewsRequest {
        var request = NewsRequest(symbols: symbols, order: order)
        if let limit {
            guard let count = Int(limit), (1...NewsFeed.maxLimit).contains(count) else {
                throw NewsError.notALimit(limit)
            }
            request.limit = count
        }
        if let since { request.since = try Self.since(since, now: now) }
        if let language {
            guard (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                throw NewsError.notALanguage(language)
            }
            request.language = language.uppercased()
        }
        if let assetClass {
            guard let parsed = AssetClass(rawValue: assetClass.lowercased()) else {
                throw NewsError.notAClass(assetClass)
            }
            request.assetClass = parsed
        }
        return request
    }

    /// A date (its midnight, UTC), a date and time, or a duration back from `now` (`12h`, `3d`, `1w`).
    static func since(_ text: String, now: Timestamp) throws -> Timestamp {
        if case .success(let time) = Timestamp.parse(text) { return time }
        guard let last = text.last, last.isLetter, let seconds = Age.parseDuration(text) else {
            throw NewsError.notASince(text)
        }
        return now.adding(seconds: -seconds)
    }
}
