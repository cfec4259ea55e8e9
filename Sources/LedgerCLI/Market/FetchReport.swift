import LedgerApp
import LedgerCore

/// What `prices fetch` prints: per source, the assets it priced and the requests it took
/// (LedgerApp's ``FetchFallback`` has said on stderr what it could not price).
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
}
