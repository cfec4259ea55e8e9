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
        weights.withUnsafeBufferPointer { weights in
            [ExactDecimal](unsafeUninitializedCapacity: weights.count) { shares, count in
                apportion(by: weights, into: shares)
                count = weights.count
            }
        }
    }

    /// ``apportioned(by:)`` written into `shares` (one a weight, written over, not read), with
    /// no array made: the tax matching splits the proceeds of ~a third of a million sales so,
    /// where the arrays of weights, shares, remainders and their order were 14 % of its
    /// instructions (docs/PERFORMANCE.md, "`ledger tax`", round 34).
    public func apportion(
        by weights: UnsafeBufferPointer<ExactDecimal>, into shares: UnsafeMutableBufferPointer<ExactDecimal>
    ) {
        precondition(shares.count >= weights.count, "a share for each weight")
        guard !weights.isEmpty else { return }
        guard !isOverflow, !weights.contains(where: { $0.isOverflow || $0.isNegative }) else {
            for index in weights.indices { shares[index] = .overflow }
            return
        }
        var whole: UInt128 = 0
        for weight in weights {
            let (sum, overflowed) = whole.addingReportingOverflow(weight.units.magnitude)
            guard !overflowed else {
                for index in weights.indices { shares[index] = .overflow }
                return
            }
            whole = sum
        }
        guard whole > 0 else {
            for index in weights.indices { shares[index] = index == weights.count - 1 ? self : .zero }
            return
        }
        let magnitude = units.magnitude
        if weights.count == 2 {
            (shares[0], shares[1]) = apportionedInTwo(magnitude, weights[0], weights[1], whole)
            return
        }
        largestRemainders(magnitude, weights, whole, into: shares)
    }

    /// Steps 1–3 of ``apportioned(by:)`` for any number of weights (their sum `whole` > 0).
    private func largestRemainders(
        _ magnitude: UInt128, _ weights: UnsafeBufferPointer<ExactDecimal>, _ whole: UInt128,
        into shares: UnsafeMutableBufferPointer<ExactDecimal>
    ) {
        withUnsafeTemporaryAllocation(of: (remainder: UInt128, index: Int).self, capacity: weights.count) { buffer in
            var order = buffer
            var given: UInt128 = 0
            for index in weights.indices {
                // weight ≤ whole, so the quotient is at most |self| and the division cannot overflow.
                let (quotient, remainder) = Self.divide(
                    Self.fullProduct(magnitude, weights[index].units.magnitude), by: whole)
                shares[index] = ExactDecimal(units: Int128(quotient))
                given += quotient
                order.initializeElement(at: index, to: (remainder, index))
            }
            order.sort { $0.remainder != $1.remainder ? $0.remainder > $1.remainder : $0.index < $1.index }
            for entry in order.prefix(Int(magnitude - given)) {
                shares[entry.index] = ExactDecimal(units: shares[entry.index].units + 1)
            }
            if units < 0 {
                for index in weights.indices { shares[index] = ExactDecimal(units: -shares[index].units) }
            }
        }
    }

    /// ``apportioned(by:)`` of two weights (most sales of more than one lot), the same shares
    /// without its working arrays: at most one unit is left over, and it goes to the larger
    /// remainder, the first of equal ones.
    private func apportionedInTwo(
        _ magnitude: UInt128, _ first: ExactDecimal, _ second: ExactDecimal, _ whole: UInt128
    ) -> (ExactDecimal, ExactDecimal) {
        // Each weight ≤ whole: the products' high words are below it (``divide(_:by:)``'s terms).
        let one = Self.divide(Self.fullProduct(magnitude, first.units.magnitude), by: whole)
        let two = Self.divide(Self.fullProduct(magnitude, second.units.magnitude), by: whole)
        var (share0, share1) = (one.quotient, two.quotient)
        if magnitude - share0 - share1 > 0 {
            if one.remainder >= two.remainder { share0 += 1 } else { share1 += 1 }
        }
        let sign: Int128 = units < 0 ? -1 : 1
        return (ExactDecimal(units: sign * Int128(share0)), ExactDecimal(units: sign * Int128(share1)))
    }
}
