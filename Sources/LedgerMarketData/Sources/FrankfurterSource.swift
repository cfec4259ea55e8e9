import LedgerCore
import LedgerInterchange

/// Frankfurter (ECB reference rates, v1 API): `/latest`, `/YYYY-MM-DD` and the time series
/// `/START..END`, any base. Rates
/// are published on TARGET working days around 16:00 CET; asking for a weekend or holiday
/// gives the previous working day, which ``FXRates/date`` reports.
public struct FrankfurterSource: MarketDataSource {
    public let name = "frankfurter"
    let endpoint: Endpoint

    /// The currencies the ECB publishes reference rates for (EUR and 30 others, as
    /// Frankfurter's `/currencies` lists them); no source prices another fiat currency.
    public static let published: Set<String> = [
        "AUD", "BGN", "BRL", "CAD", "CHF", "CNY", "CZK", "DKK", "EUR", "GBP", "HKD", "HUF", "IDR", "ILS", "INR", "ISK",
        "JPY", "KRW", "MXN", "MYR", "NOK", "NZD", "PHP", "PLN", "RON", "SEK", "SGD", "THB", "TRY", "USD", "ZAR",
    ]

    /// True when some fiat source publishes rates of `currency`.
    public static func publishes(_ currency: AssetSymbol) -> Bool { published.contains(currency.text) }

    public init(settings: SourceSettings, http: MarketHTTP) {
        endpoint = Endpoint(source: "frankfurter", settings: settings, http: http, headers: [:])
    }

    public func fxRates(base: AssetSymbol, on date: LocalDate?) throws(MarketDataError) -> FXRates {
        let path = date.map { "/\($0)" } ?? "/latest"
        let json: JSONValue
        do {
            json = try endpoint.json(path, [("base", base.text)])
        } catch .httpStatus(_, 404, _) {
            throw .unknownSymbol(source: name, symbol: base.text)
        } catch .httpStatus(_, 422, _) {
            throw .unknownSymbol(source: name, symbol: base.text)
        }
        if let message = json["message"]?.stringValue { throw endpoint.apiError(message) }
        guard let dateText = json["date"]?.stringValue, let published = LocalDate.parse(dateText),
            let table = json["rates"]?.objectValue
        else {
            throw endpoint.badShape("expected {\"base\", \"date\", \"rates\"}")
        }
        if let answered = json["base"]?.stringValue, answered.uppercased() != base.text {
            throw endpoint.badShape("rates based on \(answered) where \(base) was asked for")
        }
        var rates: [AssetSymbol: ExactDecimal] = [:]
        for (code, value) in table {
            if let symbol = AssetSymbol(code), let rate = value.decimal, rate.isPositive { rates[symbol] = rate }
        }
        guard !rates.isEmpty else { throw .empty(source: name, what: "rates for \(base)") }
        return FXRates(base: base, date: published, requestedDate: date, rates: rates, source: name)
    }

    /// The most days one time-series request asks for: longer ranges may be thinned to weekly
    /// points by the API, so they are split into years.
    static let daysPerRequest = 366
    public var historyDaysPerRequest: Int? { Self.daysPerRequest }

    /// The ECB rates of `quote` in `asset` on each working day from `start` through `end`
    /// (`/START..END?base=QUOTE&symbols=ASSET`, one request a year), observed as `quote`/`asset`
    /// (valuation inverts it) when they were published (``FXRates/publishedAt(_:)``). Weekends
    /// and holidays have no entry: the last published rate holds.
    public func dailyPrices(of asset: AssetSymbol, in quote: AssetSymbol, from start: LocalDate, through end: LocalDate)
        throws(MarketDataError) -> [PriceObservation]
    {
        var observations: [PriceObservation] = []
        var first = start
        while first <= end {
            let last = min(first.adding(days: Self.daysPerRequest - 1), end)
            observations += try series(of: asset, in: quote, from: first, through: last)
            first = last.adding(days: 1)
        }
        return observations
    }

    private func series(of asset: AssetSymbol, in quote: AssetSymbol, from start: LocalDate, through end: LocalDate)
        throws(MarketDataError) -> [PriceObservation]
    {
        let json: JSONValue
        do {
            json = try endpoint.json("/\(start)..\(end)", [("base", quote.text), ("symbols", asset.text)])
        } catch .httpStatus(_, let status, _) where status == 404 || status == 422 {
            throw .unknownSymbol(source: name, symbol: asset.text)
        }
        if let message = json["message"]?.stringValue { throw endpoint.apiError(message) }
        guard let table = json["rates"]?.objectValue else {
            throw endpoint.badShape("expected {\"base\", \"start_date\", \"rates\"}")
        }
        if let answered = json["base"]?.stringValue, answered.uppercased() != quote.text {
            throw endpoint.badShape("rates based on \(answered) where \(quote) was asked for")
        }
        return table.keys.sorted().compactMap { key in
            guard let date = LocalDate.parse(key), date >= start, date <= end,
                let rate = table[key]?[asset.text]?.decimal, rate.isPositive
            else { return nil }
            return PriceObservation(
                asset: quote, quote: asset, observedAt: FXRates.publishedAt(date), price: rate, source: name)
        }
    }

    /// Latest rates, one request for every asset: each asset is a currency, observed as the
    /// rate of `quote` in it (valuation inverts it).
    public func latestPrices(of assets: [AssetSymbol], in quote: AssetSymbol) throws(MarketDataError) -> PriceBatch {
        guard !assets.isEmpty else { return PriceBatch() }
        return Self.batch(from: try fxRates(base: quote, on: nil), assets: assets)
    }

    /// The prices of `assets` in the rates' base currency, as a fetch reports them.
    public static func batch(from rates: FXRates, assets: [AssetSymbol]) -> PriceBatch {
        let quote = rates.base
        let name = rates.source
        var batch = PriceBatch(observations: [], covered: [])
        for asset in assets where asset != quote {
            if let rate = rates.rates[asset] {
                batch.observations.append(
                    PriceObservation(
                        asset: quote, quote: asset, observedAt: FXRates.publishedAt(rates.date), price: rate,
                        source: name))
                batch.covered.insert(asset)
            } else {
                batch.failures[asset] = .unknownSymbol(source: name, symbol: asset.text)
            }
        }
        return batch
    }

    public func search(_ query: String) throws(MarketDataError) -> [AssetSearchResult] {
        let json = try endpoint.json("/currencies")
        guard let table = json.objectValue else { throw endpoint.badShape("/currencies did not return an object") }
        let needle = query.lowercased()
        return table.keys.sorted().compactMap { code in
            let name = table[code]?.stringValue ?? code
            guard needle.isEmpty || code.lowercased().contains(needle) || name.lowercased().contains(needle) else {
                return nil
            }
            return AssetSearchResult(id: code, symbol: code, name: name, rank: nil)
        }
    }
}
