/// The width of one candle.
public enum CandleInterval: String, CaseIterable, Sendable, Comparable {
    case minute, hour, day

    /// The candle's width in seconds.
    public var seconds: Int64 {
        switch self {
        case .minute: 60
        case .hour: 3_600
        case .day: 86_400
        }
    }

    public static func < (lhs: CandleInterval, rhs: CandleInterval) -> Bool { lhs.seconds < rhs.seconds }
}

/// One OHLC candle of `asset` in `quote`, opening at `openedAt` and lasting one `interval`.
/// Volume is in units of the asset when the source gives it.
public struct Candle: Hashable, Sendable {
    public let asset: AssetSymbol
    public let quote: AssetSymbol
    public let interval: CandleInterval
    public let openedAt: Timestamp
    public let open: ExactDecimal
    public let high: ExactDecimal
    public let low: ExactDecimal
    public let close: ExactDecimal
    public let volume: ExactDecimal?
    /// The source that supplied it (`cryptocompare`).
    public let source: String

    public init(
        asset: AssetSymbol, quote: AssetSymbol, interval: CandleInterval, openedAt: Timestamp,
        open: ExactDecimal, high: ExactDecimal, low: ExactDecimal, close: ExactDecimal,
        volume: ExactDecimal?, source: String
    ) {
        self.asset = asset
        self.quote = quote
        self.interval = interval
        self.openedAt = openedAt
        self.open = open
        self.high = high
        self.low = low
        self.close = close
        self.volume = volume
        self.source = source
    }
}
