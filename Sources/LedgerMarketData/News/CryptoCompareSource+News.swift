import LedgerCore
import LedgerInterchange

/// CryptoCompare's news API, `/data/v2/news/?lang=EN` (`categories=BTC,ETH` for some coins,
/// `lTs` to page back in time): about 50 headlines a page, newest first. Errors arrive with
/// HTTP 200 as `{"Response":"Error","Message":…}`, checked like every CryptoCompare body.
extension CryptoCompareSource: NewsSource {
    /// Pages asked for at most (about 250 headlines).
    static let newsPages = 5

    public func headlines(_ query: NewsQuery) throws(MarketDataError) -> [Headline] {
        var result: [Headline] = []
        var before: Int64?
        for _ in 0..<Self.newsPages {
            let page = try newsPage(query, before: before)
            result += page.filter { query.admits($0) }
            guard let oldest = page.map(\.publishedAt).min(), result.count < query.limit,
                query.since.map({ oldest > $0 }) ?? false
            else { break }
            before = oldest.secondsSinceEpoch - 1
        }
        return Array(result.prefix(query.limit))
    }

    private func newsPage(_ query: NewsQuery, before: Int64?) throws(MarketDataError) -> [Headline] {
        var parameters = [("lang", query.language)]
        if !query.symbols.isEmpty {
            parameters.append(("categories", query.symbols.map(\.text).joined(separator: ",")))
        }
        if let before { parameters.append(("lTs", String(before))) }
        let json = try endpoint.json("/data/v2/news/", parameters)
        try check(json)
        guard let rows = json["Data"]?.arrayValue else { throw endpoint.badShape("the news has no Data list") }
        // A headline tagged with none of the coins asked about is not about them.
        return rows.compactMap { headline($0, query) }.filter { query.symbols.isEmpty || !$0.symbols.isEmpty }
    }

    /// A headline from one `Data` row; nil for a row without an id, title, link or time.
    private func headline(_ row: JSONValue, _ query: NewsQuery) -> Headline? {
        guard let id = row["id"]?.stringValue ?? row["id"]?.integer.map(String.init),
            let published = row["published_on"]?.integer, let title = row["title"]?.stringValue,
            let url = row["url"]?.stringValue, !title.isEmpty
        else { return nil }
        let tags = (row["categories"]?.stringValue ?? "").split(separator: "|").map(String.init)
        let publisher = row["source_info"]?["name"]?.stringValue ?? row["source"]?.stringValue ?? name
        return Headline(
            source: name, id: id, publishedAt: Timestamp(secondsSinceEpoch: published), title: title, url: url,
            publisher: publisher, symbols: query.symbols(tagged: tags),
            language: row["lang"]?.stringValue?.uppercased() ?? query.language)
    }
}
