import LedgerCore
import LedgerInterchange

/// Yahoo Finance's chart endpoint (`/v8/finance/chart/{SYMBOL}`, unofficial, keyless) for
/// stocks and ETFs: the latest price (`meta.regularMarketPrice`, in the listing's currency),
/// daily history and candles. One request per symbol: the endpoint takes one symbol.
public struct YahooChartSource: MarketDataSource {
    public let name = "yahoo"
    let endpoint: Endpoint

    public init(settings: SourceSettings, http: MarketHTTP) {
        endpoint = Endpoint(source: "yahoo", settings: settings, http: http, headers: [:])
    }

    public func latestPrices(of assets: [AssetSymbol], in quote: AssetSymbol) throws(MarketDataError) -> PriceBatch {
        var batch = PriceBatch()
        for asset in assets {
            do throws(MarketDataError) {
                let meta = try chart(asset, [("range", "1d"), ("interval", "1d")])["meta"]
                guard let quoted = meta?["regularMarketPrice"]?.decimal,
                    let listed = Self.listed(quoted, meta?["currency"])
                else {
                    throw endpoint.badShape("the chart of \(asset) has no meta.regularMarketPrice and currency")
                }
                let time = meta?["regularMarketTime"]?.integer.map(Timestamp.init(secondsSinceEpoch:)) ?? endpoint.now
                batch.observations.append(
                    PriceObservation(
                        asset: asset, quote: listed.quote, observedAt: time, price: listed.price, source: name))
                batch.covered.insert(asset)
            } catch  where !error.isSourceFailure {
                batch.failures[asset] = error
            }
        }
        return batch
    }

    /// Daily closes (`interval=1d` between `period1` and `period2`, any span in one request),
    /// each stamped at the end of the UTC day its bar opened (the market closes that day).
    public func dailyPrices(of asset: AssetSymbol, in quote: AssetSymbol, from start: LocalDate, through end: LocalDate)
        throws(MarketDataError) -> [PriceObservation]
    {
        let result = try chart(
            asset,
            [
                ("period1", String(start.startOfDay.secondsSinceEpoch)),
                ("period2", String(end.adding(days: 1).startOfDay.secondsSinceEpoch)), ("interval", "1d"),
            ])
        let closeStamp = endpoint.closeStamps()
        return bars(result, asset, quote, .day).map {
            PriceObservation(
                asset: asset, quote: $0.quote, observedAt: closeStamp($0.openedAt.date), price: $0.close, source: name)
        }
    }

    public func candles(of asset: AssetSymbol, in quote: AssetSymbol, interval: CandleInterval, count: Int)
        throws(MarketDataError) -> [Candle]
    {
        let (code, range) =
            switch interval {
            case .minute: ("1m", "1d")
            case .hour: ("60m", count > 70 ? "1mo" : "5d")
            case .day: ("1d", count > 250 ? "5y" : count > 20 ? "1y" : "1mo")
            }
        let result = try chart(asset, [("range", range), ("interval", code)])
        return Array(bars(result, asset, quote, interval).suffix(count))
    }

    /// `chart.result[0]`, or the error the body reports.
    func chart(_ asset: AssetSymbol, _ query: [(String, String)]) throws(MarketDataError) -> JSONValue {
        let symbol = ExchangeSuffix.yahooSymbol(asset)
        let json: JSONValue
        do {
            json = try endpoint.json("/v8/finance/chart/\(Endpoint.escape(symbol))", query)
        } catch .httpStatus(_, 404, _) {
            throw .unknownSymbol(source: name, symbol: asset.text)
        }
        if let error = json["chart"]?["error"], !error.isNull {
            if error["code"]?.stringValue == "Not Found" { throw .unknownSymbol(source: name, symbol: asset.text) }
            throw endpoint.apiError(error["description"]?.stringValue ?? "unknown error")
        }
        guard let result = json["chart"]?["result"]?[0] else { throw endpoint.badShape("no chart.result") }
        return result
    }

    /// The bars of a chart result, skipping the null ones of periods without trades, in the
    /// listing's currency (`meta.currency`, else `quote`; pence in pounds).
    private func bars(_ result: JSONValue, _ asset: AssetSymbol, _ fallback: AssetSymbol, _ interval: CandleInterval)
        -> [Candle]
    {
        let code = result["meta"]?["currency"]
        let currency = Self.listed(.one, code)?.quote ?? fallback
        let unit = { (value: ExactDecimal) in Self.listed(value, code)?.price ?? value }
        let times = result["timestamp"]?.arrayValue ?? []
        let quote = result["indicators"]?["quote"]?[0]
        return times.enumerated().compactMap { index, time in
            guard let seconds = time.integer, let open = quote?["open"]?[index]?.decimal,
                let high = quote?["high"]?[index]?.decimal,
                let low = quote?["low"]?[index]?.decimal, let close = quote?["close"]?[index]?.decimal
            else { return nil }
            return Candle(
                asset: asset, quote: currency, interval: interval, openedAt: Timestamp(secondsSinceEpoch: seconds),
                open: unit(open), high: unit(high), low: unit(low), close: unit(close),
                volume: quote?["volume"]?[index]?.decimal, source: name)
        }
    }
}
