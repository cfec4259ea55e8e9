/// One observed price: `asset` cost `price` units of `quote` at `observedAt`, according to
/// `source` (`manual`, `import`, `coingecko`, …).
public struct PriceObservation: Hashable, Sendable {
    public let asset: AssetSymbol
    public let quote: AssetSymbol
    public let observedAt: Timestamp
    public let price: ExactDecimal
    public let source: String

    public init(asset: AssetSymbol, quote: AssetSymbol, observedAt: Timestamp, price: ExactDecimal, source: String) {
        self.asset = asset
        self.quote = quote
        self.observedAt = observedAt
        self.price = price
        self.source = source
    }
}

/// A price found for a valuation: the value per unit in the wanted currency and when (and
/// from where) the observation it rests on was made. Through a bridge (BTC→USD→EUR) the
/// older of the two observations is reported.
public struct PriceQuote: Hashable, Sendable {
    public let value: ExactDecimal
    public let observedAt: Timestamp
    public let source: String

    public init(value: ExactDecimal, observedAt: Timestamp, source: String) {
        self.value = value
        self.observedAt = observedAt
        self.source = source
    }
}

/// One observation a price rests on, used as observed or inverted (USD in EUR from EUR/USD).
public struct PriceLeg: Hashable, Sendable {
    public let observation: PriceObservation
    public let inverted: Bool

    public init(observation: PriceObservation, inverted: Bool) {
        self.observation = observation
        self.inverted = inverted
    }

    /// One unit of the asset asked for, in the currency asked for.
    public var value: ExactDecimal { inverted ? .one / observation.price : observation.price }

    /// `amount` carried across this leg: multiplied by the price, or divided by it when
    /// inverted (exact to 18 places, without first rounding the inverse).
    public func convert(_ amount: ExactDecimal) -> ExactDecimal {
        inverted ? amount / observation.price : amount * observation.price
    }
}

/// The observations behind a price: none (an asset in itself), one, or two through a bridge.
public enum PriceDerivation: Hashable, Sendable {
    case identity
    case single(PriceLeg)
    case bridge(PriceLeg, PriceLeg)

    public var legs: [PriceLeg] {
        switch self {
        case .identity: []
        case .single(let leg): [leg]
        case .bridge(let first, let second): [first, second]
        }
    }

    /// True when the value is not an observation as published: inverted or bridged.
    public var isDerived: Bool {
        if case .single(let leg) = self { return leg.inverted }
        return self != .identity
    }

    /// The value and the observation it rests on (through a bridge, the older leg's).
    public func quote(at time: Timestamp) -> PriceQuote {
        switch self {
        case .identity:
            return PriceQuote(value: .one, observedAt: time, source: "identity")
        case .single(let leg):
            return PriceQuote(value: leg.value, observedAt: leg.observation.observedAt, source: leg.observation.source)
        case .bridge(let first, let second):
            let older =
                first.observation.observedAt < second.observation.observedAt ? first.observation : second.observation
            return PriceQuote(value: first.value * second.value, observedAt: older.observedAt, source: older.source)
        }
    }

    /// `amount` carried across every leg, exactly (no rounded intermediate rate).
    public func convert(_ amount: ExactDecimal) -> ExactDecimal {
        legs.reduce(amount) { $1.convert($0) }
    }
}

/// Every recorded price, indexed for "the latest price of A in Q at or before T".
///
/// Lookups consider the identity (USD in USD is 1), a direct observation A/Q, the inverse of
/// Q/A, and one bridge through any currency C with A/C and C/Q (or their inverses); between two
/// fiat currencies only through another fiat currency. The newest observation wins.
/// Nothing is ever extrapolated: a missing price is nil, never zero.
///
/// A table holds its observations (``init(_:)``) or reads them from a store as lookups need
/// them (``init(reading:)``): then only the pairs are read up front, and each pair's series
/// a window at a time (``PriceSeriesCache``).
public struct PriceTable: Sendable {
    private typealias Pair = PricePair
    private var series: [Pair: [PriceObservation]] = [:]
    private var quotesByAsset: [AssetSymbol: Set<AssetSymbol>] = [:]
    private var cache: PriceSeriesCache?
    private var pairs: Set<Pair> = []

    /// Prices that are fixed by their issuer, not by a market: Kraken's fee credits are worth
    /// 0.01 USD each (docs/VALUATION.md, "Fee credits"). They hold at every time, under any
    /// recorded observation of the same pair, which wins.
    public static let fixed: [PriceObservation] = [
        PriceObservation(
            asset: AssetSymbol("KFEE")!, quote: AssetSymbol("USD")!, observedAt: Timestamp(secondsSinceEpoch: 0),
            price: ExactDecimal(units: ExactDecimal.unitsPerOne / 100), source: "fixed")
    ]

    public init(_ observations: [PriceObservation] = []) {
        linkFixed()
        for observation in observations {
            series[Pair(asset: observation.asset, quote: observation.quote), default: []].append(observation)
            link(observation.asset, observation.quote)
        }
        for key in series.keys {
            series[key]!.sort { ($0.observedAt, $0.source) < ($1.observedAt, $1.source) }
        }
        pairs = Set(series.keys)
    }

    /// A table that reads `source` as lookups need it: the list of pairs now, each pair's
    /// observations when a lookup first reaches it. The lookups of a source that fails find no
    /// price; ``readFailure`` then holds the error, which a caller must check.
    public init(reading source: any PriceSeriesSource) throws {
        linkFixed()
        pairs = Set(try source.pairs())
        for pair in pairs { link(pair.asset, pair.quote) }
        cache = PriceSeriesCache(source: source)
    }

    /// The first error of the source a table reads (``init(reading:)``), if any.
    public var readFailure: (any Error)? { cache?.failure }

    private mutating func linkFixed() {
        for fixed in Self.fixed { link(fixed.asset, fixed.quote) }
    }

    private mutating func link(_ asset: AssetSymbol, _ quote: AssetSymbol) {
        quotesByAsset[asset, default: []].insert(quote)
        quotesByAsset[quote, default: []].insert(asset)
    }

    /// True when no price is recorded.
    public var isEmpty: Bool { pairs.isEmpty }

    /// The latest value of one unit of `asset` in `quote` observed at or before `time`.
    public func price(of asset: AssetSymbol, in quote: AssetSymbol, at time: Timestamp) -> PriceQuote? {
        derivation(of: asset, in: quote, at: time)?.quote(at: time)
    }

    /// How ``price(of:in:at:)`` finds its value: the identity, one observation (direct or
    /// inverted), or two through a bridge currency. The newest observation wins whatever its
    /// route (a bridge counts as old as its older leg); on a tie the shorter route wins, so a
    /// 2020 manual BTC/USD price never hides a 2025 import reached through EUR.
    public func derivation(of asset: AssetSymbol, in quote: AssetSymbol, at time: Timestamp) -> PriceDerivation? {
        if asset == quote { return .identity }
        var best = pairLeg(asset, quote, at: time).map(PriceDerivation.single)
        // A rate between two currencies is never bridged through a crypto asset: its two legs
        // may be days apart (a BTC/EUR trade and an older BTC/USD close), and the volatile
        // asset's move would pass for an exchange rate.
        let fiatOnly = asset.inferredClass == .fiat && quote.inferredClass == .fiat
        let bridges = (quotesByAsset[asset] ?? []).intersection(quotesByAsset[quote] ?? []).sorted()
        for bridge in bridges where !fiatOnly || bridge.inferredClass == .fiat {
            if let found = best, Self.observedAt(found) >= time { break }
            guard let first = pairLeg(asset, bridge, at: time), let second = pairLeg(bridge, quote, at: time) else {
                continue
            }
            let candidate = PriceDerivation.bridge(first, second)
            if best.map({ Self.observedAt(candidate) > Self.observedAt($0) }) ?? true { best = candidate }
        }
        return best
    }

    /// When the observation a derivation rests on was made (through a bridge, the older leg).
    private static func observedAt(_ derivation: PriceDerivation) -> Timestamp {
        derivation.legs.map(\.observation.observedAt).min() ?? Timestamp(secondsSinceEpoch: .max)
    }

    /// A direct or inverted observation of one pair, the newer of the two (direct on a tie).
    private func pairLeg(_ asset: AssetSymbol, _ quote: AssetSymbol, at time: Timestamp) -> PriceLeg? {
        let direct = latest(Pair(asset: asset, quote: quote), at: time) ?? fixed(asset, quote)
        let inverse = (latest(Pair(asset: quote, quote: asset), at: time) ?? fixed(quote, asset))
            .flatMap { $0.price.isPositive ? $0 : nil }
        if let inverse, direct.map({ inverse.observedAt > $0.observedAt }) ?? true {
            return PriceLeg(observation: inverse, inverted: true)
        }
        return direct.map { PriceLeg(observation: $0, inverted: false) }
    }

    private func fixed(_ asset: AssetSymbol, _ quote: AssetSymbol) -> PriceObservation? {
        Self.fixed.first { $0.asset == asset && $0.quote == quote }
    }

    /// The last observation of `pair` at or before `time`.
    private func latest(_ pair: Pair, at time: Timestamp) -> PriceObservation? {
        if let cache {
            return pairs.contains(pair) ? cache.latest(pair, at: time) : nil
        }
        return series[pair].flatMap { Self.last(in: $0, atOrBefore: time) }
    }

    /// Binary search for the last of `list` (oldest first) observed at or before `time`.
    static func last(in list: [PriceObservation], atOrBefore time: Timestamp) -> PriceObservation? {
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle].observedAt <= time { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : list[low - 1]
    }

    /// Every observation, oldest first within each pair (a table that reads a store reads
    /// them all).
    public var observations: [PriceObservation] {
        pairs.sorted { ($0.asset, $0.quote) < ($1.asset, $1.quote) }.flatMap { cache?.all($0) ?? series[$0]! }
    }
}
