import LedgerCore
import LedgerMarketData

/// The offline twin of the vendor adapters: answers from data held in memory (recorded
/// earlier, or built by a test) and sends no request. Held to the same contract suite.
public struct RecordedMarketDataSource: MarketDataSource {
    public let name: String
    let prices: [PriceObservation]
    let candleSeries: [Candle]
    let top: [TopListEntry]
    let rates: [FXRates]

    public init(
        name: String = "recorded", prices: [PriceObservation] = [], candles: [Candle] = [],
        topList: [TopListEntry] = [], fxRates: [FXRates] = []
    ) {
        self.name = name
        self.prices = prices
        candleSeries = candles
        top = topList
        rates = fxRates
    }

    public func latestPrices(of assets: [AssetSymbol], in quote: AssetSymbol) throws(MarketDataError) -> PriceBatch {
        var batch = PriceBatch()
        for asset in assets {
            let series = prices.filter { $0.asset == asset && $0.quote == quote }
            if let latest = series.max(by: { $0.observedAt < $1.observedAt }) {
                batch.observations.append(
                    PriceObservation(
                        asset: asset, quote: quote, observedAt: latest.observedAt, price: latest.price, source: name))
            } else {
                batch.failures[asset] = .unknownSymbol(source: name, symbol: asset.text)
            }
        }
        batch.covered = Set(batch.observations.map(\.asset))
        return batch
    }

    public func dailyPrices(of asset: AssetSymbol, in quote: AssetSymbol, from start: LocalDate, through end: LocalDate)
        throws(MarketDataError) -> [PriceObservation]
    {
        let series = prices.filter { $0.asset == asset && $0.quote == quote }
        guard !series.isEmpty else { throw .unknownSymbol(source: name, symbol: asset.text) }
        return series.filter { $0.observedAt.date >= start && $0.observedAt.date <= end }.sorted {
            $0.observedAt < $1.observedAt
        }
    }

    public func candles(of asset: AssetSymbol, in quote: AssetSymbol, interval: CandleInterval, count: Int)
        throws(MarketDataError) -> [Candle]
    {
        let series = candleSeries.filter { $0.asset == asset && $0.quote == quote && $0.interval == interval }
        guard !series.isEmpty else { throw .unknownSymbol(source: name, symbol: asset.text) }
        return Array(series.sorted { $0.openedAt < $1.openedAt }.suffix(count))
    }

    public func topList(count: Int, in quote: AssetSymbol) throws(MarketDataError) -> TopList {
        let entries = top.filter { $0.quote == quote }.sorted { $0.rank < $1.rank }
        guard !entries.isEmpty else { throw .empty(source: name, what: "coins for the top list") }
        return TopList(quote: quote, source: name, entries: Array(entries.prefix(count)))
    }

    public func search(_ query: String) throws(MarketDataError) -> [AssetSearchResult] {
        let needle = query.lowercased()
        return top.filter { $0.symbol.text.lowercased().contains(needle) || $0.name.lowercased().contains(needle) }
            .map {
                AssetSearchResult(id: $0.symbol.text.lowercased(), symbol: $0.symbol.text, name: $0.name, rank: $0.rank)
            }
    }

    public func fxRates(base: AssetSymbol, on date: LocalDate?) throws(MarketDataError) -> FXRates {
        let candidates = rates.filter { $0.base == base && (date == nil || $0.date <= date!) }
        guard let best = candidates.max(by: { $0.date < $1.date }) else {
            throw .unknownSymbol(source: name, symbol: base.text)
        }
        return FXRates(base: base, date: best.date, requestedDate: date, rates: best.rates, source: name)
    }
}
