import LedgerCore
import LedgerInterchange

/// CoinGecko API v3: latest prices (`/simple/price`, one request for up to 100 coins), daily
/// history (`/coins/{id}/market_chart/range`), the top list (`/coins/markets`) and search.
/// Coins are keyed by id, so symbols are mapped first (see ``CoinGeckoSymbols``). No candles:
/// its OHLC bodies are 30 minutes, 4 hours or 4 days wide, never a minute, hour or day.
public struct CoinGeckoSource: MarketDataSource {
    public let name = "coingecko"
    let endpoint: Endpoint
    let symbols: CoinGeckoSymbols

    public init(
        settings: SourceSettings, http: MarketHTTP, overrides: [String: String] = [:], coinList: any CoinListCache
    ) {
        var headers: [String: String] = [:]
        if let key = settings.key, !key.isEmpty {
            headers[settings.baseURL.contains("pro-api") ? "x-cg-pro-api-key" : "x-cg-demo-api-key"] = key
        }
        endpoint = Endpoint(source: "coingecko", settings: settings, http: http, headers: headers)
        symbols = CoinGeckoSymbols(endpoint: endpoint, overrides: overrides, cache: coinList)
    }

    public func latestPrices(of assets: [AssetSymbol], in quote: AssetSymbol) throws(MarketDataError) -> PriceBatch {
        let resolution = try symbols.resolve(assets)
        var batch = PriceBatch(failures: resolution.failures)
        let wanted = assets.filter { resolution.ids[$0] != nil }
        for chunk in stride(from: 0, to: wanted.count, by: 100).map({ Array(wanted[$0..<min($0 + 100, wanted.count)]) })
        {
            let ids = chunk.compactMap { resolution.ids[$0] }
            let json = try endpoint.json(
                "/simple/price",
                [
                    ("ids", Set(ids).sorted().joined(separator: ",")), ("vs_currencies", quote.text.lowercased()),
                    ("include_last_updated_at", "true"), ("precision", "full"),
                ])
            try check(json)
            guard let coins = json.objectValue else {
                throw endpoint.badShape("/simple/price did not return an object")
            }
            for asset in chunk {
                guard let coin = coins[resolution.ids[asset]!], let price = coin[quote.text.lowercased()]?.decimal
                else {
                    batch.failures[asset] = .unknownSymbol(source: name, symbol: asset.text)
                    continue
                }
                let time = coin["last_updated_at"]?.integer.map(Timestamp.init(secondsSinceEpoch:))
                batch.observations.append(
                    PriceObservation(
                        asset: asset, quote: quote, observedAt: time ?? endpoint.now, price: price, source: name))
            }
        }
        batch.covered = Set(batch.observations.map(\.asset))
        return batch
    }

    /// Daily closes from `/market_chart/range` (points every 5 minutes, hour or day, by the
    /// span): the close of day D is its last point up to and including D+1 00:00 UTC, so a
    /// daily point stamped midnight closes the day before.
    public func dailyPrices(of asset: AssetSymbol, in quote: AssetSymbol, from start: LocalDate, through end: LocalDate)
        throws(MarketDataError) -> [PriceObservation]
    {
        let resolution = try symbols.resolve([asset])
        if let failure = resolution.failures[asset] { throw failure }
        let json = try endpoint.json(
            "/coins/\(resolution.ids[asset]!)/market_chart/range",
            [
                ("vs_currency", quote.text.lowercased()), ("from", String(start.startOfDay.secondsSinceEpoch)),
                ("to", String(end.adding(days: 1).startOfDay.secondsSinceEpoch)), ("precision", "full"),
            ])
        try check(json)
        guard let points = json["prices"]?.arrayValue else {
            throw endpoint.badShape("market_chart has no 'prices' list")
        }
        var closes: [LocalDate: (time: Timestamp, price: ExactDecimal)] = [:]
        for point in points {
            guard let milliseconds = point[0]?.integer, let price = point[1]?.decimal else { continue }
            let time = Timestamp(milliseconds: milliseconds)
            let day = time.adding(seconds: -1).date
            guard day >= start && day <= end, closes[day].map({ $0.time <= time }) ?? true else { continue }
            closes[day] = (time, price)
        }
        let closeStamp = endpoint.closeStamps()
        return closes.keys.sorted().map { day in
            PriceObservation(
                asset: asset, quote: quote, observedAt: closeStamp(day), price: closes[day]!.price, source: name)
        }
    }

    public func topList(count: Int, in quote: AssetSymbol) throws(MarketDataError) -> TopList {
        let json = try endpoint.json(
            "/coins/markets",
            [
                ("vs_currency", quote.text.lowercased()), ("order", "market_cap_desc"),
                ("per_page", String(min(max(count, 1), 250))),
                ("page", "1"), ("price_change_percentage", "1h,24h,7d,30d,1y"), ("precision", "full"),
            ])
        try check(json)
        guard let rows = json.arrayValue else { throw endpoint.badShape("/coins/markets did not return a list") }
        guard !rows.isEmpty else { throw .empty(source: name, what: "coins for the top list") }
        let entries = rows.enumerated().compactMap { index, row in Self.entry(row, index: index, quote: quote) }
        return TopList(quote: quote, source: name, entries: Array(entries.prefix(count)))
    }

    private static func entry(_ row: JSONValue, index: Int, quote: AssetSymbol) -> TopListEntry? {
        guard let symbol = row["symbol"]?.stringValue.flatMap(AssetSymbol.init) else { return nil }
        return TopListEntry(
            rank: row["market_cap_rank"]?.integer.map(Int.init) ?? index + 1, symbol: symbol,
            name: row["name"]?.stringValue ?? symbol.text, quote: quote, price: row["current_price"]?.decimal,
            change24h: (row["price_change_percentage_24h_in_currency"] ?? row["price_change_percentage_24h"])?.decimal,
            change7d: row["price_change_percentage_7d_in_currency"]?.decimal, marketCap: row["market_cap"]?.decimal,
            circulatingSupply: row["circulating_supply"]?.decimal, totalSupply: row["total_supply"]?.decimal,
            volume24h: row["total_volume"]?.decimal, high24h: row["high_24h"]?.decimal, low24h: row["low_24h"]?.decimal,
            id: row["id"]?.stringValue, change1h: row["price_change_percentage_1h_in_currency"]?.decimal,
            change30d: row["price_change_percentage_30d_in_currency"]?.decimal,
            change1y: row["price_change_percentage_1y_in_currency"]?.decimal
        )
    }

    public func search(_ query: String) throws(MarketDataError) -> [AssetSearchResult] {
        let json = try endpoint.json("/search", [("query", query)])
        try check(json)
        guard let coins = json["coins"]?.arrayValue else { throw endpoint.badShape("/search has no 'coins' list") }
        return coins.compactMap { coin in
            guard let id = coin["id"]?.stringValue, let symbol = coin["symbol"]?.stringValue else { return nil }
            return AssetSearchResult(
                id: id, symbol: symbol.uppercased(), name: coin["name"]?.stringValue ?? id,
                rank: coin["market_cap_rank"]?.integer.map(Int.init))
        }
    }

    /// CoinGecko's error bodies: `{"status":{"error_code":…,"error_message":…}}` or `{"error":…}`.
    func check(_ json: JSONValue) throws(MarketDataError) {
        if let message = json["status"]?["error_message"]?.stringValue { throw endpoint.apiError(message) }
        if let message = json["error"]?.stringValue { throw endpoint.apiError(message) }
    }
}
