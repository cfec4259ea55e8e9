import LedgerCore
import LedgerInterchange

/// Yahoo Finance's search endpoint for stock news, `/v1/finance/search?q=AAPL&quotesCount=0&newsCount=N`
/// (unofficial, keyless): its `news` list (`uuid`, `title`, `publisher`, `link`,
/// `providerPublishTime`, `relatedTickers`). One request per symbol; English headlines only.
/// It has no general feed: a query without symbols returns nothing.
extension YahooChartSource: NewsSource {
    public func headlines(_ query: NewsQuery) throws(MarketDataError) -> [Headline] {
        var result: [Headline] = []
        for symbol in query.symbols {
            let json = try endpoint.json(
                "/v1/finance/search",
                [("q", symbol.text), ("quotesCount", "0"), ("newsCount", String(min(max(query.limit, 1), 50)))])
            if let error = json["finance"]?["error"], !error.isNull {
                throw endpoint.apiError(error["description"]?.stringValue ?? "unknown error")
            }
            guard let rows = json["news"]?.arrayValue else { throw endpoint.badShape("the search has no news list") }
            let single = NewsQuery(symbols: [symbol], language: query.language, limit: query.limit)
            result += rows.compactMap { headline($0, single) }.filter { query.admits($0) }
        }
        return result
    }

    private func headline(_ row: JSONValue, _ query: NewsQuery) -> Headline? {
        guard let id = row["uuid"]?.stringValue, let title = row["title"]?.stringValue, !title.isEmpty,
            let url = row["link"]?.stringValue, let published = row["providerPublishTime"]?.integer
        else { return nil }
        let tags = (row["relatedTickers"]?.arrayValue ?? []).compactMap(\.stringValue)
        var symbols = query.symbols(tagged: tags)
        for symbol in query.symbols where !symbols.contains(symbol) { symbols.insert(symbol, at: 0) }
        return Headline(
            source: name, id: id, publishedAt: Timestamp(secondsSinceEpoch: published), title: title, url: url,
            publisher: row["publisher"]?.stringValue ?? name, symbols: symbols, language: "EN")
    }
}
