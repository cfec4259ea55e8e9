extension ExactDecimal {
    /// Splits `self` into one share per weight, in proportion to the weights, at the ledger's
    /// 18 places, so that the shares add up to `self` exactly (the largest remainder method):
    ///
    /// 1. each share is first its exact proportion |self| × weight ÷ Σ weights, cut toward
    ///    zero to a whole number of 10⁻¹⁸ units;
    /// 2. the units this leaves over (fewer than the number of shares) go one each to the
    ///    shares whose cut-off remainders were largest; equal remainders go to the earlier
    ///    share first;
    /// 3. the sign of `self` is applied to every share.
    ///
    /// No share is more than one unit (10⁻¹⁸) away from its exact proportion. Weights must be
    /// 0 or more; a zero weight gets nothing unless every weight is zero, in which case the
    /// last share takes it all. Overflow in gives overflow in every share.
    public func apportioned(by weights: [ExactDecimal]) -> [ExactDecimal] {
        guard !weights.isEmpty else { return [] }
        guard !isOverflow, !weights.contains(where: { $0.isOverflow || $0.isNegative }) else {
            return weights.map { _ in .overflow }
        }
        var whole: UInt128 = 0
        for weight in weights {
            let (sum, overflowed) = whole.addingReportingOverflow(weight.units.magnitude)
            guard !overflowed else { return weights.map { _ in .overflow } }
            whole = sum
        }
        guard whole > 0 else { return weights.indices.map { $0 == weights.count - 1 ? self : .zero } }
        let magnitude = units.magnitude
        if weights.count == 2 { return apportionedInTwo(magnitude, weights[0], weights[1], whole) }
        var shares: [UInt128] = []
        var remainders: [UInt128] = []
        shares.reserveCapacity(weights.count)
        remainders.reserveCapacity(weights.count)
        for weight in weights {
            // weight ≤ whole, so the quotient is at most |self| and the division cannot overflow.
            let (quotient, remainder) = Self.divide(Self.fullProduct(magnitude, weight.units.magnitude), by: whole)
            shares.append(quotient)
            remainders.append(remainder)
        }
        let leftOver = magnitude - shares.reduce(0, +)
        let order = remainders.indices.sorted {
            remainders[$0] != remainders[$1] ? remainders[$0] > remainders[$1] : $0 < $1
        }
        for index in order.prefix(Int(leftOver)) { shares[index] += 1 }
        return shares.map { ExactDecimal(units: units < 0 ? -Int128($0) : Int128($0)) }
    }

    /// ``apportioned(by:)`` of two weights (most sales of more than one lot), the same shares
    /// without its working arrays: at most one unit is left over, and it goes to the larger
    /// remainder, the first of equal ones.
    private func apportionedInTwo(
        _ magnitude: UInt128, _ first: ExactDecimal, _ second: ExactDecimal, _ whole: UInt128
    ) -> [ExactDecimal] {
        // Each weight ≤ whole: the products' high words are below it (``divide(_:by:)``'s terms).
        let one = Self.divide(Self.fullProduct(magnitude, first.units.magnitude), by: whole)
        let two = Self.divide(Self.fullProduct(magnitude, second.units.magnitude), by: whole)
        var (share0, share1) = (one.quotient, two.quotient)
        if magnitude - share0 - share1 > 0 {
            if one.remainder >= two.remainder { share0 += 1 } else { share1 += 1 }
        }
        let sign: Int128 = units < 0 ? -1 : 1
        return [ExactDecimal(units: sign * Int128(share0)), ExactDecimal(units: sign * Int128(share1))]
    }
}
