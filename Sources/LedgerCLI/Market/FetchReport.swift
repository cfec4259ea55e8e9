import LedgerApp
import LedgerCore
import LedgerMarketData
import LedgerStore

/// What `prices fetch` prints: per source, the assets it priced and the requests it took;
/// then, on stderr, every asset it could not price with the cached price used instead.
struct FetchReport {
    let targets: FetchTargets
    let result: FetchResult
    let quote: AssetSymbol
    let now: Timestamp
    let history: Bool

    func summary() -> String {
        let priced = targets.assets.map(\.symbol).filter { result.pricedBy[$0] != nil }
        let count = targets.assets.count
        let what =
            history
            ? "\(result.observations.count) daily price\(result.observations.count == 1 ? "" : "s") for" : "prices of"
        var text = "Fetched \(what) \(priced.count) of \(count) asset\(count == 1 ? "" : "s") in \(quote) at \(now):\n"
        for source in result.requests.keys.sorted() {
            let assets = priced.filter { result.pricedBy[$0] == source }.map(\.text)
            let requests = result.requests[source] ?? 0
            let list = assets.isEmpty ? "nothing" : assets.joined(separator: " ")
            text +=
                "  " + source + String(repeating: " ", count: max(1, 15 - source.count))
                + "\(list)  (\(requests) request\(requests == 1 ? "" : "s"))\n"
        }
        for rates in result.fxRates where rates.date != now.date {
            text += "  \(rates.source) rates are those published for \(rates.date) (ECB rates appear on working days)\n"
        }
        return text
    }

    /// Prints, for each asset not fetched, why, and the cached price used instead with its
    /// age. Fails (before anything is recorded) when nothing was fetched and some asset has
    /// no cached price either, or with `maxAge` when a price had to come from the cache and is
    /// older than that, or is missing.
    func fallBack(store: Ledger, maxAge: Int64?, environment: CommandEnvironment) throws {
        let missing = targets.assets.map(\.symbol).filter { result.pricedBy[$0] == nil }
        guard !missing.isEmpty else { return }
        let table = try store.prices.priceTable()
        var stale: [String] = []
        for asset in missing {
            let reasons = (result.failures[asset] ?? []).map(\.description)
            let why = reasons.isEmpty ? "not fetched" : Self.unique(reasons).joined(separator: "; ")
            guard let cached = table.price(of: asset, in: quote, at: now) else {
                environment.writeWarning("\(asset): \(why); no cached price")
                stale.append("\(asset) (none cached)")
                continue
            }
            let age = Age.ago(cached.observedAt, now: now)
            environment.writeWarning("\(asset): \(why); using the cached \(asset) price from \(age) (\(cached.source))")
            if let maxAge, try staleness(of: asset, cached, store: store) > maxAge {
                stale.append("\(asset) (\(age))")
            }
        }
        let uncached = missing.filter { table.price(of: $0, in: quote, at: now) == nil }
        if result.pricedBy.isEmpty && !uncached.isEmpty {
            throw CommandError.data(
                "no price could be fetched, and none is cached for \(uncached.map(\.text).joined(separator: ", "))")
        }
        guard maxAge != nil, !stale.isEmpty else { return }
        throw CommandError.data(
            "prices older than --max-age allows, or missing: \(stale.joined(separator: ", ")); nothing recorded; fetch again when the sources answer"
        )
    }

    /// How stale a cached price is for `--max-age`: an ECB rate by publication (zero while no
    /// newer rate was due after it was fetched, docs/MARKET-DATA.md), anything else by the age
    /// of its observation.
    private func staleness(of asset: AssetSymbol, _ cached: PriceQuote, store: Ledger) throws -> Int64 {
        guard asset.inferredClass == .fiat && quote.inferredClass == .fiat,
            ECBRate.isPublication(source: cached.source, observedAt: cached.observedAt)
        else {
            return now.secondsSinceEpoch - cached.observedAt.secondsSinceEpoch
        }
        let stored = try store.prices.observations(asset: asset) + store.prices.observations(asset: quote)
        let fetched =
            stored.filter { $0.observation.observedAt == cached.observedAt && $0.observation.source == cached.source }
            .map(\.fetchedAt).max() ?? cached.observedAt
        return FXRates.staleness(fetchedAt: fetched, now: now)
    }

    private static func unique(_ texts: [String]) -> [String] {
        var seen = Set<String>()
        return texts.filter { seen.insert($0).inserted }
    }
}
