import LedgerCore
import LedgerStore
import LedgerTestSupport
import Testing

@testable import LedgerApp

/// When the price behind a report's holding was recorded (issue 34): looked up by pair and
/// instant, it must be what the rule over the whole table gave, seeded.
@Suite("Report: when a holding's price was recorded")
struct ReportRecordedAtTests {
    /// The rule as it was written over every stored observation.
    static func wholeTable(_ quote: PriceQuote, asset: AssetSymbol, in stored: [RecordedPrice]) -> Timestamp? {
        stored.filter {
            $0.observation.observedAt == quote.observedAt && $0.observation.source == quote.source
                && ($0.observation.asset == asset || $0.observation.quote == asset)
        }.map(\.fetchedAt).max()
    }

    @Test("one lookup per pair gives what a read of the whole table gave", arguments: [0x34A, 0x34B] as [UInt64])
    func agrees(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let store = try Ledger(path: ":memory:", mode: .createIfMissing)
        let symbols = ["BTC", "ETH", "EUR", "USD"].map { AssetSymbol($0)! }
        let sources = ["manual", "coingecko", "import"]
        for round in 0..<4 {
            var batch: [PriceObservation] = []
            for _ in 0..<60 {
                let asset = symbols[Int(random.next() % 4)]
                let quote = symbols[Int(random.next() % 4)]
                guard asset != quote else { continue }
                batch.append(
                    PriceObservation(
                        asset: asset, quote: quote,
                        observedAt: Timestamp(secondsSinceEpoch: 1_700_000_000 + Int64(random.next() % 6) * 60),
                        price: ExactDecimal(Int(random.next() % 1000) + 1), source: sources[Int(random.next() % 3)]))
            }
            try store.prices.record(batch, fetchedAt: Timestamp(secondsSinceEpoch: 1_800_000_000 + Int64(round)))
        }
        let stored = try store.prices.observations(asset: nil)
        let pairs = try store.prices.pairs()
        var compared = 0
        for observation in stored.map(\.observation) {
            let quote = PriceQuote(
                value: observation.price, observedAt: observation.observedAt, source: observation.source)
            for asset in symbols {
                let expected = Self.wholeTable(quote, asset: asset, in: stored)
                #expect(
                    try ReportAssembly.recordedAt(quote, asset: asset, pairs: pairs, in: store.prices) == expected,
                    "seed \(seed)")
                compared += expected == nil ? 0 : 1
            }
        }
        #expect(compared > 100, "seed \(seed): the lookups found recorded prices")
    }
}
