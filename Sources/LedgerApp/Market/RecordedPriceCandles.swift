import LedgerCore
import LedgerStore

/// Daily candles made from the prices recorded in the ledger's price table (fetched, imported
/// or typed), for `chart --offline` when no candles are cached: one candle per day that has a
/// price, opening at the previous day's last price and closing at the day's last, its high and
/// low spanning both and every price of the day. Only prices of the pair itself are used, never
/// a conversion.
public enum RecordedPriceCandles {
    /// Where the candles say they come from.
    public static let source = "ledger prices"

    /// The daily candles of `asset` in `quote` opening at or after `since`, oldest first;
    /// empty when the ledger records no price of the pair there.
    public static func candles(
        _ asset: AssetSymbol, in quote: AssetSymbol, since: Timestamp, from store: some PriceStore
    )
        throws -> [Candle]
    {
        let observations = try store.observations(asset: asset).map(\.observation)
            .filter { $0.quote == quote }.sorted { $0.observedAt < $1.observedAt }
        var days: [(day: LocalDate, prices: [ExactDecimal])] = []
        for observation in observations {
            let day = observation.observedAt.date
            if days.last?.day == day {
                days[days.count - 1].prices.append(observation.price)
            } else {
                days.append((day, [observation.price]))
            }
        }
        var candles: [Candle] = []
        var previousClose: ExactDecimal?
        for (day, prices) in days {
            let open = previousClose ?? prices[0]
            let close = prices[prices.count - 1]
            previousClose = close
            guard day.startOfDay >= since else { continue }
            candles.append(
                Candle(
                    asset: asset, quote: quote, interval: .day, openedAt: day.startOfDay,
                    open: open, high: (prices + [open]).max()!, low: (prices + [open]).min()!,
                    close: close, volume: nil, source: source))
        }
        return candles
    }
}
