/// A disposal read where it lies, for the reports that write a million of them: a call on a
/// disposal in an array from another module (`disposals[i].gain`, `disposal.match(at: 0)`)
/// copied the whole of it first (its 160 bytes, a retain and a release of its account and
/// extras), ~9 % of writing `ledger tax -O json` at a million trades (docs/PERFORMANCE.md,
/// "`ledger tax`", round 33). Here, in the disposal's own module, each property is read
/// through the pointer alone. Read-only, through the disposal's properties.
extension TaxDisposal {
    /// What a report writes of a disposal but its texts (``TaxDisposal/account``,
    /// ``adjustmentCode(at:)``) and its matches (``match(at:of:)``).
    public struct Fields: Sendable {
        public var event: EventID
        public var asset: AssetSymbol
        public var assetClass: AssetClass
        public var quantity: ExactDecimal
        public var proceeds: ExactDecimal
        public var disposalCosts: ExactDecimal
        public var costBasis: ExactDecimal
        public var allowableCosts: ExactDecimal
        public var adjustment: ExactDecimal
        public var gain: ExactDecimal
        public var disposed: Timestamp
        public var acquired: Timestamp?
        public var term: HoldingTerm?
        public var treatment: TaxTreatment
        public var proceedsKnown: Bool
        public var costKnown: Bool
        /// Whether ``adjustmentCode(at:)`` is not nil.
        public var hasAdjustmentCode: Bool
        public var matchCount: Int
        /// ``TaxDisposal/match(at:)`` 0, when there is a match.
        public var firstMatch: TaxMatch?

        public var complete: Bool { proceedsKnown && costKnown }
    }

    /// The fields of the disposal at `disposal`, from one copy of it (each call of a
    /// computed property through the pointer copied the whole disposal again).
    public static func fields(at disposal: UnsafePointer<TaxDisposal>) -> Fields {
        let disposal = disposal.pointee
        return Fields(
            event: disposal.event, asset: disposal.asset, assetClass: disposal.assetClass, quantity: disposal.quantity,
            proceeds: disposal.proceeds, disposalCosts: disposal.disposalCosts, costBasis: disposal.costBasis,
            allowableCosts: disposal.allowableCosts, adjustment: disposal.adjustment, gain: disposal.gain,
            disposed: disposal.disposed, acquired: disposal.acquired, term: disposal.term,
            treatment: disposal.treatment, proceedsKnown: disposal.proceedsKnown, costKnown: disposal.costKnown,
            hasAdjustmentCode: disposal.adjustmentCode != nil, matchCount: disposal.matchCount,
            firstMatch: disposal.matchCount > 0 ? disposal.match(at: 0) : nil)
    }

    /// How many matches the disposal at `disposal` has, and how many UTF-8 bytes its texts
    /// (its asset's symbol, account and adjustment code): what the most bytes a report may
    /// write of it are made of.
    public static func sizes(at disposal: UnsafePointer<TaxDisposal>) -> (matches: Int, textBytes: Int) {
        let disposal = disposal.pointee
        let texts = disposal.asset.utf8Count + disposal.account.utf8.count + (disposal.adjustmentCode?.utf8.count ?? 0)
        return (disposal.matchCount, texts)
    }

    /// ``match(at:)`` of the disposal at `disposal` (``Fields/firstMatch`` is the first).
    public static func match(at index: Int, of disposal: UnsafePointer<TaxDisposal>) -> TaxMatch {
        disposal.pointee.match(at: index)
    }

    /// ``adjustmentCode`` of the disposal at `disposal`.
    public static func adjustmentCode(at disposal: UnsafePointer<TaxDisposal>) -> String? {
        disposal.pointee.adjustmentCode
    }
}
