import LedgerCore
import LedgerMarketData
import LedgerStore

extension MarketFeed {
    /// The sources that offer stock and ETF screens (the others answer `unsupported`).
    public static let screenSources = ["yahoo"]

    /// The list of `screen` (at least 100 listings, so that paging and sorting work on the
    /// same list), fetched from the first source of its class that has screens, else cached.
    public func screened(_ screen: StockScreen, count: Int, in quote: AssetSymbol) throws -> Fetched<TopList> {
        let order = setup.order(for: screen.assetClass, forced: nil)
        let offering = order.filter(Self.screenSources.contains)
        guard !offering.isEmpty else {
            let asked =
                order.isEmpty
                ? "no source is configured"
                : order.joined(separator: ", ") + " offer\(order.count == 1 ? "s" : "") none"
            throw MarketServiceError.noTopList(assetClass: screen.assetClass, asked: asked, from: Self.screenSources)
        }
        var problems: [MarketDataError] = []
        if !offline {
            for name in offering {
                do {
                    let list = try setup.source(name).screen(
                        screen, count: min(max(count, 100), Self.maxCount), in: quote)
                    lists.append(list)
                    return Fetched(list, fetchedAt: now)
                } catch let error as MarketDataError {
                    problems.append(error)
                }
            }
        }
        let cached = try cachedList(in: quote, screen: screen)
        if cached == nil {
            offline = offline || !problems.isEmpty
        } else {
            try fellBack(
                problems, what: "the \(screen.id) screen", cached: cached.map { ($0.fetchedAt, $0.value.source) })
        }
        guard let cached else { throw missing("no \(screen.id) screen in \(quote) is cached", problems) }
        return cached
    }
}
