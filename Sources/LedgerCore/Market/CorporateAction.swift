/// A split or a dividend a source reports for a listed asset (Yahoo's chart `events`). The
/// ledger never records one by itself: `prices fetch --history` compares the splits with the
/// ledger's own split events and suggests the `add` command of each one missing.
public struct CorporateAction: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case split(SplitRatio)
        /// A cash dividend per share, in `currency` (the listing's).
        case dividend(perShare: ExactDecimal, currency: AssetSymbol)
    }

    public let asset: AssetSymbol
    /// The day it took effect (the ex-date of a dividend), in UTC.
    public let date: LocalDate
    public let kind: Kind
    public let source: String

    public init(asset: AssetSymbol, date: LocalDate, kind: Kind, source: String) {
        self.asset = asset
        self.date = date
        self.kind = kind
        self.source = source
    }
}
