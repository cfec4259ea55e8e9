import LedgerCore
import Testing

@Suite struct CandleAggregationTests {
    static let noon: Int64 = 1_717_243_200 // 2024-06-01T12:00:00Z

    static func candle(_ minute: Int64, _ open: Int, _ high: Int, _ low: Int, _ close: Int, volume: String? = "1.5")
        -> Candle
    {
        Candle(
            asset: AssetSymbol("BTC")!, quote: AssetSymbol("USD")!, interval: .minute,
            openedAt: Timestamp(secondsSinceEpoch: noon + minute * 60),
            open: ExactDecimal(open), high: ExactDecimal(high), low: ExactDecimal(low), close: ExactDecimal(close),
            volume: volume.flatMap { ExactDecimal($0) }, source: "test")
    }

    /// Seeded random minute candles (a simple LCG, so the test repeats exactly), some minutes
    /// missing, given out of order.
    static func randomSeries(seed: UInt64, count: Int) -> [Candle] {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var price = 60_000
        var candles: [Candle] = []
        for minute in 0..<Int64(count) where next(5) != 0 {
            let open = price
            let close = price + next(201) - 100
            let high = max(open, close) + next(50)
            let low = min(open, close) - next(50)
            candles.append(candle(minute, open, high, low, close, volume: "0.\(next(999) + 1)"))
            price = close
        }
        return candles.reversed()
    }

    @Test(arguments: [1 as UInt64, 7, 42, 1_234], [120 as Int64, 300, 900, 3_600])
    func mergedCandlesKeepOHLCAndVolume(seed: UInt64, seconds: Int64) {
        let series = Self.randomSeries(seed: seed, count: 240)
        let merged = Candle.aggregate(series, every: seconds)
        let ordered = series.sorted { $0.openedAt < $1.openedAt }
        #expect(merged.count == Set(ordered.map { $0.openedAt.secondsSinceEpoch / seconds }).count)
        #expect(zip(merged, merged.dropFirst()).allSatisfy { $0.openedAt < $1.openedAt })
        for bucket in merged {
            let members = ordered.filter {
                $0.openedAt.secondsSinceEpoch / seconds * seconds == bucket.openedAt.secondsSinceEpoch
            }
            #expect(!members.isEmpty)
            #expect(bucket.open == members.first!.open)
            #expect(bucket.close == members.last!.close)
            #expect(bucket.high == members.map(\.high).max()!)
            #expect(bucket.low == members.map(\.low).min()!)
            #expect(bucket.volume == members.compactMap(\.volume).sum())
            #expect(bucket.openedAt.secondsSinceEpoch % seconds == 0)
            #expect(bucket.interval == .minute && bucket.asset.text == "BTC")
        }
        #expect(merged.compactMap(\.volume).sum() == series.compactMap(\.volume).sum())
    }

    @Test func fiveMinutesFromMinutes() {
        let minutes = [
            Self.candle(0, 10, 12, 9, 11), Self.candle(1, 11, 15, 11, 14), Self.candle(4, 14, 14, 8, 9),
            Self.candle(5, 9, 10, 9, 10, volume: nil), Self.candle(6, 10, 11, 10, 11),
        ]
        let merged = Candle.aggregate(minutes, every: 300)
        #expect(merged.count == 2)
        #expect(
            merged[0]
                == Candle(
                    asset: minutes[0].asset, quote: minutes[0].quote, interval: .minute,
                    openedAt: Timestamp(secondsSinceEpoch: Self.noon), open: 10, high: 15, low: 8, close: 9,
                    volume: ExactDecimal("4.5")!, source: "test"))
        #expect(merged[1].openedAt.secondsSinceEpoch == Self.noon + 300)
        #expect(merged[1].open == 9 && merged[1].close == 11 && merged[1].volume == nil)
    }

    @Test func duplicatesCountOnceAndOneSecondLeavesThemAlone() {
        let twice = [Self.candle(0, 10, 12, 9, 11), Self.candle(0, 10, 13, 9, 12)]
        #expect(Candle.aggregate(twice, every: 60) == [twice[1]])
        #expect(
            Candle.aggregate([Self.candle(2, 1, 1, 1, 1), Self.candle(1, 2, 2, 2, 2)], every: 0).map(\.open) == [2, 1])
    }

    @Test func bucketsBefore1970AlignDownwards() {
        let early = Candle(
            asset: AssetSymbol("BTC")!, quote: AssetSymbol("USD")!, interval: .minute,
            openedAt: Timestamp(secondsSinceEpoch: -60), open: 1, high: 1, low: 1, close: 1, volume: nil, source: "t")
        #expect(Candle.aggregate([early], every: 300)[0].openedAt.secondsSinceEpoch == -300)
    }

    // MARK: Plans

    @Test(arguments: [
        ("10m", 33, "1m", 10), ("10h", 33, "30m", 20), ("10d", 33, "8h", 30), ("90m", 33, "3m", 30),
        ("3d", 53, "2h", 36), ("10h", 200, "3m", 200), ("52w", 33, "7d", 52), ("10h", 1, "12h", 1),
    ])
    func intervalIsTheNarrowestThatFits(range: String, slots: Int, interval: String, count: Int) {
        let plan = ChartPlan(
            range: ChartPlan.parseRange(range)!, interval: nil, slots: slots,
            now: Timestamp(secondsSinceEpoch: Self.noon + 125))
        #expect(plan.interval.description == interval)
        #expect(plan.count == count)
        #expect(plan.start.secondsSinceEpoch % plan.interval.seconds == 0)
    }

    @Test func planCountsSourceCandlesAndKeepsTheWindow() {
        let now = Timestamp(secondsSinceEpoch: Self.noon + 9 * 60 + 30) // 12:09:30
        let plan = ChartPlan(range: 600, interval: ChartInterval.parse("5m"), slots: 33, now: now)
        // Two 5-minute candles: 12:00 and the one still open at 12:05.
        #expect(plan.count == 2 && plan.start.secondsSinceEpoch == Self.noon)
        #expect(plan.sourceCandles(now: now) == 10)
        let minutes = (-3..<10).map { Self.candle(Int64($0), 10 + $0, 20 + $0, 5, 11 + $0) }
        let charted = plan.candles(from: minutes)
        #expect(charted.map(\.openedAt.secondsSinceEpoch) == [Self.noon, Self.noon + 300])
        #expect(charted[0].open == 10 && charted[0].close == 15 && charted[0].high == 24)
        #expect(charted[1].open == 15 && charted[1].close == 20 && charted[1].high == 29)
    }

    @Test func intervalsAndRangesParse() {
        #expect(ChartInterval.parse("15m")?.seconds == 900)
        #expect(ChartInterval.parse("4h")?.base == .hour && ChartInterval.parse("4h")?.factor == 4)
        #expect(ChartInterval.parse("1d")?.description == "1d")
        #expect(ChartInterval.parse("90m")?.description == "90m")
        #expect(ChartInterval.parse("120m")?.description == "2h")
        for bad in ["", "m", "0m", "5", "5s", "-5m", "+5m", "1.5h", "5 m", "1w"] {
            #expect(ChartInterval.parse(bad) == nil, "\(bad)")
        }
        #expect(ChartPlan.parseRange("2w") == 1_209_600)
        #expect(ChartPlan.parseRange("10x") == nil && ChartPlan.parseRange("0d") == nil)
    }
}
