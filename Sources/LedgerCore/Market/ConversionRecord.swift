/// One conversion as `ledger convert` recorded it: `amount` of `from` gave `result` of `to`
/// at `rate`, resting on prices observed at `rateObservedAt` and fetched at `rateFetchedAt`.
public struct ConversionRecord: Hashable, Sendable {
    public let convertedAt: Timestamp
    public let amount: ExactDecimal
    public let from: AssetSymbol
    public let to: AssetSymbol
    public let result: ExactDecimal
    public let rate: ExactDecimal
    public let rateObservedAt: Timestamp
    public let rateFetchedAt: Timestamp
    public let source: String

    public init(
        convertedAt: Timestamp, amount: ExactDecimal, from: AssetSymbol, to: AssetSymbol, result: ExactDecimal,
        rate: ExactDecimal, rateObservedAt: Timestamp, rateFetchedAt: Timestamp, source: String
    ) {
        self.convertedAt = convertedAt
        self.amount = amount
        self.from = from
        self.to = to
        self.result = result
        self.rate = rate
        self.rateObservedAt = rateObservedAt
        self.rateFetchedAt = rateFetchedAt
        self.source = source
    }
}
