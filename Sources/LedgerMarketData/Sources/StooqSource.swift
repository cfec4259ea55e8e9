import LedgerCore
import LedgerInterchange

/// Stooq (stooq.com, keyless CSV) for stocks and ETFs: the latest quotes of many symbols in
/// one request (`/q/l/?s=aapl.us+msft.us&f=sd2t2ohlcv&h&e=csv`) and daily history
/// (`/q/d/l/?s=aapl.us&i=d&d1=…&d2=…`, any span in one request). Symbols are mapped through
/// ``ExchangeSuffix`` (`BRK.B` → `brk-b.us`, `SAP.DE` → `sap.de`, `7203.T` → `7203.jp`), and
/// prices are recorded in the exchange's currency (London's pence divided into pounds).
/// Best effort: Stooq discourages automated downloads and may answer an HTML page instead,
/// which fails the source as a whole so the next one in the fallback order is asked.
public struct StooqSource: MarketDataSource {
    public let name = "stooq"
    let endpoint: Endpoint

    /// Symbols per quote request (Stooq accepts long lists; this keeps URLs short).
    static let batchSize = 50

    public init(settings: SourceSettings, http: MarketHTTP) {
        endpoint = Endpoint(source: "stooq", settings: settings, http: http, headers: ["Accept": "text/csv"])
    }

    public func latestPrices(of assets: [AssetSymbol], in quote: AssetSymbol) throws(MarketDataError) -> PriceBatch {
        var batch = PriceBatch()
        var listed: [(asset: AssetSymbol, stooq: String)] = []
        for asset in assets {
            if let mapped = ExchangeSuffix.stooqSymbol(asset) {
                listed.append((asset, mapped))
            } else {
                batch.failures[asset] = .unknownSymbol(source: name, symbol: asset.text)
            }
        }
        for start in stride(from: 0, to: listed.count, by: Self.batchSize) {
            let chunk = Array(listed[start..<min(start + Self.batchSize, listed.count)])
            try quotes(chunk, into: &batch)
        }
        batch.covered = Set(batch.observations.map(\.asset))
        return batch
    }

    /// One request for `chunk`; each asset gets an observation or an `unknownSymbol` failure.
    private func quotes(_ chunk: [(asset: AssetSymbol, stooq: String)], into batch: inout PriceBatch)
        throws(MarketDataError)
    {
        let symbols = chunk.map { Endpoint.escape($0.stooq) }.joined(separator: "+")
        let rows = try endpoint.csv("/q/l/", raw: "s=\(symbols)&f=sd2t2ohlcv&h&e=csv", what: "the quotes")
        let byStooq = Dictionary(
            try StooqCSV.quotes(rows, source: name).map { ($0.symbol, $0) }, uniquingKeysWith: { first, _ in first })
        let now = endpoint.now
        for (asset, stooq) in chunk {
            guard let row = byStooq[stooq.uppercased()], let close = row.close, let date = row.date else {
                batch.failures[asset] = .unknownSymbol(source: name, symbol: asset.text)
                continue
            }
            let (currency, price) = Self.inCurrency(close, of: asset)
            let time = row.seconds.map { StooqCSV.timestamp(date, secondsOfDay: $0) } ?? date.endOfDay
            batch.observations.append(
                PriceObservation(asset: asset, quote: currency, observedAt: min(time, now), price: price, source: name))
        }
    }

    /// Daily closes, each stamped at the end of its UTC day (now while the day is open).
    public func dailyPrices(of asset: AssetSymbol, in quote: AssetSymbol, from start: LocalDate, through end: LocalDate)
        throws(MarketDataError) -> [PriceObservation]
    {
        let closeStamp = endpoint.closeStamps()
        return try history(asset, from: start, through: end).map { bar in
            PriceObservation(
                asset: asset, quote: bar.quote, observedAt: closeStamp(bar.openedAt.date), price: bar.close,
                source: name)
        }
    }

    /// Daily candles only (Stooq's intraday data is not offered as CSV).
    public func candles(of asset: AssetSymbol, in quote: AssetSymbol, interval: CandleInterval, count: Int)
        throws(MarketDataError) -> [Candle]
    {
        guard interval == .day else { throw .unsupported(source: name, operation: "\(interval) candles") }
        let today = endpoint.now.date
        // Trading days are about five in seven, plus holidays.
        let start = today.adding(days: -(count * 7 / 5 + 10))
        return Array(try history(asset, from: start, through: today).suffix(count))
    }

    private func history(_ asset: AssetSymbol, from start: LocalDate, through end: LocalDate)
        throws(MarketDataError) -> [Candle]
    {
        guard let stooq = ExchangeSuffix.stooqSymbol(asset) else {
            throw .unknownSymbol(source: name, symbol: asset.text)
        }
        let rows = try endpoint.csv(
            "/q/d/l/", raw: "s=\(Endpoint.escape(stooq))&i=d&d1=\(Self.compact(start))&d2=\(Self.compact(end))",
            what: "the history of \(asset)")
        if StooqCSV.isNoData(rows) { throw .unknownSymbol(source: name, symbol: asset.text) }
        return try StooqCSV.bars(rows, source: name).map { bar in
            let (currency, close) = Self.inCurrency(bar.close, of: asset)
            let unit = { (value: ExactDecimal) in Self.inCurrency(value, of: asset).price }
            return Candle(
                asset: asset, quote: currency, interval: .day, openedAt: bar.date.startOfDay, open: unit(bar.open),
                high: unit(bar.high), low: unit(bar.low), close: close,
                volume: bar.volume, source: name)
        }
    }

    /// A price as quoted on the asset's exchange, in the currency the ledger records.
    static func inCurrency(_ quoted: ExactDecimal, of asset: AssetSymbol) -> (quote: AssetSymbol, price: ExactDecimal) {
        let exchange = ExchangeSuffix.split(asset).exchange
        guard exchange.minorUnits != 1 else { return (exchange.currency, quoted) }
        return (exchange.currency, quoted / ExactDecimal(exchange.minorUnits))
    }

    /// `20240112`.
    static func compact(_ date: LocalDate) -> String {
        String(date.year) + String(date.month).leftPadded(2) + String(date.day).leftPadded(2)
    }
}

extension Endpoint {
    /// GETs `path` with a query written as given (Stooq separates symbols with a literal `+`)
    /// and reads the body as CSV rows.
    func csv(_ path: String, raw query: String, what: String) throws(MarketDataError) -> [[String]] {
        var base = settings.baseURL
        while base.hasSuffix("/") { base.removeLast() }
        let response = try http.get(
            base + path + "?" + query, headers: headers, source: source, minInterval: settings.minInterval)
        return try StooqCSV.rows(response.body, source: source, what: what)
    }
}
