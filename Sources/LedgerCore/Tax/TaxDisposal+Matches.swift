/// How a disposal was matched, read without making an array for a disposal of one lot piece
/// (``TaxDisposal/oneLot``).
extension TaxDisposal {
    /// A disposal of one lot piece: its one match is the piece (`rule`, the acquiring `lot`
    /// event, the disposal's quantity, cost basis, acquisition and cost's completeness), kept
    /// in place, not in an array of one.
    public init(
        oneLot rule: TaxMatch.Rule, event lot: EventID, sale: EventID, asset: AssetSymbol, assetClass: AssetClass,
        account: String, quantity: ExactDecimal, acquired: Timestamp?, disposed: Timestamp, proceeds: ExactDecimal,
        costBasis: ExactDecimal, proceedsKnown: Bool, costKnown: Bool
    ) {
        self.init(
            event: sale, asset: asset, assetClass: assetClass, account: account, quantity: quantity,
            acquired: acquired, disposed: disposed, proceeds: proceeds, costBasis: costBasis, matches: [],
            complete: true)
        (self.proceedsKnown, self.costKnown) = (proceedsKnown, costKnown)
        oneLot = rule
        lotEvent = lot
    }

    /// How the disposal was matched, in order. Setting it keeps the matches given.
    public var matches: [TaxMatch] {
        get { oneLot == nil ? storedMatches : [match(at: 0)] }
        set {
            storedMatches = newValue
            oneLot = nil
        }
    }

    /// How many matches ``matches`` has (without making it).
    public var matchCount: Int { oneLot == nil ? storedMatches.count : 1 }

    /// The match at `index` of ``matches`` (without making it).
    public func match(at index: Int) -> TaxMatch {
        guard let rule = oneLot else { return storedMatches[index] }
        precondition(index == 0, "a disposal of one lot piece has one match")
        var match = TaxMatch(
            rule: rule, quantity: quantity, cost: costBasis, acquired: acquired, event: lotEvent)
        match.costKnown = costKnown
        return match
    }
}
