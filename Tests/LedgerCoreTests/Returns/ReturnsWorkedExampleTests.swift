import LedgerCore
import LedgerCoreTestSupport
import Testing

/// The worked examples of docs/RETURNS.md, figure by figure, through the real replay.
@Suite("Returns: the worked examples of docs/RETURNS.md")
struct ReturnsWorkedExampleTests {
    /// The returns of `events` over 2024-01-02..2024-01-03 (base day 2024-01-01), X priced by
    /// its closes on the three days.
    static func report(
        _ events: [LedgerEvent], closes: [String], benchmark: [String]? = nil, period: String = "2024-01-02..2024-01-03"
    ) -> ReturnsReport {
        var lines = zip(["2024-01-01", "2024-01-02", "2024-01-03"], closes).map { "\($0)T23:00:00Z X \($1) USD" }
        if let benchmark {
            lines += zip(["2024-01-01", "2024-01-02", "2024-01-03"], benchmark).map { "\($0)T23:00:00Z B \($1) USD" }
        }
        let prices = priceTable(lines.joined(separator: "\n"))
        let asOf = Events.time("2024-01-03T23:59:59Z")
        let choice = ReturnsPeriod(period)!
        var fold = ReturnsFold(
            options: ValuationOptions(currency: sym("USD"), asOf: asOf), prices: prices,
            first: choice.firstDay(last: choice.lastDay(asOf: asOf.date)))
        for event in Events.sequenced(events) { fold.apply(event) }
        return ReturnsReport(
            input: fold.finish(), prices: prices, currency: sym("USD"), asOf: asOf,
            benchmark: benchmark == nil ? nil : sym("B"))
    }

    static func rate(_ result: Result<MoneyWeightedReturn, MoneyWeightedFailure>?) -> MoneyWeightedReturn? {
        guard case .success(let rate) = result else { return nil }
        return rate
    }

    @Test("1. a deposit mid-period: TWR 4.24 %, gain −10, MWR −0.67 %; not the simple change")
    func depositMidPeriod() throws {
        var make = Events()
        let report = Self.report(
            [
                make.deposit("USD", "1000", on: "2024-01-01T10:00:00Z"),
                make.buy("X", "10", at: "100", on: "2024-01-01T11:00:00Z"),
                make.deposit("USD", "1000", on: "2024-01-03T10:00:00Z"),
            ], closes: ["100", "110", "99"])
        #expect(report.days.map(\.value) == [dec("1000"), dec("1100"), dec("1990")])
        #expect(report.days.map(\.flow) == [.zero, .zero, dec("1000")])
        let figures = report.figures
        #expect(figures.startValue == dec("1000") && figures.endValue == dec("1990"))
        #expect(figures.contributions == dec("1000") && figures.gain == dec("-10"))
        let twr = try #require(figures.timeWeighted)
        #expect(twr.cumulative == dec("2189") / dec("2100") - .one)
        #expect(twr.cumulative.rounded(places: 12) == dec("0.042380952381"))
        #expect(twr.annualised == nil && twr.bridgedDays == 0)
        #expect(twr.cumulative != dec("0.99") && twr.cumulative != dec("-0.005"))
        // x² + x − 1.99 = 0 with x = (1 + r)^(1/365): period rate x² − 1 = 1.49 − √8.96 / 2.
        let mwr = try #require(Self.rate(figures.moneyWeighted))
        #expect(mwr.periodRate.rounded(places: 12) == dec("-0.006662954710"))
        #expect(mwr.annualRate == nil, "two days are never annualised")
    }

    @Test("2. a withdrawal: TWR −10 %, gain +100, MWR +7.09 %")
    func withdrawal() throws {
        var make = Events()
        let report = Self.report(
            [
                make.deposit("USD", "2000", on: "2024-01-01T10:00:00Z"),
                make.buy("X", "20", at: "100", on: "2024-01-01T11:00:00Z"),
                make.sell("X", "10", at: "120", on: "2024-01-03T10:00:00Z"),
                make.withdraw("USD", "1200", on: "2024-01-03T11:00:00Z"),
            ], closes: ["100", "120", "90"])
        #expect(report.days.map(\.value) == [dec("2000"), dec("2400"), dec("900")])
        #expect(report.figures.contributions == dec("-1200") && report.figures.gain == dec("100"))
        #expect(report.figures.timeWeighted?.cumulative == dec("-0.1"))
        let mwr = try #require(Self.rate(report.figures.moneyWeighted))
        // 2000x² − 1200x − 900 = 0: x = (3 + √54) / 10, period rate x² − 1 = (6√54 − 37) / 100.
        #expect(mwr.periodRate.rounded(places: 12) == dec("0.070908153701"))
    }

    @Test("3. a loss then a gain: TWR 0 %, not the average +25 %")
    func lossThenGain() throws {
        var make = Events()
        let report = Self.report(
            [
                make.deposit("USD", "1000", on: "2024-01-01T10:00:00Z"),
                make.buy("X", "10", at: "100", on: "2024-01-01T11:00:00Z"),
            ], closes: ["100", "50", "100"])
        #expect(report.days.map(\.value) == [dec("1000"), dec("500"), dec("1000")])
        #expect(report.figures.timeWeighted?.cumulative == .zero)
        #expect(report.figures.gain == .zero && report.figures.contributions == .zero)
        let mwr = try #require(Self.rate(report.figures.moneyWeighted))
        #expect(mwr.periodRate.rounded(places: 12) == .zero)
    }

    @Test("4. an IRR with a closed form: 1000x² + 1000x − 2310 = 0 gives x = 1.1")
    func closedFormIRR() throws {
        let flows = [
            CashFlow(day: 0, amount: dec("-1000")), CashFlow(day: 365, amount: dec("-1000")),
            CashFlow(day: 730, amount: dec("2310")),
        ]
        let mwr = try XIRR.solve(flows, days: 730).get()
        #expect(mwr.annualRate?.rounded(places: 12) == dec("0.1"))
        #expect(mwr.periodRate.rounded(places: 12) == dec("0.21"))
        let oneYear = try XIRR.solve(
            [CashFlow(day: 0, amount: dec("-1000")), CashFlow(day: 365, amount: dec("1100"))], days: 365
        ).get()
        #expect(oneYear.periodRate.rounded(places: 12) == dec("0.1") && oneYear.annualRate == nil)
    }

    @Test("5. no rate: money in, nothing out, is refused, not −100 %")
    func noRate() {
        let flows = [CashFlow(day: 0, amount: dec("-1000")), CashFlow(day: 30, amount: .zero)]
        #expect(throws: MoneyWeightedFailure.noRate) { try XIRR.solve(flows, days: 30).get() }
        #expect(throws: MoneyWeightedFailure.noMoney) { try XIRR.solve([], days: 30).get() }
    }

    @Test("several rates are refused: −1000, +2600, −1650 fits 10 % and 50 % a day")
    func severalRates() {
        // (x − 1.1)(x − 1.5) = x² − 2.6x + 1.65 with x = 1 + the rate per day.
        let flows = [
            CashFlow(day: 0, amount: dec("-1000")), CashFlow(day: 1, amount: dec("2600")),
            CashFlow(day: 2, amount: dec("-1650")),
        ]
        #expect(throws: MoneyWeightedFailure.severalRates) { try XIRR.solve(flows, days: 2).get() }
    }

    @Test("the benchmark bought with the same flows earns its own price return")
    func benchmark() throws {
        var make = Events()
        let report = Self.report(
            [
                make.deposit("USD", "1000", on: "2024-01-01T10:00:00Z"),
                make.buy("X", "10", at: "100", on: "2024-01-01T11:00:00Z"),
                make.deposit("USD", "1000", on: "2024-01-03T10:00:00Z"),
            ], closes: ["100", "110", "99"], benchmark: ["10", "20", "10"])
        let benchmark = try #require(report.benchmark)
        // 100 units at 10; 2000 on day 1; the 1000 deposited buys 50 more at 20; 150 × 10.
        #expect(benchmark.days.map(\.value) == [dec("1000"), dec("2000"), dec("1500")])
        #expect(benchmark.figures.timeWeighted?.cumulative == .zero)
        #expect(benchmark.figures.gain == dec("-500") && benchmark.figures.contributions == dec("1000"))
    }
}
