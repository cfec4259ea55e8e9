import LedgerCore
import LedgerMarketData
import LedgerStore

/// What a refresh fetched, held until the conversion succeeds (a failing command writes
/// nothing), plus the warnings of the sources that failed.
public struct RefreshedRates {
    public init() {}

    public var observations: [PriceObservation] = []
    public var fxRates: [FXRates] = []
    public var warnings: [String] = []

    /// Every observation, FX rates included.
    public var allObservations: [PriceObservation] { observations + fxRates.flatMap(\.observations) }

    public func record(in store: Ledger, fetchedAt: Timestamp) throws {
        try store.record(observations, rates: fxRates, fetchedAt: fetchedAt)
    }
}

/// Fetches what one conversion needs: FX rates for a fiat pair, the latest (or that day's)
/// price of a crypto or stock side in the fiat side's currency (USD between two non-fiat
/// assets), and the FX rate from the currency a price came in. A pair fetched directly less
/// than `refreshAfter` ago is not fetched again; a failing source leaves a warning, never an
/// error — the conversion then uses the cache.
public struct RateRefresher {
    public let setup: MarketSetup
    public let store: any PriceStore
    public let now: Timestamp

    public init(setup: MarketSetup, store: any PriceStore, now: Timestamp) {
        self.setup = setup
        self.store = store
        self.now = now
    }

    public func refresh(_ from: Asset, _ to: Asset, date: LocalDate?) throws -> RefreshedRates {
        var refreshed = RefreshedRates()
        if from.isFiat && to.isFiat {
            try fx(from.symbol, to.symbol, date: date, into: &refreshed)
            return refreshed
        }
        let fiat = [from, to].first(where: \.isFiat)?.symbol ?? AssetSymbol(LedgerSetting.defaultCurrency)!
        for side in [from, to] where !side.isFiat {
            if let quote = try price(side, in: fiat, date: date, into: &refreshed), quote != fiat {
                try fx(quote, fiat, date: date, into: &refreshed)
            }
        }
        return refreshed
    }

    /// True when a direct observation of the pair (either way round) answers: fetched within
    /// `refreshAfter` for now, or observed within four days before a past date.
    private func isFresh(_ asset: AssetSymbol, _ quote: AssetSymbol, date: LocalDate?) throws -> Bool {
        let direct =
            try store.observations(asset: asset).filter { $0.observation.quote == quote }
            + store.observations(asset: quote).filter { $0.observation.quote == asset }
        if let date {
            return direct.contains {
                $0.observation.observedAt.date <= date && $0.observation.observedAt.date >= date.adding(days: -4)
            }
        }
        let limit = Int64(setup.config.refreshAfter)
        return direct.contains { now.secondsSinceEpoch - $0.fetchedAt.secondsSinceEpoch < limit }
    }

    private func fx(_ base: AssetSymbol, _ quote: AssetSymbol, date: LocalDate?, into refreshed: inout RefreshedRates)
        throws
    {
        guard try !isFresh(base, quote, date: date) else { return }
        var problems: [String] = []
        // The ECB publishes 31 currencies; asking frankfurter for another only costs a request
        // (and, offline, a warning) before the cache says "no source publishes it".
        let unpublished = !FrankfurterSource.publishes(base) || !FrankfurterSource.publishes(quote)
        for name in setup.order(for: .fiat, forced: nil) where !(unpublished && name == "frankfurter") {
            do {
                refreshed.fxRates.append(try setup.source(name).fxRates(base: base, on: date))
                return
            } catch let error as MarketDataError {
                problems.append(error.description)
            }
        }
        guard !problems.isEmpty else { return }
        refreshed.warnings.append("could not refresh \(base) in \(quote): \(problems.joined(separator: "; "))")
    }

    /// Fetches the price of `asset`; returns the currency it came in (nil when none came).
    private func price(_ asset: Asset, in fiat: AssetSymbol, date: LocalDate?, into refreshed: inout RefreshedRates)
        throws -> AssetSymbol?
    {
        if try isFresh(asset.symbol, fiat, date: date) { return nil }
        var problems: [String] = []
        for name in setup.order(for: asset.assetClass, forced: nil) {
            do {
                let source = try setup.source(name)
                let observations: [PriceObservation]
                if let date {
                    observations = try source.dailyPrices(of: asset.symbol, in: fiat, from: date, through: date)
                } else {
                    observations = try source.latestPrices(of: [asset.symbol], in: fiat).observations
                }
                guard let first = observations.first else {
                    throw MarketDataError.unknownSymbol(source: name, symbol: asset.symbol.text)
                }
                refreshed.observations += observations
                return first.quote
            } catch let error as MarketDataError {
                problems.append(error.description)
            }
        }
        refreshed.warnings.append("could not refresh the \(asset.symbol) price: \(problems.joined(separator: "; "))")
        return nil
    }
}

/// Looks up when an observation was fetched.
public enum CachedRate {
    /// The latest fetch time of `observation` among the stored ones (it may have been
    /// fetched again since it was observed).
    public static func fetchedAt(_ observation: PriceObservation, in stored: [RecordedPrice]) -> Timestamp {
        stored.filter { $0.observation == observation }.map(\.fetchedAt).max() ?? observation.observedAt
    }
}
