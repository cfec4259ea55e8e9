import LedgerCoreTestSupport
import Testing

@testable import LedgerCore

/// An instant's sales put in the report's order (``TaxStream/Matching/order(_:_:)``): by
/// insertion, after a first pass by asset alone beyond 32 sales (a day's trades at one time).
@Suite("Tax: an instant's sales in the report's order, few or many")
struct TaxSaleOrderTests {
    @Test("the same order as sorting by precedes, for 1 to 150 sales at one instant", arguments: [1, 2, 3] as [UInt64])
    func sameAsSorted(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let time = Timestamp(secondsSinceEpoch: 1_000_000)
        for round in 0..<200 {
            let count = Int.random(in: 1...150, using: &random)
            var event: UInt128 = 1_000
            let sales = (0..<count).map { position in
                // Events mostly rising with the position, sometimes shared or falling back.
                switch Int.random(in: 0..<6, using: &random) {
                case 0: event -= UInt128(Int.random(in: 0...3, using: &random))
                case 1: break
                default: event += 1
                }
                return TaxStream.Sale(
                    position: 5_000 + position, year: 2020, start: position, end: position + 1, time: time,
                    rank: Int32(Int.random(in: 0..<12, using: &random)), event: EventID(value: event), shared: false)
            }
            var ordered = sales
            TaxStream.Matching.order(&ordered, ordered.indices)
            let expected = sales.sorted { $0.precedes($1) }
            #expect(ordered.map(\.position) == expected.map(\.position), "seed \(seed) round \(round)")
        }
    }
}
