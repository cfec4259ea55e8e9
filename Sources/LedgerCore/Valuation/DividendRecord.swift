/// One dividend as the replay valued it: the gross amount received and the tax withheld from
/// it (the dividend event's fee), both in the valuation currency at the day it was paid.
/// Kept beside the disposals (``PortfolioState/recordsDisposals``) for `gains` and `report`,
/// which show the tax paid; a snapshot keeps neither.
public struct DividendRecord: Hashable, Sendable {
    public let received: Timestamp
    /// What was paid (`USD`, `EUR`).
    public let asset: AssetSymbol
    public let gross: ExactDecimal
    public let withheld: ExactDecimal
    /// False when the gross or the tax lacks a price (each figure is then the known part).
    public let complete: Bool

    public init(received: Timestamp, asset: AssetSymbol, gross: ExactDecimal, withheld: ExactDecimal, complete: Bool) {
        self.received = received
        self.asset = asset
        self.gross = gross
        self.withheld = withheld
        self.complete = complete
    }
}

/// The dividends of a period, summed.
public struct DividendTotals: Hashable, Sendable {
    public let count: Int
    public let gross: ExactDecimal
    public let withheld: ExactDecimal
    public let complete: Bool

    public init(_ records: [DividendRecord]) {
        count = records.count
        gross = records.map(\.gross).sum()
        withheld = records.map(\.withheld).sum()
        complete = records.allSatisfy(\.complete)
    }

    /// Gross minus the tax withheld.
    public var net: ExactDecimal { gross - withheld }
}
