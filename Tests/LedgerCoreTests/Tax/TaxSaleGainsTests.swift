import LedgerTestSupport
import Testing

@testable import LedgerCore

/// ``SaleGains`` nets a sale's pieces per instant instead of through a dictionary of every
/// sale: it must give the same netted gains, in time order or not.
@Suite("Tax sale gains: netted per instant against a dictionary")
struct TaxSaleGainsTests {
    @Test("pieces of sales at shared instants, in time order and shuffled", arguments: [1, 2, 3, 4] as [UInt64])
    func matchesDictionary(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var pieces: [(event: EventID, term: HoldingTerm, gain: ExactDecimal, time: Timestamp)] = []
        var event = 0
        for instant in 0..<200 {
            let time = Timestamp(secondsSinceEpoch: Int64(instant) * 86_400)
            var sales: [(EventID, HoldingTerm, ExactDecimal)] = []
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                event += 1
                // Several pieces, terms mixed (HIFO), gains of both signs.
                for _ in 0..<Int.random(in: 1...4, using: &rng) {
                    let term: HoldingTerm = Bool.random(using: &rng) ? .short : .long
                    sales.append(
                        (EventID(value: UInt128(event)), term, ExactDecimal(Int.random(in: -50...50, using: &rng))))
                }
            }
            // A fee paid in a third asset: the sale's piece listed elsewhere at its instant.
            if sales.count > 2, Bool.random(using: &rng) { sales.swapAt(0, sales.count - 1) }
            pieces += sales.map { ($0.0, $0.1, $0.2, time) }
        }
        for order in [pieces, pieces.shuffled(using: &rng)] {
            var netting = SaleGains()
            var reference: [String: ExactDecimal] = [:]
            for piece in order {
                netting.add(piece.gain, of: piece.event, term: piece.term, at: piece.time)
                reference["\(piece.event) \(piece.term)", default: .zero] += piece.gain
            }
            let sorted = { (gains: [ExactDecimal]) in gains.sorted { $0 < $1 } }
            #expect(sorted(netting.finish()) == sorted(Array(reference.values)), "seed \(seed)")
        }
    }
}
