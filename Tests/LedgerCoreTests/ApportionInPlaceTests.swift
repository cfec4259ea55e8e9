import LedgerCoreTestSupport
import Testing

@testable import LedgerCore

/// ``ExactDecimal/apportion(by:into:)`` (no working arrays, round 34) gives the shares of the
/// largest remainder method as it was written with arrays before (kept here as the reference).
@Suite("Largest remainder in place: the shares of the method written with arrays")
struct ApportionInPlaceTests {
    /// ``ExactDecimal/apportioned(by:)`` as it stood before round 34.
    static func reference(_ total: ExactDecimal, _ weights: [ExactDecimal]) -> [ExactDecimal] {
        guard !weights.isEmpty else { return [] }
        guard !total.isOverflow, !weights.contains(where: { $0.isOverflow || $0.isNegative }) else {
            return weights.map { _ in .overflow }
        }
        var whole: UInt128 = 0
        for weight in weights {
            let (sum, overflowed) = whole.addingReportingOverflow(weight.units.magnitude)
            guard !overflowed else { return weights.map { _ in .overflow } }
            whole = sum
        }
        guard whole > 0 else { return weights.indices.map { $0 == weights.count - 1 ? total : .zero } }
        let magnitude = total.units.magnitude
        var shares: [UInt128] = []
        var remainders: [UInt128] = []
        for weight in weights {
            let (quotient, remainder) = whole.dividingFullWidth(
                magnitude.multipliedFullWidth(by: weight.units.magnitude))
            shares.append(quotient)
            remainders.append(remainder)
        }
        let leftOver = magnitude - shares.reduce(0, +)
        let order = remainders.indices.sorted {
            remainders[$0] != remainders[$1] ? remainders[$0] > remainders[$1] : $0 < $1
        }
        for index in order.prefix(Int(leftOver)) { shares[index] += 1 }
        return shares.map { ExactDecimal(units: total.units < 0 ? -Int128($0) : Int128($0)) }
    }

    @Test(
        "seeded totals and weights (zeros, equal weights, many), in place and as an array",
        arguments: [1, 2, 3, 4] as [UInt64])
    func sameShares(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for round in 0..<1_500 {
            let total = ExactDecimal(
                units: Int128(Int64.random(in: Int64.min + 1...Int64.max, using: &random))
                    * Int128(Int.random(in: 1...1000, using: &random)))
            let equal = Int.random(in: 0..<4, using: &random) == 0
            let weights = (0..<Int.random(in: 0...40, using: &random)).map { _ in
                Int.random(in: 0..<6, using: &random) == 0
                    ? ExactDecimal.zero
                    : ExactDecimal(
                        units: equal
                            ? 7
                            : Int128(UInt64.random(in: 1...UInt64(Int64.max), using: &random))
                                >> Int.random(in: 0...62, using: &random))
            }
            let expected = Self.reference(total, weights)
            #expect(total.apportioned(by: weights) == expected, "seed \(seed) round \(round)")
            var shares = [ExactDecimal](repeating: .zero, count: weights.count)
            weights.withUnsafeBufferPointer { weights in
                shares.withUnsafeMutableBufferPointer { total.apportion(by: weights, into: $0) }
            }
            #expect(shares == expected, "seed \(seed) round \(round)")
        }
    }

    @Test("overflow in, overflow out; no weight, no share")
    func edges() {
        let weights = [ExactDecimal(units: 1), ExactDecimal(units: 2), ExactDecimal(units: 3)]
        #expect(ExactDecimal.overflow.apportioned(by: weights) == [.overflow, .overflow, .overflow])
        #expect(ExactDecimal(units: 5).apportioned(by: weights + [.overflow]) == Array(repeating: .overflow, count: 4))
        #expect(ExactDecimal(units: 5).apportioned(by: []) == [])
        #expect(
            Self.reference(ExactDecimal(units: -5), [.zero, .zero, .zero]) == [.zero, .zero, ExactDecimal(units: -5)])
        #expect(
            ExactDecimal(units: -5).apportioned(by: [.zero, .zero, .zero]) == [.zero, .zero, ExactDecimal(units: -5)])
    }
}
