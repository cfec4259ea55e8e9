import LedgerCore
import LedgerInterchange

/// CryptoCompare min-api: latest prices of many symbols in one request
/// (`/data/pricemultifull`), the top list by market cap (`/data/top/mktcapfull`), candles by
/// minute, hour and day (`/data/v2/histominute|histohour|histoday`) and daily history.
/// Errors arrive with HTTP 200 as `"Response":"Error"`; every body is checked for it.
public struct CryptoCompareSource: MarketDataSource {
    public let name = "cryptocompare"
    let endpoint: Endpoint

    public init(settings: SourceSettings, http: MarketHTTP) {
        var headers: [String: String] = [:]
        if let key = settings.key, !key.isEmpty { headers["authorization"] = "Apikey \(key)" }
        endpoint = Endpoint(source: "cryptocompare", settings: settings, http: http, headers: headers)
    }

    public func latestPrices(of assets: [AssetSymbol], in quote: AssetSymbol) throws(MarketDataError) -> PriceBatch {
        var batch = PriceBatch()
        // fsyms is limited to 300 characters: 40 symbols of up to 6 letters fit.
        for start in stride(from: 0, to: assets.count, by: 40) {
            let chunk = Array(assets[start..<min(start + 40, assets.count)])
            let json = try endpoint.json(
                "/data/pricemultifull",
                [
                    ("fsyms", chunk.map(\.text).joined(separator: ",")), ("tsyms", quote.text),
                ])
            if Self.knowsNoneOf(json) {
                for asset in chunk { batch.failures[asset] = .unknownSymbol(source: name, symbol: asset.text) }
                continue
            }
            try check(json)
            for asset in chunk {
                let raw = json["RAW"]?[asset.text]?[quote.text]
                guard let price = raw?["PRICE"]?.decimal else {
                    batch.failures[asset] = .unknownSymbol(source: name, symbol: asset.text)
                    continue
                }
                let time = raw?["LASTUPDATE"]?.integer.map(Timestamp.init(secondsSinceEpoch:)) ?? endpoint.now
                batch.observations.append(
                    PriceObservation(asset: asset, quote: quote, observedAt: time, price: price, source: name))
            }
        }
        batch.covered = Set(batch.observations.map(\.asset))
        return batch
    }

    public func candles(of asset: AssetSymbol, in quote: AssetSymbol, interval: CandleInterval, count: Int)
        throws(MarketDataError) -> [Candle]
    {
        let rows = try histo(asset, quote, interval, limit: max(count - 1, 1), toTs: nil)
        let candles = rows.compactMap { row in candle(row, asset, quote, interval) }
        return Array(candles.suffix(count))
    }

    /// The most days one histoday request returns (`limit` 2000 gives 2001 candles).
    static let daysPerRequest = 2001
    public var historyDaysPerRequest: Int? { Self.daysPerRequest }

    /// Daily closes, paging backwards with `toTs` when the range is longer than one request
    /// holds; paging stops early at a page of empty candles (before the coin was listed).
    public func dailyPrices(of asset: AssetSymbol, in quote: AssetSymbol, from start: LocalDate, through end: LocalDate)
        throws(MarketDataError) -> [PriceObservation]
    {
        var candles: [Candle] = []
        var pageEnd = end
        while pageEnd >= start {
            let limit = max(min(pageEnd.daysSinceEpoch - start.daysSinceEpoch, Self.daysPerRequest - 1), 1)
            let rows = try histo(asset, quote, .day, limit: limit, toTs: pageEnd.startOfDay.secondsSinceEpoch)
            let page = rows.compactMap { row in candle(row, asset, quote, .day) }
            candles = page + candles
            // An empty first candle: the coin was not traded before; earlier pages are empty too.
            guard let first = rows.first, candle(first, asset, quote, .day) != nil else { break }
            pageEnd = pageEnd.adding(days: -(limit + 1))
        }
        let closeStamp = endpoint.closeStamps()
        return candles.filter { $0.openedAt.date >= start && $0.openedAt.date <= end }.map {
            PriceObservation(
                asset: asset, quote: quote, observedAt: closeStamp($0.openedAt.date), price: $0.close, source: name)
        }
    }

    private func histo(_ asset: AssetSymbol, _ quote: AssetSymbol, _ interval: CandleInterval, limit: Int, toTs: Int64?)
        throws(MarketDataError) -> [JSONValue]
    {
        var query = [("fsym", asset.text), ("tsym", quote.text), ("limit", String(limit))]
        if let toTs { query.append(("toTs", String(toTs))) }
        let json = try endpoint.json("/data/v2/histo\(interval.rawValue)", query)
        try check(json, symbol: asset)
        guard let rows = json["Data"]?["Data"]?.arrayValue else {
            throw endpoint.badShape("histo\(interval.rawValue) has no Data.Data list")
        }
        return rows
    }

    /// A candle from a histo row; nil for the all-zero rows of periods without trades.
    private func candle(_ row: JSONValue, _ asset: AssetSymbol, _ quote: AssetSymbol, _ interval: CandleInterval)
        -> Candle?
    {
        guard let time = row["time"]?.integer, let open = row["open"]?.decimal, let high = row["high"]?.decimal,
            let low = row["low"]?.decimal, let close = row["close"]?.decimal,
            !(open.isZero && high.isZero && close.isZero)
        else { return nil }
        return Candle(
            asset: asset, quote: quote, interval: interval, openedAt: Timestamp(secondsSinceEpoch: time),
            open: open, high: high, low: low, close: close, volume: row["volumefrom"]?.decimal, source: name)
    }

    public func topList(count: Int, in quote: AssetSymbol) throws(MarketDataError) -> TopList {
        let json = try endpoint.json(
            "/data/top/mktcapfull", [("limit", String(max(10, min(count, 100)))), ("tsym", quote.text)])
        try check(json)
        guard let rows = json["Data"]?.arrayValue else { throw endpoint.badShape("the top list has no Data list") }
        guard !rows.isEmpty else { throw .empty(source: name, what: "coins for the top list") }
        let entries = rows.enumerated().compactMap { index, row in entry(row, rank: index + 1, quote: quote) }
        return TopList(quote: quote, source: name, entries: Array(entries.prefix(count)))
    }

    private func entry(_ row: JSONValue, rank: Int, quote: AssetSymbol) -> TopListEntry? {
        guard let symbol = row["CoinInfo"]?["Name"]?.stringValue.flatMap(AssetSymbol.init) else { return nil }
        let raw = row["RAW"]?[quote.text]
        // VOLUME24HOUR counts coins; VOLUME24HOURTO is the same volume in the quote currency,
        // the unit of CoinGecko's total_volume and of the market table's Volume column.
        return TopListEntry(
            rank: rank, symbol: symbol, name: row["CoinInfo"]?["FullName"]?.stringValue ?? symbol.text, quote: quote,
            price: raw?["PRICE"]?.decimal, change24h: raw?["CHANGEPCT24HOUR"]?.decimal, change7d: nil,
            marketCap: raw?["MKTCAP"]?.decimal, circulatingSupply: raw?["CIRCULATINGSUPPLY"]?.decimal,
            totalSupply: raw?["SUPPLY"]?.decimal, volume24h: raw?["VOLUME24HOURTO"]?.decimal,
            high24h: raw?["HIGH24HOUR"]?.decimal, low24h: raw?["LOW24HOUR"]?.decimal,
            change1h: raw?["CHANGEPCTHOUR"]?.decimal
        )
    }

    /// The error CryptoCompare gives when none of the symbols asked about has a price.
    private static func knowsNoneOf(_ json: JSONValue) -> Bool {
        guard json["Response"]?.stringValue == "Error", json["Type"]?.integer != 99,
            let message = json["Message"]?.stringValue?.lowercased()
        else { return false }
        return message.contains("no data for") || message.contains("does not exist")
    }

    /// `{"Response":"Error","Message":…}` behind HTTP 200: a rate limit (Type 99), an unknown
    /// pair (when asking about one symbol), or another error.
    func check(_ json: JSONValue, symbol: AssetSymbol? = nil) throws(MarketDataError) {
        guard json["Response"]?.stringValue == "Error" else { return }
        let message = json["Message"]?.stringValue ?? "unknown error"
        if json["Type"]?.integer == 99 { throw endpoint.apiError("rate limit reached: " + message) }
        if let symbol, message.contains("does not exist") { throw .unknownSymbol(source: name, symbol: symbol.text) }
        throw endpoint.apiError(message)
    }
}
