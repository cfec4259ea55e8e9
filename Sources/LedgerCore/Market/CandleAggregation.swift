/// Merging narrow candles into wider ones (minutes into 5-minute candles, hours into 4-hour
/// candles): what a chart does when the source has no candle of the width it wants.
extension Candle {
    /// The candles of one series merged into buckets `seconds` wide, aligned to whole multiples
    /// of `seconds` since 1970-01-01T00:00Z (so 4-hour buckets open at 00:00, 04:00, … UTC),
    /// oldest first.
    ///
    /// Each merged candle opens at its bucket's start and keeps the first candle's `interval`,
    /// asset, quote and source; its open is the earliest candle's open, its close the latest
    /// one's close, its high the highest high and its low the lowest low, all exact. Volume is
    /// the exact sum, or nil when any merged candle lacks one. Candles with the same opening time
    /// count once (the last given wins). `seconds` below 1 leaves the candles as they are.
    public static func aggregate(_ candles: [Candle], every seconds: Int64) -> [Candle] {
        var byOpening: [Int64: Candle] = [:]
        for candle in candles { byOpening[candle.openedAt.secondsSinceEpoch] = candle }
        let sorted = byOpening.keys.sorted().map { byOpening[$0]! }
        guard seconds >= 1 else { return sorted }
        var merged: [Candle] = []
        var bucket: [Candle] = []
        var bucketStart: Int64?
        for candle in sorted {
            let start = floorMultiple(candle.openedAt.secondsSinceEpoch, of: seconds)
            if start != bucketStart, !bucket.isEmpty {
                merged.append(merge(bucket, openedAt: bucketStart!))
                bucket = []
            }
            bucketStart = start
            bucket.append(candle)
        }
        if let bucketStart, !bucket.isEmpty { merged.append(merge(bucket, openedAt: bucketStart)) }
        return merged
    }

    /// One candle from a non-empty run of candles, oldest first.
    private static func merge(_ run: [Candle], openedAt: Int64) -> Candle {
        let first = run[0]
        let last = run[run.count - 1]
        let volumes = run.compactMap(\.volume)
        return Candle(
            asset: first.asset, quote: first.quote, interval: first.interval,
            openedAt: Timestamp(secondsSinceEpoch: openedAt),
            open: first.open, high: run.map(\.high).max()!, low: run.map(\.low).min()!, close: last.close,
            volume: volumes.count == run.count ? volumes.sum() : nil, source: first.source
        )
    }

    /// The largest multiple of `step` not above `value` (also for times before 1970).
    static func floorMultiple(_ value: Int64, of step: Int64) -> Int64 {
        let remainder = value % step
        return remainder < 0 ? value - remainder - step : value - remainder
    }
}
