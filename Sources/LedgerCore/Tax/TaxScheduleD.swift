/// The US capital loss limit and carryover of one year: Schedule D lines 7, 15, 16 and 21 and
/// the Capital Loss Carryover Worksheet of the Instructions for Schedule D (Form 1040),
/// short-term and long-term kept apart (docs/TAX.md, "Capital losses").
public struct ScheduleD: Hashable, Sendable {
    /// The loss a year may deduct from other income (line 21): $3,000, $1,500 married filing
    /// separately (IRC § 1211(b)).
    public static func lossLimit(marriedFilingSeparately: Bool) -> ExactDecimal {
        marriedFilingSeparately ? 1_500 : 3_000
    }

    /// Short-term and long-term capital loss carryover from the year before (lines 6 and 14,
    /// positive).
    public var shortTermBroughtForward = ExactDecimal.zero
    public var longTermBroughtForward = ExactDecimal.zero
    /// Line 7: the year's short-term net less the short-term carryover.
    public var netShortTerm = ExactDecimal.zero
    /// Line 15: the year's long-term net less the long-term carryover.
    public var netLongTerm = ExactDecimal.zero
    /// The loss deducted from other income (line 21, positive; zero when line 16 is a gain).
    public var deductibleLoss = ExactDecimal.zero
    /// The worksheet's lines 8 and 13: what goes to next year's lines 6 and 14.
    public var shortTermCarriedForward = ExactDecimal.zero
    public var longTermCarriedForward = ExactDecimal.zero

    /// Line 16: lines 7 and 15 combined.
    public var netCapital: ExactDecimal { netShortTerm + netLongTerm }

    /// The year's figures from its short-term and long-term nets and last year's carryover.
    /// The worksheet's line 1 (taxable income) is taken to be at least zero before the loss
    /// deduction, so its line 4 is the deduction itself.
    public init(
        shortTerm: ExactDecimal, longTerm: ExactDecimal, broughtForward previous: ScheduleD?, limit: ExactDecimal
    ) {
        shortTermBroughtForward = previous?.shortTermCarriedForward ?? .zero
        longTermBroughtForward = previous?.longTermCarriedForward ?? .zero
        netShortTerm = shortTerm - shortTermBroughtForward
        netLongTerm = longTerm - longTermBroughtForward
        guard netCapital.isNegative else { return }
        deductibleLoss = min(netCapital.negated, limit)
        let shortLoss = max(netShortTerm.negated, .zero) // line 5
        let longGain = max(netLongTerm, .zero) // line 6
        shortTermCarriedForward = max(shortLoss - (deductibleLoss + longGain), .zero) // line 8
        let longLoss = max(netLongTerm.negated, .zero) // line 9
        let shortGain = max(netShortTerm, .zero) // line 10
        let deductionLeft = max(deductibleLoss - shortLoss, .zero) // line 11
        longTermCarriedForward = max(longLoss - (shortGain + deductionLeft), .zero) // line 13
    }

    public var broughtForward: ExactDecimal { shortTermBroughtForward + longTermBroughtForward }
    public var carriedForward: ExactDecimal { shortTermCarriedForward + longTermCarriedForward }
    /// The net capital gain taxed (line 16 when it is a gain).
    public var taxableGain: ExactDecimal { max(netCapital, .zero) }
}
