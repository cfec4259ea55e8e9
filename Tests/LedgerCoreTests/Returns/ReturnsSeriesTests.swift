import LedgerCore
import LedgerCoreTestSupport
import Testing

/// The value series of `ledger returns`: the carry of a missing price, the unknown days named,
/// cash spent without a deposit, and the periods.
@Suite("Returns: value series, carried prices, unknown days, periods")
struct ReturnsSeriesTests {
    static func report(_ events: [LedgerEvent], prices: String, asOf: String, period: String) -> ReturnsReport {
        let table = priceTable(prices)
        let time = Events.time(asOf)
        let choice = ReturnsPeriod(period)!
        var fold = ReturnsFold(
            options: ValuationOptions(currency: sym("USD"), asOf: time), prices: table,
            first: choice.firstDay(last: choice.lastDay(asOf: time.date)))
        for event in Events.sequenced(events) { fold.apply(event) }
        return ReturnsReport(input: fold.finish(), prices: table, currency: sym("USD"), asOf: time, benchmark: nil)
    }

    @Test("a price is carried for 5 days, then the asset's part is unknown and named")
    func carry() throws {
        var make = Events()
        let events = [make.deposit("X", "2", on: "2024-03-01T12:00:00Z")]
        let report = Self.report(
            events, prices: "2024-03-01T00:00:00Z X 10 USD\n2024-03-09T00:00:00Z X 12 USD",
            asOf: "2024-03-09T23:59:59Z", period: "2024-03-02..2024-03-09")
        // 03-01 base: 20. 03-02..03-06 carry the 03-01 price (1 to 5 days old); 03-07 and 03-08
        // are unknown; 03-09 has its own price.
        #expect(
            report.days.map(\.value) == [
                dec("20"), dec("20"), dec("20"), dec("20"), dec("20"), dec("20"), nil, nil, dec("24"),
            ])
        #expect(report.days[6].unknown == [sym("X")] && report.days[6].pricedValue == .zero)
        #expect(report.unknownSpans.map { "\($0.asset) \($0.from) \($0.to)" } == ["X 2024-03-07 2024-03-08"])
        let twr = try #require(report.figures.timeWeighted)
        #expect(twr.cumulative == dec("0.2") && twr.bridgedDays == 2, "linked across the gap")
    }

    @Test("an unknown end value leaves no TWR, MWR or gain")
    func unknownEnd() {
        var make = Events()
        let report = Self.report(
            [make.deposit("X", "2", on: "2024-03-01T12:00:00Z")], prices: "2024-03-01T00:00:00Z X 10 USD",
            asOf: "2024-03-08T23:59:59Z", period: "7d")
        #expect(report.figures.endValue == nil && report.figures.gain == nil)
        #expect(report.figures.timeWeighted == nil && report.figures.moneyWeighted == nil)
    }

    @Test("cash a typed buy spent that was never deposited is money paid in (the replay's netFiatPaidIn)")
    func spentWithoutDepositIsPaidIn() throws {
        var make = Events()
        let events = [
            make.buy("X", "1", at: "100", on: "2024-03-02T12:00:00Z"),
            make.sell("X", "1", at: "130", on: "2024-03-04T12:00:00Z"),
        ]
        let report = Self.report(
            events,
            prices: """
                2024-03-02T20:00:00Z X 100 USD
                2024-03-03T20:00:00Z X 120 USD
                2024-03-04T20:00:00Z X 130 USD
                """, asOf: "2024-03-04T23:59:59Z", period: "all")
        // Base 03-01: nothing. 03-02: 1 X (100), the 100 USD it cost paid in. 03-03: 120.
        // 03-04: sold for 130 USD, which stays in the books.
        #expect(report.days.map(\.value) == [.zero, dec("100"), dec("120"), dec("130")])
        #expect(report.days.map(\.flow) == [.zero, dec("100"), .zero, .zero])
        #expect(report.figures.gain == dec("30") && report.figures.contributions == dec("100"))
        // r: 100/100, 120/100, 130/120: 1.3 − 1 = 30 %.
        #expect(report.figures.timeWeighted?.cumulative == dec("0.3"))
    }

    @Test("a transfer between accounts is no flow; income is return, not a contribution")
    func transfersAndIncome() {
        var make = Events()
        let events = [
            make.deposit("USD", "100", on: "2024-03-01T12:00:00Z"),
            make.transfer("USD", "40", from: "default", to: "bank", on: "2024-03-02T12:00:00Z"),
            make.make(
                .income(Events.amount("5", "USD"), kind: .interest, value: nil), on: "2024-03-03T12:00:00Z"),
        ]
        let report = Self.report(events, prices: "", asOf: "2024-03-03T23:59:59Z", period: "2024-03-02..2024-03-03")
        #expect(report.days.map(\.flow) == [.zero, .zero, .zero])
        #expect(report.figures.gain == dec("5") && report.figures.timeWeighted?.cumulative == dec("0.05"))
    }

    @Test(
        "periods: first and last day for an as-of of 2024-06-26",
        arguments: [
            ("1d", "2024-06-26", "2024-06-26"), ("7d", "2024-06-20", "2024-06-26"),
            ("30d", "2024-05-28", "2024-06-26"), ("ytd", "2024-01-01", "2024-06-26"),
            ("1y", "2023-06-28", "2024-06-26"), ("2023", "2023-01-01", "2023-12-31"),
            ("2024", "2024-01-01", "2024-06-26"), ("2024-03-01..2024-03-31", "2024-03-01", "2024-03-31"),
        ])
    func periods(text: String, first: String, last: String) throws {
        let period = try #require(ReturnsPeriod(text))
        let end = period.lastDay(asOf: date("2024-06-26"))
        #expect(end == date(last) && period.firstDay(last: end) == date(first))
    }

    @Test(
        "not a period",
        arguments: ["2d", "month", "2024-03-01..", "2024-03-31..2024-03-01", "24", "2024-13-01..2024-14-01"])
    func notAPeriod(text: String) {
        #expect(ReturnsPeriod(text) == nil)
        #expect(ReturnsPeriod("all") == .all)
    }
}
