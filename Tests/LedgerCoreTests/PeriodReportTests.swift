import LedgerCore
import LedgerCoreTestSupport
import Testing

/// Report periods, the daily holdings recorded during the replay, the value series with its
/// gaps, and the movers, worked by hand.
@Suite("Period reports: bounds, daily values with gaps, movers")
struct PeriodReportTests {

    @Test(
        "each period runs from the start of its calendar unit up to the as-of date",
        arguments: [
            (ReportPeriodKind.day, "2024-06-26", "2024-06-26"),
            (.week, "2024-06-26", "2024-06-24"), // a Wednesday: back to Monday
            (.week, "2024-06-30", "2024-06-24"), // a Sunday is the last day of its ISO week
            (.week, "2024-06-24", "2024-06-24"), // a Monday starts its own week
            (.week, "1970-01-01", "1969-12-29"), // before and after the epoch alike
            (.month, "2024-02-29", "2024-02-01"),
            (.quarter, "2024-05-15", "2024-04-01"),
            (.quarter, "2024-12-31", "2024-10-01"),
            (.year, "2024-06-30", "2024-01-01"),
        ])
    func bounds(kind: ReportPeriodKind, last: String, first: String) {
        let period = ReportPeriod.ending(kind, on: date(last))
        #expect(period.first == date(first) && period.last == date(last))
        #expect(period.baseDay == date(first).adding(days: -1))
        #expect(period.seriesDays.count == period.dayCount + 1)
    }

    @Test("'all' starts on the first event's date")
    func allPeriod() {
        let period = ReportPeriod.ending(.all, on: date("2024-06-30"), firstActivity: date("2023-01-05"))
        #expect(period.first == date("2023-01-05") && period.baseDay == date("2023-01-04"))
        #expect(ReportPeriod.ending(.all, on: date("2024-06-30")).dayCount == 1)
    }

    /// 10 000 USD in on 06-03, 0.2 BTC @ 40 000 on 06-05, 0.1 sold @ 45 000 on 06-08.
    static func build(_ kind: ReportPeriodKind, prices: String, asOf: String = "2024-06-09T23:59:59Z") -> PeriodReport {
        var make = Events()
        let events = Events.sequenced([
            make.deposit("USD", "10000", on: "2024-06-03"), make.buy("BTC", "0.2", at: "40000", on: "2024-06-05"),
            make.sell("BTC", "0.1", at: "45000", on: "2024-06-08"),
        ])
        let table = priceTable(prices)
        var fold = PeriodFold(
            options: ValuationOptions(currency: sym("USD"), asOf: Events.time(asOf)), prices: table, kind: kind)
        for event in events { fold.apply(event) }
        let (state, period, closes) = fold.finish()
        return PeriodReport(
            state: state, period: period, closes: closes, prices: table,
            chain: ChainStamp(events: 3, hash: "abc"), fetchedAt: [:])
    }

    static let dailyPrices = """
        2024-06-04 BTC 39000 USD
        2024-06-05 BTC 40000 USD
        2024-06-06 BTC 41000 USD
        2024-06-08 BTC 45000 USD
        2024-06-09 BTC 44000 USD
        """

    @Test("a day without a price for something held is a gap, never a zero and never yesterday's price")
    func seriesWithGap() {
        let report = Self.build(.week, prices: Self.dailyPrices)
        // Week of Monday 06-03 to Sunday 06-09; base day Sunday 06-02, when nothing was held.
        #expect(report.period.first == date("2024-06-03") && report.period.last == date("2024-06-09"))
        let values = report.series.map(\.value)
        // 06-02 nothing: 0. 06-03 cash 10000. 06-04 cash only (BTC bought 06-05): 10000.
        // 06-05 2000 cash + 0.2 × 40000. 06-06 2000 + 0.2 × 41000. 06-07 no BTC price: gap.
        // 06-08 2000 + 4500 + 0.1 × 45000. 06-09 6500 + 0.1 × 44000.
        #expect(
            values == [
                dec("0"), dec("10000"), dec("10000"), dec("10000"), dec("10200"), nil, dec("11000"), dec("10900"),
            ])
        #expect(report.series[5].unpriced == [sym("BTC")])
        #expect(
            report.unpricedSpans.map { "\($0.asset) \($0.from) \($0.to) \($0.days)" } == ["BTC 2024-06-07 2024-06-07 1"]
        )
        #expect(report.startValue == .zero && report.endValue == dec("10900") && report.change == dec("10900"))
        #expect(report.changePercent == nil, "no percentage of a zero start")
        #expect(report.gains.disposals.count == 1 && report.gains.totals.gain == dec("500"))
    }

    @Test("the start value needs a price on the base day itself")
    func startNeedsBaseDayPrice() {
        // Day period on 06-07: base day 06-06 (BTC 41000); as-of 06-07 has no price that day.
        let report = Self.build(.day, prices: Self.dailyPrices, asOf: "2024-06-07T23:59:59Z")
        #expect(report.startValue == dec("10200"))
        #expect(report.series.last?.value == nil)
        // The end value is the holdings valuation (latest price at or before as-of: 06-06).
        #expect(report.endValue == dec("10200") && report.change == .zero)
        #expect(report.freshness.map(\.ageSeconds) == [86_400 + 86_399])
        #expect(report.stalePrices(olderThan: 86_400).map(\.asset) == [sym("BTC")])
        #expect(report.stalePrices(olderThan: 2 * 86_400).isEmpty)
        let unknown = Self.build(.day, prices: Self.dailyPrices, asOf: "2024-06-08T23:59:59Z")
        #expect(unknown.startValue == nil && unknown.change == nil, "no BTC price on 06-07")
    }

    @Test("movers: what was held at the start, at the start and end prices, largest effect first")
    func movers() {
        let prices = Self.dailyPrices + "\n2024-06-07 BTC 43000 USD\n2024-06-07 ETH 10 USD"
        let report = Self.build(.day, prices: prices, asOf: "2024-06-08T23:59:59Z")
        // Held at the close of 06-07: 0.2 BTC and 2000 USD (the report currency is not a mover).
        #expect(report.movers.map(\.asset) == [sym("BTC")])
        let btc = report.movers[0]
        #expect(btc.quantity == dec("0.2") && btc.startPrice == dec("43000") && btc.endPrice == dec("45000"))
        #expect(btc.effect == dec("400") && btc.percent == dec("2000") * 100 / dec("43000"))
        #expect(report.unrankedAssets.isEmpty)
        let noStart = Self.build(.day, prices: Self.dailyPrices, asOf: "2024-06-08T23:59:59Z")
        #expect(noStart.movers.isEmpty && noStart.unrankedAssets == [sym("BTC")])
    }

    @Test("the period fold records one close per series day and ends in the full replay's state")
    func foldMatchesReplay() {
        let report = Self.build(.month, prices: Self.dailyPrices)
        #expect(report.series.count == 10) // 05-31 … 06-09
        #expect(report.series.first?.date == date("2024-05-31"))
        var make = Events()
        let state = Valuation.replay(
            [
                make.deposit("USD", "10000", on: "2024-06-03"), make.buy("BTC", "0.2", at: "40000", on: "2024-06-05"),
                make.sell("BTC", "0.1", at: "45000", on: "2024-06-08"),
            ], prices: priceTable(Self.dailyPrices), asOf: "2024-06-09T23:59:59Z")
        #expect(HoldingsReport(state: state, prices: priceTable(Self.dailyPrices)).totals == report.holdings.totals)
    }
}
