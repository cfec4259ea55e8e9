import LedgerCore
import LedgerMarketData
import LedgerStore

/// `prices fetch --missing`: fetches the daily prices the ledger's valuations lack, in the
/// fewest requests (``MissingPricePlan``), each source of a class in the fallback order, and
/// records every answer as soon as it arrives, so an interrupted run keeps what it fetched and
/// the next run asks only for what is still missing.
struct MissingPriceFetch {
    let setup: MarketSetup
    let store: SQLiteEventStore
    /// The ledger currency: crypto quotes are fetched in it.
    let currency: AssetSymbol
    let forcedSource: String?
    let progress: Progress
    let now: Timestamp

    /// What the replay could not value. Injectable, so tests can hand in needs of their own.
    typealias Needs = () throws -> [MissingPrice]

    func run(_ needs: Needs) throws -> MissingFetchOutcome {
        let missing = try needs()
        var classes: [AssetSymbol: AssetClass] = [:]
        for symbol in Set(missing.flatMap { [$0.asset, $0.quote] } + [currency]) {
            classes[symbol] = try store.assetClass(of: symbol) ?? symbol.inferredClass
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
                    try store.record(prices, fetchedAt: now)
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
        let direct = try store.observations(asset: pair.asset).map(\.observation).filter { $0.quote == pair.quote }
        let inverse = try store.observations(asset: pair.quote).map(\.observation).filter { $0.quote == pair.asset }
        return direct + inverse
    }
}

/// One pair's progress through its sources: the days still lacking, why, and the earliest
/// day each source that answered has a price for.
private struct PairState {
    var days: [LocalDate]
    var reasons: [String] = []
    var answered: [String: LocalDate?] = [:]

    mutating func noteAnswer(_ prices: [PriceObservation], from source: String) {
        let earliest = prices.map(\.observedAt.date).min()
        if let known = answered[source], let previous = known {
            answered[source] = earliest.map { min($0, previous) } ?? previous
        } else {
            answered[source] = earliest
        }
    }

    /// Why no source gave a price for `day`: their errors, or how far back their data goes.
    func reason(for day: LocalDate, leadIn: Int) -> String {
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
struct DayOfPair: Hashable {
    let pair: AssetPair
    let day: LocalDate
}

/// What a `--missing` run did: requests per source, prices recorded, which source priced each
/// pair, and every day of a pair still lacking, with the reason.
struct MissingFetchOutcome {
    let needs: [MissingPrice]
    let currency: AssetSymbol
    /// The class of every symbol of the needs (what the ledger says, else inferred).
    let classes: [AssetSymbol: AssetClass]
    var requests: [String: Int] = [:]
    var fetched = 0
    var pricedBy: [AssetPair: [String]] = [:]
    var lacking: [DayOfPair: String] = [:]

    func classOf(_ symbol: AssetSymbol) -> AssetClass { classes[symbol] ?? symbol.inferredClass }
}
