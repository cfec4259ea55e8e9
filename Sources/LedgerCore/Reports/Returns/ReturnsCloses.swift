/// The close of each asset on each day of a returns series, looked up once and shared: the
/// portfolio's series, every sleeve's (`--by`) and the benchmark's value the same asset on the
/// same day at the same close, so a price lookup is made at most once per asset and day.
public final class ReturnsCloses {
    /// One asset's closes, by day index: not looked up yet, or the close found (nil: none).
    private enum Cell {
        case unread
        case read(ExactDecimal?)
    }

    public let days: [LocalDate]
    private let prices: PriceTable
    private let currency: AssetSymbol
    private let asOf: Timestamp
    private var cells: [AssetSymbol: [Cell]] = [:]

    /// The closes of the series `days` (base day first) in `currency`, the last one at `asOf`.
    public init(days: [LocalDate], prices: PriceTable, currency: AssetSymbol, asOf: Timestamp) {
        self.days = days
        self.prices = prices
        self.currency = currency
        self.asOf = asOf
    }

    /// The close of `asset` on day `index` (``ReturnsSeries/close(of:on:at:prices:currency:)``
    /// at ``ReturnsSeries/closeTime(_:of:asOf:)``).
    public func close(of asset: AssetSymbol, at index: Int) -> ExactDecimal? {
        if case .read(let close)? = cells[asset]?[index] { return close }
        let close = ReturnsSeries.close(
            of: asset, on: days[index], at: ReturnsSeries.closeTime(index, of: days, asOf: asOf), prices: prices,
            currency: currency)
        cells[asset, default: Array(repeating: .unread, count: days.count)][index] = .read(close)
        return close
    }
}
