import LedgerCore
import LedgerInterchange

/// Yahoo Finance's predefined screeners (`/v1/finance/screener/predefined/saved?scrIds=…`,
/// unofficial, keyless): the stock and ETF lists of `ledger market --class stock|etf`.
/// `finance.result[0].quotes[]` holds one object per listing (`symbol`, `shortName`,
/// `quoteType`, `currency`, `regularMarketPrice`, `regularMarketChangePercent`, `marketCap`,
/// `regularMarketVolume`, …); a figure may come bare or as `{"raw": …, "fmt": …}`.
extension YahooChartSource {
    public func screen(_ screen: StockScreen, count: Int, in quote: AssetSymbol) throws(MarketDataError) -> TopList {
        let json = try endpoint.json(
            "/v1/finance/screener/predefined/saved",
            [("scrIds", screen.id), ("count", String(min(max(count, 1), 250))), ("formatted", "false")])
        if let error = json["finance"]?["error"], !error.isNull {
            throw endpoint.apiError(
                error["description"]?.stringValue ?? error["code"]?.stringValue ?? "unknown error")
        }
        guard let quotes = json["finance"]?["result"]?[0]?["quotes"]?.arrayValue else {
            throw endpoint.badShape("the screen \(screen.id) has no finance.result[0].quotes")
        }
        let wanted = screen.assetClass == .etf ? "ETF" : "EQUITY"
        let kept = quotes.filter { ($0["quoteType"]?.stringValue ?? wanted) == wanted }
        let entries = kept.compactMap(Self.screenEntry).prefix(count)
        guard !entries.isEmpty else {
            throw .empty(
                source: name, what: "\(screen.assetClass == .etf ? "ETFs" : "stocks") in the screen \(screen.id)")
        }
        let ranked = entries.enumerated().map { index, entry in entry.ranked(index + 1) }
        return TopList(quote: quote, source: name, entries: ranked, screen: screen)
    }

    /// One listing of a screen, or nil when it has no symbol the ledger accepts (`^GSPC`).
    /// Prices in pence (`GBp`) are divided into pounds; Yahoo states a London listing's market
    /// cap in pounds already (Shell's is about 178 billion), so it is kept as given.
    static func screenEntry(_ row: JSONValue) -> TopListEntry? {
        guard let text = row["symbol"]?.stringValue,
            let symbol = AssetSymbol(String(text.map { $0 == "-" ? "." : $0 })),
            let listed = row["currency"]?.stringValue.flatMap(ExchangeSuffix.currency(quoted:))
        else { return nil }
        let figure = { (key: String) -> ExactDecimal? in
            let value = row[key]
            return (value?["raw"] ?? value)?.decimal
        }
        let money = { (key: String) -> ExactDecimal? in
            figure(key).map { listed.minorUnits == 1 ? $0 : $0 / ExactDecimal(listed.minorUnits) }
        }
        let name = row["shortName"]?.stringValue ?? row["longName"]?.stringValue ?? symbol.text
        return TopListEntry(
            rank: 0, symbol: symbol, name: name, quote: listed.currency, price: money("regularMarketPrice"),
            change24h: figure("regularMarketChangePercent"), change7d: nil, marketCap: figure("marketCap"),
            circulatingSupply: nil, totalSupply: nil, volume24h: figure("regularMarketVolume"),
            high24h: money("regularMarketDayHigh"), low24h: money("regularMarketDayLow"))
    }
}

extension YahooChartSource {
    /// A price as Yahoo quotes it, in the currency the ledger records (`GBp` pence in GBP).
    static func listed(_ quoted: ExactDecimal, _ code: JSONValue?) -> (quote: AssetSymbol, price: ExactDecimal)? {
        guard let text = code?.stringValue, let listed = ExchangeSuffix.currency(quoted: text) else { return nil }
        return (listed.currency, listed.minorUnits == 1 ? quoted : quoted / ExactDecimal(listed.minorUnits))
    }
}

extension TopListEntry {
    /// The same entry at another rank.
    func ranked(_ rank: Int) -> TopListEntry {
        TopListEntry(
            rank: rank, symbol: symbol, name: name, quote: quote, price: price, change24h: change24h,
            change7d: change7d,
            marketCap: marketCap, circulatingSupply: circulatingSupply, totalSupply: totalSupply, volume24h: volume24h,
            high24h: high24h, low24h: low24h, id: id, change1h: change1h, change30d: change30d, change1y: change1y)
    }
}
