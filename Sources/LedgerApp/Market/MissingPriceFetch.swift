import LedgerCore
import LedgerMarketData
import LedgerStore

/// `prices fetch --missing`: fetches the daily prices the ledger's valuations lack, in the
/// fewest requests (``MissingPricePlan``), each source of a class in the fallback order, and
/// records every answer as soon as it arrives, so an interrupted run keeps what it fetched and
/// the next run asks only for what is still missing. `setup` caches the sources' coin lists in
/// its own ledger: the user's (the CLI) or the server's shared market cache; `store` is the
/// books the prices are recorded in (a ledger file or a user's books in the server's database).
public struct MissingPriceFetch {
    public let setup: MarketSetup
    public let store: any BookStores
    /// The ledger currency: crypto quotes are fetched in it.
    public let currency: AssetSymbol
    public let forcedSource: String?
    public let progress: Progress
    public let now: Timestamp

    public init(
        setup: MarketSetup, store: any BookStores, currency: AssetSymbol, forcedSource: String?, progress: Progress,
        now: Timestamp
    ) {
        self.setup = setup
        self.store = store
        self.currency = currency
        self.forcedSource = forcedSource
        self.progress = progress
        self.now = now
    }

    /// What the replay could not value. Injectable, so tests can hand in needs of their own.
    public typealias Needs = () throws -> [MissingPrice]

    public func run(_ needs: Needs) throws -> MissingFetchOutcome {
        let missing = try needs()
        var classes: [AssetSymbol: AssetClass] = [:]
        for symbol in Set(missing.flatMap { [$0.asset, $0.quote] } + [currency]) {
            classes[symbol] = try store.events.assetClass(of: symbol) ?? symbol.inferredClass
        }
        var run = Run(outcome: MissingFetchOutcome(needs: missing, currency: currency, classes: classes))
        let pairs = MissingPricePlan.pairs(missing, currency: currency, classOf: run.outcome.classOf)
        for (index, need) in pairs.enumerated() {
            try fetch(need, label: "prices \(index + 1)/\(pairs.count)", in: &run)
        }
        progress.clear()
        try setup.commit()
        return run.outcome
    }

    /// The outcome so far and the sources found down (not asked again in this run).
    private struct Run {
        var outcome: MissingFetchOutcome
        var down: [String: String] = [:]
    }

    /// Asks each source of the pair's class in turn for the days still lacking.
    private func fetch(_ need: PairNeed, label: String, in run: inout Run) throws {
        var have = try cached(need.pair)
        var state = PairState(days: need.days.filter { !need.isCovered($0, by: have) })
        for name in setup.order(for: need.assetClass, forced: forcedSource) where !state.days.isEmpty {
            if let reason = run.down[name] {
                state.reasons.append(reason)
                continue
            }
            let source = try setup.source(name)
            for request in MissingPricePlan.requests(
                need, days: state.days, source: name, limit: source.historyDaysPerRequest)
            {
                progress.show("\(label): \(request)")
                let before = setup.http.requestCount(name)
                defer { run.outcome.requests[name, default: 0] += setup.http.requestCount(name) - before }
                do {
                    let prices = try source.dailyPrices(
                        of: request.asset, in: request.quote, from: request.first, through: request.last)
                    try store.prices.record(prices, fetchedAt: now)
                    have += prices
                    run.outcome.fetched += prices.count
                    state.noteAnswer(prices, from: name)
                } catch let error as MarketDataError {
                    state.reasons.append(error.description)
                    if error.isSourceFailure { run.down[name] = error.description }
                    break
                }
            }
            if case .some(.some) = state.answered[name] { run.outcome.pricedBy[need.pair, default: []].append(name) }
            state.days = state.days.filter { !need.isCovered($0, by: have) }
        }
        for day in state.days {
            run.outcome.lacking[DayOfPair(pair: need.pair, day: day)] = state.reason(for: day, leadIn: need.leadIn)
        }
    }

    /// The prices already recorded for a pair, either way round.
    private func cached(_ pair: AssetPair) throws -> [PriceObservation] {
        let direct = try store.prices.observations(asset: pair.asset).map(\.observation).filter {
            $0.quote == pair.quote
        }
        let inverse = try store.prices.observations(asset: pair.quote).map(\.observation).filter {
            $0.quote == pair.asset
        }
        return direct + inverse
    }
}

/// One pair's progress through its sources: the days still lacking, why, and the earliest
/// day each source that answered has a price for.
private struct PairState {
    public var days: [LocalDate]
    public var reasons: [String] = []
    public var answered: [String: LocalDate?] = [:]

    public mutating func noteAnswer(_ prices: [PriceObservation], from source: String) {
        let earliest = prices.map(\.observedAt.date).min()
        if let known = answered[source], let previous = known {
            answered[source] = earliest.map { min($0, previous) } ?? previous
        } else {
            answered[source] = earliest
        }
    }

    /// Why no source gave a price for `day`: their errors, or how far back their data goes.
    public func reason(for day: LocalDate, leadIn: Int) -> String {
        var texts = reasons
        for source in answered.keys.sorted() {
            switch answered[source]! {
            case .some(let first) where first > day.adding(days: -leadIn):
                texts.append("\(source) has no price before \(first) (not listed earlier?)")
            default:
                texts.append("\(source) has no price for \(day) or the day before")
            }
        }
        var seen = Set<String>()
        let unique = texts.filter { seen.insert($0).inserted }
        return unique.isEmpty ? "no source is configured for it" : unique.joined(separator: "; ")
    }
}

/// One day of one fetched pair.
public struct DayOfPair: Hashable {
    public let pair: AssetPair
    public let day: LocalDate

    public init(pair: AssetPair, day: LocalDate) {
        self.pair = pair
        self.day = day
    }
}

/// What a `--missing` run did: requests per source, prices recorded, which source priced each
/// pair, and every day of a pair still lacking, with the reason.
public struct MissingFetchOutcome {
    public let needs: [MissingPrice]
    public let currency: AssetSymbol
    /// The class of every symbol of the needs (what the ledger says, else inferred).
    public let classes: [AssetSymbol: AssetClass]
    public var requests: [String: Int] = [:]
    public var fetched = 0
    public var pricedBy: [AssetPair: [String]] = [:]
    public var lacking: [DayOfPair: String] = [:]

    public func classOf(_ symbol: AssetSymbol) -> AssetClass { classes[symbol] ?? symbol.inferredClass }
}

extension MissingFetchOutcome {
    /// The needs whose valuation still lacks a price: a need in a crypto quote lacks one when
    /// either of its two pairs does.
    public func stillMissing() -> [(need: MissingPrice, reasons: [String])] {
        needs.sorted().compactMap { need in
            let reasons = MissingPricePlan.fetched(need, currency: currency, classOf: classOf).compactMap { pair in
                lacking[DayOfPair(pair: pair, day: need.day)].map {
                    pair == AssetPair(need.asset, need.quote) ? $0 : "\(pair.asset)/\(pair.quote): \($0)"
                }
            }
            return reasons.isEmpty ? nil : (need, reasons)
        }
    }
}
