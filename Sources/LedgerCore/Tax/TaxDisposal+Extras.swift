/// The figures of a disposal that most disposals do not have, kept out of line: a US or German
/// lot piece has no disposal costs (its fee is in the proceeds), no wash-sale adjustment and
/// one match kept in place (``TaxDisposal/oneLot``), so its ``TaxDisposal/extras`` is nil and
/// it takes 160 bytes instead of 208 (docs/PERFORMANCE.md, "`ledger tax`", round 29). A UK
/// disposal (a day's disposals of one asset) has its costs and matches here.
extension TaxDisposal {
    /// Never changed once made (a disposal that changes one of them gets a new one), so
    /// disposals that share one stay values.
    final class Extras: Sendable {
        /// ``TaxDisposal/acquiredTime`` for no acquisition date: before any recordable time.
        static var noTime: Timestamp { Timestamp(secondsSinceEpoch: .min) }

        let disposalCosts: ExactDecimal
        let adjustment: ExactDecimal
        let adjustmentCode: String?
        let matches: [TaxMatch]

        init(disposalCosts: ExactDecimal, adjustment: ExactDecimal, adjustmentCode: String?, matches: [TaxMatch]) {
            self.disposalCosts = disposalCosts
            self.adjustment = adjustment
            self.adjustmentCode = adjustmentCode
            self.matches = matches
        }

        /// Nil when every part is zero, nil or empty (what a disposal without extras reads).
        static func make(
            disposalCosts: ExactDecimal, adjustment: ExactDecimal, adjustmentCode: String?, matches: [TaxMatch]
        ) -> Extras? {
            guard !disposalCosts.isZero || !adjustment.isZero || adjustmentCode != nil || !matches.isEmpty else {
                return nil
            }
            return Extras(
                disposalCosts: disposalCosts, adjustment: adjustment, adjustmentCode: adjustmentCode,
                matches: matches)
        }
    }

    /// ``allowableCosts``, ``adjustment`` and ``gain`` of the disposal at `disposal`, from its
    /// stored parts: the computed properties read through `pointee` copied the whole disposal
    /// first (its value witness; ~3 % of the matching's samples at 1M, round 33).
    @inline(__always)
    static func figures(
        at disposal: UnsafePointer<TaxDisposal>
    ) -> (allowableCosts: ExactDecimal, adjustment: ExactDecimal, gain: ExactDecimal) {
        figures(proceeds: disposal.pointee.proceeds, costBasis: disposal.pointee.costBasis, disposal.pointee.extras)
    }

    /// The one rule of a disposal's figures: allowable costs are the cost plus the disposal's
    /// own costs (SA108), the gain is proceeds − allowable costs + the disallowed loss.
    @inline(__always)
    static func figures(
        proceeds: ExactDecimal, costBasis: ExactDecimal, _ extras: Extras?
    ) -> (allowableCosts: ExactDecimal, adjustment: ExactDecimal, gain: ExactDecimal) {
        // No extras (nearly every US and German disposal): the same figures, as x + 0 is x
        // exactly (``ExactDecimal/overflow`` too), without two additions of zero.
        guard let extras else { return (costBasis, .zero, proceeds - costBasis) }
        let allowableCosts = costBasis + extras.disposalCosts
        return (allowableCosts, extras.adjustment, proceeds - allowableCosts + extras.adjustment)
    }

    /// When the units were acquired for the holding period (nil when matched with the pool or
    /// with several acquisitions).
    public var acquired: Timestamp? {
        get { acquiredTime == Extras.noTime ? nil : acquiredTime }
        set { acquiredTime = newValue ?? Extras.noTime }
    }

    /// The disposal's own costs, allowable under the UK rules.
    public var disposalCosts: ExactDecimal {
        get { extras?.disposalCosts ?? .zero }
        set { remake(disposalCosts: newValue) }
    }

    /// The disallowed loss, added to the gain (Form 8949 column (g)).
    public var adjustment: ExactDecimal {
        get { extras?.adjustment ?? .zero }
        set { remake(adjustment: newValue) }
    }

    /// `W` for a wash sale (Form 8949 column (f)).
    public var adjustmentCode: String? {
        get { extras?.adjustmentCode }
        set { remake(adjustmentCode: newValue) }
    }

    /// The matches when not ``oneLot`` (``matches``).
    var storedMatches: [TaxMatch] {
        get { extras?.matches ?? [] }
        set { remake(matches: newValue) }
    }

    /// The extras again with the parts given changed (nil when all of them are empty).
    private mutating func remake(
        disposalCosts: ExactDecimal? = nil, adjustment: ExactDecimal? = nil, adjustmentCode: String?? = nil,
        matches: [TaxMatch]? = nil
    ) {
        extras = .make(
            disposalCosts: disposalCosts ?? self.disposalCosts, adjustment: adjustment ?? self.adjustment,
            adjustmentCode: adjustmentCode ?? self.adjustmentCode, matches: matches ?? storedMatches)
    }
}
