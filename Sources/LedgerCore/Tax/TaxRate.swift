/// A rate the tax replay converted a value with: one unit of `asset` in `quote` (the ledger's
/// currency) for the events of `day`, from the recorded price observed at `observedAt` by
/// `source` (docs/TAX.md, "Trades in another currency"). The report names each one.
public struct TaxRate: Hashable, Sendable, Comparable {
    public let asset: AssetSymbol
    public let quote: AssetSymbol
    /// The UTC day of the events that used it.
    public let day: LocalDate
    public let rate: ExactDecimal
    public let observedAt: Timestamp
    public let source: String
    /// True when the rate is not an observation as published: inverted or through a bridge.
    public let derived: Bool

    public init(
        asset: AssetSymbol, quote: AssetSymbol, day: LocalDate, rate: ExactDecimal, observedAt: Timestamp,
        source: String, derived: Bool = false
    ) {
        self.asset = asset
        self.quote = quote
        self.day = day
        self.rate = rate
        self.observedAt = observedAt
        self.source = source
        self.derived = derived
    }

    /// The rate a price derivation gives for the events of `time`.
    init(asset: AssetSymbol, quote: AssetSymbol, at time: Timestamp, derivation: PriceDerivation) {
        let found = derivation.quote(at: time)
        self.init(
            asset: asset, quote: quote, day: time.date, rate: found.value, observedAt: found.observedAt,
            source: found.source, derived: derivation.isDerived)
    }

    public static func < (lhs: TaxRate, rhs: TaxRate) -> Bool {
        (lhs.day, lhs.asset, lhs.quote, lhs.observedAt, lhs.source) < (
            rhs.day, rhs.asset, rhs.quote, rhs.observedAt, rhs.source
        )
    }
}
