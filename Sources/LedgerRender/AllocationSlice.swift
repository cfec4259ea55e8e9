import LedgerCore

/// One slice of an allocation chart: what it is and how much of the whole it takes.
public struct AllocationSlice: Sendable, Equatable {
    /// What the slice stands for: an asset symbol, an asset class, `other`.
    public let label: String
    /// The slice's fraction of the whole, 0...1 (`0.625` is 62.5%).
    public let share: ExactDecimal

    /// A slice labelled `label` holding `share` of the whole (a fraction, not a percentage).
    public init(label: String, share: ExactDecimal) {
        self.label = label
        self.share = share
    }
}
