import LedgerCore

/// One history request: the daily prices of `asset` in `quote` from `first` through `last`,
/// asked of `source` in one call (one HTTP request: the span fits the source's limit).
public struct HistoryRequest: Hashable, CustomStringConvertible {
    public let asset: AssetSymbol
    public let quote: AssetSymbol
    public let source: String
    public let first: LocalDate
    public let last: LocalDate

    public var description: String { "\(asset)/\(quote) \(first)..\(last) from \(source)" }
}

/// The days one pair of the price table lacks, and the needs (as the replay reported them)
/// each pair serves.
public struct PairNeed: Equatable {
    public let pair: AssetPair
    public let assetClass: AssetClass
    /// The days that need a price, ascending, without repeats.
    public let days: [LocalDate]

    /// How far before a day a price may be observed and still value that day's events: the
    /// previous close for crypto (traded every day), a week for currencies and stocks
    /// (weekends and holidays have no rate; the last one holds).
    public var leadIn: Int { assetClass == .crypto ? 1 : 7 }

    /// True when `observations` of the pair (either way round) hold a price for `day`:
    /// observed at or before its first second, at most ``leadIn`` days before.
    public func isCovered(_ day: LocalDate, by observations: [PriceObservation]) -> Bool {
        let earliest = day.adding(days: -leadIn).startOfDay
        let latest = day.startOfDay
        return observations.contains { observation in
            (observation.asset == pair.asset && observation.quote == pair.quote
                || observation.asset == pair.quote && observation.quote == pair.asset)
                && observation.observedAt >= earliest && observation.observedAt <= latest
        }
    }
}

/// Turns the valuations a replay could not make into the fewest history requests.
///
/// A need for an asset in a currency is fetched as it is. A need in a crypto quote (USDT,
/// USDC, BTC …) is never taken as 1:1: it becomes the asset in the ledger currency and the
/// quote itself in the ledger currency (valuation bridges the two). Each pair's days are then
/// cut into as few ranges as the source allows (one when the span fits its limit).
public enum MissingPricePlan {
    /// The pairs to fetch, in pair order, each with the days it lacks.
    public static func pairs(_ missing: [MissingPrice], currency: AssetSymbol, classOf: (AssetSymbol) -> AssetClass)
        -> [PairNeed]
    {
        var days: [AssetPair: Set<LocalDate>] = [:]
        for need in missing {
            for pair in fetched(need, currency: currency, classOf: classOf) { days[pair, default: []].insert(need.day) }
        }
        return days.keys.sorted().map { pair in
            PairNeed(pair: pair, assetClass: classOf(pair.asset), days: days[pair]!.sorted())
        }
    }

    /// The pairs whose prices value `need`: itself, or through the ledger currency.
    public static func fetched(_ need: MissingPrice, currency: AssetSymbol, classOf: (AssetSymbol) -> AssetClass)
        -> [AssetPair]
    {
        guard need.asset != need.quote else { return [] }
        guard classOf(need.quote) != .fiat else { return [AssetPair(need.asset, need.quote)] }
        return [need.asset, need.quote].filter { $0 != currency }.map { AssetPair($0, currency) }
    }

    /// The requests for `days` of one pair from `source`, newest first. `limit` is the most
    /// days one request returns (nil: any span). Days are grouped greedily from the newest:
    /// a group grows while its span, with the lead-in, still fits one request.
    public static func requests(_ need: PairNeed, days: [LocalDate], source: String, limit: Int?) -> [HistoryRequest] {
        // A source must return more days than the lead-in, or no day would fit a request.
        let limit = limit.map { max($0, need.leadIn + 1) }
        var requests: [HistoryRequest] = []
        var remaining = days.sorted()
        while let last = remaining.last {
            var first = last
            while let day = remaining.last,
                limit.map({ day.adding(days: -need.leadIn).daysSinceEpoch > last.daysSinceEpoch - $0 }) ?? true
            {
                first = day
                remaining.removeLast()
            }
            requests.append(
                HistoryRequest(
                    asset: need.pair.asset, quote: need.pair.quote, source: source,
                    first: first.adding(days: -need.leadIn), last: last))
        }
        return requests
    }
}
