/// One news headline as a source published it: who carries it (`source`, the adapter, with
/// its own `id`), who wrote it (`publisher`), when, the link, and the assets it is about.
/// A headline is identified by its source and id: seen twice, it is one headline.
public struct Headline: Sendable, Equatable {
    /// The adapter that supplied it (`cryptocompare`, `yahoo`).
    public var source: String
    /// The source's id of the article.
    public var id: String
    public var publishedAt: Timestamp
    public var title: String
    public var url: String
    /// The outlet that wrote it (CoinDesk, Reuters).
    public var publisher: String
    /// The assets it is about, in the source's order (upper-case tickers only).
    public var symbols: [AssetSymbol]
    /// The language code the source gave (`EN`), if any.
    public var language: String?

    public init(
        source: String, id: String, publishedAt: Timestamp, title: String, url: String, publisher: String,
        symbols: [AssetSymbol] = [], language: String? = nil
    ) {
        self.source = source
        self.id = id
        self.publishedAt = publishedAt
        self.title = title
        self.url = url
        self.publisher = publisher
        self.symbols = symbols
        self.language = language
    }
}

/// How a list of headlines is ordered: newest first, or by publisher (then newest first).
public enum HeadlineOrder: String, CaseIterable, Sendable {
    case time, source

    /// `headlines` deduplicated by source and id (the first kept, its symbols merged with the
    /// others'), ordered, and cut to `limit`.
    public func arrange(_ headlines: [Headline], limit: Int) -> [Headline] {
        var seen: [String: Int] = [:]
        var unique: [Headline] = []
        for headline in headlines {
            let key = headline.source + "\u{0}" + headline.id
            if let index = seen[key] {
                for symbol in headline.symbols where !unique[index].symbols.contains(symbol) {
                    unique[index].symbols.append(symbol)
                }
                continue
            }
            seen[key] = unique.count
            unique.append(headline)
        }
        let newest = unique.sorted { ($0.publishedAt, $1.source, $1.id) > ($1.publishedAt, $0.source, $0.id) }
        let limited = Array(newest.prefix(max(limit, 0)))
        guard self == .source else { return limited }
        return limited.sorted {
            ($0.publisher.lowercased(), $1.publishedAt.secondsSinceEpoch)
                < ($1.publisher.lowercased(), $0.publishedAt.secondsSinceEpoch)
        }
    }
}

/// The headlines `report --news` shows: the newest cached about the held assets, and the held
/// assets the cache has none about (the report names the command that fetches them).
public struct ReportNews: Sendable, Equatable {
    public var headlines: [Headline]
    public var uncached: [AssetSymbol]

    public init(headlines: [Headline], uncached: [AssetSymbol]) {
        self.headlines = headlines
        self.uncached = uncached
    }
}
