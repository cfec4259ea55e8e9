import LedgerCore
import LedgerCoreTestSupport
import Testing

/// A year's gains and losses net each sale's disposals per term (`TaxFigures.Tally`): kept in
/// order of the sales' ids while they come in that order, bisected or in a table when they do
/// not, all in the table once many do not. Whatever the order, the figures are those of netting
/// every (sale, term) apart.
@Suite("Tax figures: each sale netted per term, whatever the order of the sales")
struct TaxFiguresTallyTests {
    /// A disposal of sale `event` in `term` with gain `gain`.
    static func disposal(_ event: Int, _ term: HoldingTerm, _ gain: Int) -> TaxDisposal {
        var disposal = TaxDisposal(
            event: EventID(value: UInt128(event)), asset: AssetSymbol("BTC")!, assetClass: .crypto, account: "a",
            quantity: 1, acquired: nil, disposed: Timestamp(secondsSinceEpoch: 1_700_000_000),
            proceeds: ExactDecimal(1_000 + gain), costBasis: 1_000, matches: [], complete: true)
        disposal.term = term
        return disposal
    }

    /// The gains and losses of netting each (sale, term) on its own.
    static func netted(_ disposals: [TaxDisposal]) -> (gains: ExactDecimal, losses: ExactDecimal) {
        var bySale: [String: ExactDecimal] = [:]
        for disposal in disposals {
            bySale["\(disposal.event.value) \(disposal.term!)", default: .zero] += disposal.gain
        }
        var (gains, losses) = (ExactDecimal.zero, ExactDecimal.zero)
        for gain in bySale.values {
            if gain.isNegative { losses += gain.negated } else { gains += gain }
        }
        return (gains, losses)
    }

    /// `count` disposals of sales drawn from `sales` ids: in increasing order of id with each
    /// sale's pieces together (`ordered`), or in any order.
    static func disposals(_ count: Int, sales: Int, ordered: Bool, seed: UInt64) -> [TaxDisposal] {
        var rng = SplitMix64(seed: seed)
        var list = (0..<count).map { _ in
            disposal(
                Int.random(in: 1...sales, using: &rng), Bool.random(using: &rng) ? .short : .long,
                Int.random(in: -50...50, using: &rng))
        }
        if ordered {
            list.sort { ($0.event.value, $0.term == .long ? 1 : 0) < ($1.event.value, $1.term == .long ? 1 : 0) }
        }
        return list
    }

    @Test(
        "in order, out of order, a few out of order, and past the table's threshold",
        arguments: zip([true, false, false], [5_000, 300, 20_000]))
    func netting(ordered: Bool, count: Int) {
        for seed in 1...3 as ClosedRange<UInt64> {
            var list = Self.disposals(count, sales: count / 3, ordered: ordered, seed: seed)
            if ordered {
                // A few sales again after higher ones (an event with two times, two assets of
                // one event): found by bisection, or new below the highest.
                list += [Self.disposal(5, .long, -7), Self.disposal(count, .short, 9), Self.disposal(2, .short, 40)]
                list += Self.disposals(200, sales: count / 3, ordered: true, seed: seed + 10)
            }
            let figures = TaxFigures(list)
            let expected = Self.netted(list)
            #expect(figures.gains == expected.gains && figures.losses == expected.losses, "\(ordered) \(count) \(seed)")
            #expect(figures.disposals == list.count)
        }
    }

    @Test("the same figures with the sales shuffled within instants, reversed and shuffled")
    func anyOrder() {
        let list = Self.disposals(6_000, sales: 1_500, ordered: true, seed: 9)
        var rng = SplitMix64(seed: 4)
        let figures = TaxFigures(list)
        // Shuffled within runs of 60 (the sales of one instant, by asset), reversed, shuffled.
        let instants = stride(from: 0, to: list.count, by: 60).flatMap {
            list[$0..<min($0 + 60, list.count)].shuffled(using: &rng)
        }
        for other in [instants, Array(list.reversed()), list.shuffled(using: &rng)] {
            let again = TaxFigures(other)
            #expect(again.gains == figures.gains && again.losses == figures.losses)
        }
        // Not a sum of each disposal's gain: netting per sale matters here.
        var unnetted = ExactDecimal.zero
        for disposal in list where !disposal.gain.isNegative { unnetted += disposal.gain }
        #expect(unnetted != figures.gains)
    }
}
