import LedgerCore
import LedgerMarketData
import LedgerStore

/// What happened to each asset of a fetch: which source priced it, or why none did.
public struct FetchResult {
    public init() {}

    public var observations: [PriceObservation] = []
    /// Asset → the source that priced it.
    public var pricedBy: [AssetSymbol: String] = [:]
    /// Asset → every source's reason for not pricing it, in the order tried.
    public var failures: [AssetSymbol: [MarketDataError]] = [:]
    /// Source → requests sent to it.
    public var requests: [String: Int] = [:]
    /// FX rates fetched along the way (fiat assets), recorded in `fx_rates` too.
    public var fxRates: [FXRates] = []

    public mutating func merge(_ batch: PriceBatch, from source: String, assets: [AssetSymbol]) {
        observations += batch.observations
        for asset in assets where batch.covered.contains(asset) { pricedBy[asset] = source }
        for (asset, error) in batch.failures { failures[asset, default: []].append(error) }
    }
}

/// Asks each class's sources in fallback order: every asset the first source could not price
/// goes on to the next. One request per source for many assets where the API allows.
public struct PriceFetcher {
    public let setup: MarketSetup
    public let forcedSource: String?
    public let progress: Progress

    public init(setup: MarketSetup, forcedSource: String?, progress: Progress) {
        self.setup = setup
        self.forcedSource = forcedSource
        self.progress = progress
    }

    public func latest(_ targets: FetchTargets, in quote: AssetSymbol) throws -> FetchResult {
        var result = FetchResult()
        for (assetClass, assets) in targets.byClass {
            var remaining = assets
            for name in setup.order(for: assetClass, forced: forcedSource) where !remaining.isEmpty {
                progress.show(
                    "fetching \(remaining.count) \(assetClass) price\(remaining.count == 1 ? "" : "s") from \(name)")
                let source = try setup.source(name)
                let before = setup.http.requestCount(name)
                defer { result.requests[name, default: 0] += setup.http.requestCount(name) - before }
                do throws(MarketDataError) {
                    let batch: PriceBatch
                    if source is FrankfurterSource {
                        let rates = try source.fxRates(base: quote, on: nil)
                        result.fxRates.append(rates)
                        batch = FrankfurterSource.batch(from: rates, assets: remaining)
                    } else {
                        batch = try source.latestPrices(of: remaining, in: quote)
                    }
                    result.merge(batch, from: name, assets: remaining)
                } catch {
                    for asset in remaining { result.failures[asset, default: []].append(error) }
                }
                remaining = remaining.filter { result.pricedBy[$0] == nil }
            }
            for asset in remaining where result.failures[asset] == nil {
                result.failures[asset] = [.configuration("no source is configured for \(assetClass) assets")]
            }
        }
        progress.clear()
        return result
    }

    /// Daily prices from `start` through `end` for every target, one asset at a time.
    public func history(_ targets: FetchTargets, in quote: AssetSymbol, from start: LocalDate, through end: LocalDate)
        throws
        -> FetchResult
    {
        var result = FetchResult()
        for (index, target) in targets.assets.enumerated() {
            progress.show("history \(index + 1)/\(targets.assets.count): \(target.symbol)")
            for name in setup.order(for: target.assetClass, forced: forcedSource)
            where result.pricedBy[target.symbol] == nil {
                let source = try setup.source(name)
                let before = setup.http.requestCount(name)
                defer { result.requests[name, default: 0] += setup.http.requestCount(name) - before }
                do {
                    let prices = try source.dailyPrices(of: target.symbol, in: quote, from: start, through: end)
                    guard !prices.isEmpty else {
                        throw MarketDataError.empty(source: name, what: "prices for \(target.symbol)")
                    }
                    result.observations += prices
                    result.pricedBy[target.symbol] = name
                } catch let error as MarketDataError {
                    result.failures[target.symbol, default: []].append(error)
                }
            }
        }
        progress.clear()
        return result
    }
}

/// One progress line on stderr, rewritten in place; only on a terminal.
public struct Progress {
    public let context: MarketContext

    public init(context: MarketContext) {
        self.context = context
    }

    public func show(_ text: String) {
        guard context.showsProgress else { return }
        context.notices.write("\r\u{1B}[2K" + text + "…")
    }

    public func clear() {
        guard context.showsProgress else { return }
        context.notices.write("\r\u{1B}[2K")
    }
}

extension FetchResult {
    /// Why no source priced `asset`: each source's failure as a sentence (none when one did).
    public func reasons(_ asset: AssetSymbol) -> [String] {
        (failures[asset] ?? []).map(\.description)
    }
}
