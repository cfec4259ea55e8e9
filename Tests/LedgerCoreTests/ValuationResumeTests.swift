import LedgerCore
import LedgerCoreTestSupport
import Testing

/// (d) Replaying a prefix and then the rest with `PortfolioFold.replay(_:from:prices:)` equals
/// replaying everything (the snapshot behind an incremental `ledger portfolio`, DESIGN.md §4).
@Suite("Valuation: resuming a replay")
struct ValuationResumeTests {
    @Test("prefix then suffix equals the whole, at every kind of cut", arguments: ValuationPropertyTests.seeds)
    func prefixThenSuffix(seed: UInt64) {
        let ledger = RandomLedger(seed: seed)
        let count = ledger.events.count
        var rng = SplitMix64(seed: seed)
        let cuts = [0, 1, Int.random(in: 2..<(count - 1), using: &rng), count / 2, count - 1, count]
        for method in BookingMethod.allCases {
            for perAccount in [false, true] {
                let options = ledger.valuation(method, perAccount: perAccount)
                let whole = PortfolioFold.replay(ledger.events, options: options, prices: ledger.prices).snapshot
                for cut in cuts {
                    let prefix = PortfolioFold.replay(
                        Array(ledger.events[..<cut]), options: options, prices: ledger.prices)
                    let resumed = PortfolioFold.replay(
                        Array(ledger.events[cut...]), from: prefix, prices: ledger.prices
                    ).snapshot
                    #expect(
                        resumed == whole,
                        "seed \(seed) \(method) perAccount \(perAccount) cut \(cut) of \(count): \(resumed.firstDifference(from: whole) ?? "")"
                    )
                }
            }
        }
    }

    @Test("resuming twice (three pieces) equals the whole")
    func threePieces() {
        let ledger = RandomLedger(seed: 5)
        let options = ledger.valuation(.lifo, perAccount: true)
        let events = ledger.events
        let third = events.count / 3
        var state = PortfolioFold.replay(Array(events[..<third]), options: options, prices: ledger.prices)
        state = PortfolioFold.replay(Array(events[third..<(2 * third)]), from: state, prices: ledger.prices)
        state = PortfolioFold.replay(Array(events[(2 * third)...]), from: state, prices: ledger.prices)
        let whole = PortfolioFold.replay(events, options: options, prices: ledger.prices).snapshot
        #expect(state.snapshot == whole, "\(state.snapshot.firstDifference(from: whole) ?? "")")
    }

    @Test("a resumed replay keeps the as-of cut-off of the state it continues")
    func resumeKeepsAsOf() {
        var make = Events()
        let events = Events.sequenced([
            make.buy("BTC", "1", at: "100", on: "2024-01-02"),
            make.buy("BTC", "1", at: "100", on: "2024-02-02"),
        ])
        let options = ValuationOptions(currency: sym("USD"), asOf: Events.time("2024-01-31"))
        let prefix = PortfolioFold.replay(Array(events.prefix(1)), options: options, prices: PriceTable())
        let resumed = PortfolioFold.replay(Array(events.suffix(1)), from: prefix, prices: PriceTable())
        #expect(resumed.quantity(of: sym("BTC")) == dec("1") && resumed.eventCount == 1)
    }

    @Test("a void in the suffix of an event in the suffix is applied")
    func voidInsideSuffix() {
        var make = Events()
        let buy = make.buy("BTC", "1", at: "100", on: "2024-01-02")
        let mistake = make.buy("BTC", "9", at: "100", on: "2024-01-03")
        let events = Events.sequenced([buy, mistake, make.void(mistake, on: "2024-01-04")])
        let options = ValuationOptions(currency: sym("USD"), asOf: Events.time("2030-01-01"))
        let prefix = PortfolioFold.replay(Array(events.prefix(1)), options: options, prices: PriceTable())
        let resumed = PortfolioFold.replay(Array(events.dropFirst()), from: prefix, prices: PriceTable())
        #expect(resumed.snapshot == PortfolioFold.replay(events, options: options, prices: PriceTable()).snapshot)
    }
}
