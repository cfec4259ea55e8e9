import LedgerApp
import LedgerCore

extension MissingFetchOutcome {
    /// What the run fetched, per source, and then what is still missing, grouped into runs of
    /// days per pair with the reasons and the command that fills a gap by hand.
    func summary(now: Timestamp) -> String {
        guard !needs.isEmpty else { return "Nothing is missing: every valuation the ledger needs has a price.\n" }
        let pairs = Set(pricedBy.keys)
        var text =
            "Fetched \(fetched) daily price\(fetched == 1 ? "" : "s") for \(pairs.count) pair\(pairs.count == 1 ? "" : "s") at \(now):\n"
        for source in requests.keys.sorted() {
            let priced = pairs.filter { pricedBy[$0]!.contains(source) }.sorted().map { "\($0.asset)/\($0.quote)" }
            let count = requests[source] ?? 0
            let list = priced.isEmpty ? "nothing" : priced.joined(separator: " ")
            text +=
                "  " + source + String(repeating: " ", count: max(1, 15 - source.count))
                + "\(list)  (\(count) request\(count == 1 ? "" : "s"))\n"
        }
        let missing = stillMissing()
        guard !missing.isEmpty else { return text + "Nothing is missing any more.\n" }
        text += "Still missing: \(Self.count(missing.map(\.need))):\n"
        for range in MissingPriceRange.grouped(missing.map(\.need)) {
            let days =
                range.first == range.last ? "\(range.first)" : "\(range.first)..\(range.last) (\(range.days) days)"
            let reasons = missing.filter { $0.need.asset == range.asset && $0.need.quote == range.quote }.flatMap(
                \.reasons)
            var seen = Set<String>()
            text +=
                "  \(range.asset)/\(range.quote) \(days): "
                + reasons.filter { seen.insert($0).inserted }.joined(separator: "; ") + "\n"
        }
        let example = missing[0].need
        return text
            + "Run 'ledger prices fetch --missing' again later, or record a price by hand: 'ledger prices set \(example.asset) PRICE --currency \(example.quote) --date \(example.day)'.\n"
    }

    /// Fails when prices were missing and no source could give any of them.
    func check() throws {
        let left = stillMissing()
        guard fetched == 0, !left.isEmpty else { return }
        throw PricesError.nothingFetched(stillMissing: Self.count(left.map(\.need)))
    }

    /// `9 prices, for 6 events and 3 holdings today`: one count for the list and the error, and
    /// what needs them (a holding valued today has no event).
    static func count(_ needs: [MissingPrice]) -> String {
        let events = Set(needs.flatMap(\.sequences)).count
        let holdings = needs.filter(\.sequences.isEmpty).count
        let parts = [(events, "event"), (holdings, "holding")].filter { $0.0 > 0 }.map {
            "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")"
        }
        let today = holdings > 0 ? " today" : ""
        return "\(needs.count) price\(needs.count == 1 ? "" : "s"), for \(parts.joined(separator: " and "))\(today)"
    }
}
