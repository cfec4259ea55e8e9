import LedgerCore
import LedgerCoreTestSupport
import Testing

/// `ledger returns --by asset|class|account` (a return per sleeve, trades and transfers its
/// flows) and a first flow of an asset that has no close the day before.
@Suite("Returns: sleeves (--by) and a flow's first day")
struct ReturnsSleeveTests {
    static func report(
        _ events: [LedgerEvent], prices: String, asOf: String, period: String, by grouping: ReturnsGrouping? = nil,
        benchmark: String? = nil
    ) -> ReturnsReport {
        let table = priceTable(prices)
        let time = Events.time(asOf)
        let choice = ReturnsPeriod(period)!
        let options = ValuationOptions(perAccount: grouping == .account, currency: sym("USD"), asOf: time)
        var fold = ReturnsFold(
            options: options, prices: table, first: choice.firstDay(last: choice.lastDay(asOf: time.date)), by: grouping
        )
        for event in Events.sequenced(events) { fold.apply(event) }
        return ReturnsReport(
            input: fold.finish(), prices: table, currency: sym("USD"), asOf: time, benchmark: benchmark.map(sym),
            by: grouping)
    }

    static let risingX = """
        2024-03-01T20:00:00Z X 100 USD
        2024-03-02T20:00:00Z X 100 USD
        2024-03-03T20:00:00Z X 110 USD
        2024-03-04T20:00:00Z X 121 USD
        """

    @Test("by asset: a buy is a flow out of the cash and into the asset, at the close before")
    func byAsset() throws {
        var make = Events()
        let events = [
            make.deposit("USD", "1000", on: "2024-03-01T12:00:00Z"),
            make.buy("X", "5", at: "100", on: "2024-03-02T12:00:00Z"),
        ]
        let report = Self.report(
            events, prices: Self.risingX, asOf: "2024-03-04T23:59:59Z", period: "2024-03-02..2024-03-04", by: .asset)
        #expect(report.sleeves.map(\.name) == ["USD", "X"])
        let cash = report.sleeves[0]
        let x = report.sleeves[1]
        #expect(x.days.map(\.value) == [.zero, dec("500"), dec("550"), dec("605")])
        #expect(x.days.map(\.flow) == [.zero, dec("500"), .zero, .zero])
        #expect(x.figures.gain == dec("105") && x.figures.timeWeighted?.cumulative == dec("0.21"))
        #expect(cash.days.map(\.flow) == [.zero, dec("-500"), .zero, .zero])
        #expect(cash.figures.gain == .zero && cash.figures.timeWeighted?.cumulative == .zero)
        // The whole portfolio: no external flow in the period, 1000 → 1105.
        #expect(report.figures.timeWeighted?.cumulative == dec("0.105") && report.figures.contributions == .zero)
    }

    @Test("by class: income is the sleeve's return, not a flow")
    func byClassIncome() throws {
        var make = Events()
        let events = [
            make.deposit("X", "10", on: "2024-03-01T12:00:00Z"),
            make.make(
                .income(Events.amount("1", "X"), kind: .staking, value: nil), on: "2024-03-03T12:00:00Z"),
        ]
        let report = Self.report(
            events, prices: Self.risingX, asOf: "2024-03-04T23:59:59Z", period: "2024-03-02..2024-03-04", by: .class)
        #expect(report.sleeves.map(\.name) == ["crypto"])
        let crypto = try #require(report.sleeves.first)
        // 1000 → 1000 → 11 × 110 → 11 × 121: no flow, 1331 / 1000.
        #expect(crypto.figures.contributions == .zero && crypto.figures.timeWeighted?.cumulative == dec("0.331"))
    }

    @Test("by account: a transfer leaves one account and enters the other; the whole has no flow")
    func byAccountTransfer() throws {
        var make = Events()
        let events = [
            make.deposit("X", "2", on: "2024-03-01T12:00:00Z", account: "a"),
            make.transfer("X", "1", from: "a", to: "b", on: "2024-03-03T12:00:00Z"),
        ]
        let report = Self.report(
            events, prices: Self.risingX, asOf: "2024-03-04T23:59:59Z", period: "2024-03-02..2024-03-04",
            by: .account)
        #expect(report.sleeves.map(\.name) == ["a", "b"])
        let (a, b) = (report.sleeves[0], report.sleeves[1])
        // The 1 X moved at the close before 03-03 (100): out of a, into b.
        #expect(a.days.map(\.flow) == [.zero, .zero, dec("-100"), .zero])
        #expect(b.days.map(\.flow) == [.zero, .zero, dec("100"), .zero])
        #expect(a.figures.timeWeighted?.cumulative == dec("0.21") && b.figures.timeWeighted?.cumulative == dec("0.21"))
        #expect(report.figures.contributions == .zero && report.figures.timeWeighted?.cumulative == dec("0.21"))
    }

    @Test("an asset deposited on the first day of its prices is valued at that day's close, not unknown")
    func firstFlowWithoutCloseBefore() throws {
        var make = Events()
        let report = Self.report(
            [make.deposit("X", "2", on: "2024-03-02T12:00:00Z")],
            prices: "2024-03-02T20:00:00Z X 10 USD\n2024-03-03T20:00:00Z X 11 USD", asOf: "2024-03-03T23:59:59Z",
            period: "all")
        #expect(report.days.map(\.flow) == [.zero, dec("20"), .zero])
        #expect(report.figures.timeWeighted?.cumulative == dec("0.1") && report.unknownSpans.isEmpty)
    }

    @Test("the benchmark holds nothing before the first flow: no close is needed the day before")
    func benchmarkBeforeItsFirstClose() throws {
        var make = Events()
        let report = Self.report(
            [make.deposit("USD", "1000", on: "2024-03-02T12:00:00Z")],
            prices: "2024-03-02T20:00:00Z B 50 USD\n2024-03-03T20:00:00Z B 55 USD", asOf: "2024-03-03T23:59:59Z",
            period: "all", benchmark: "B")
        let benchmark = try #require(report.benchmark)
        // Nothing on the base day (no close of B, none needed); 1000 buys 20 B at 50.
        #expect(benchmark.days.map(\.value) == [.zero, dec("1000"), dec("1100")])
        #expect(benchmark.figures.timeWeighted?.cumulative == dec("0.1") && report.unknownSpans.isEmpty)
    }

    @Test("a flow without a price names the close before its day, which is what values it")
    func flowGapNamesTheDayBefore() {
        var make = Events()
        let report = Self.report(
            [make.deposit("Y", "1", on: "2024-03-03T12:00:00Z")], prices: "2024-03-05T20:00:00Z Y 7 USD",
            asOf: "2024-03-05T23:59:59Z", period: "2024-03-02..2024-03-05")
        // Neither 03-02 nor 03-03 has a close for the deposit (days[2]); 03-03 and 03-04 hold Y
        // unpriced.
        #expect(report.days[2].flow == nil && report.figures.contributions == nil)
        #expect(report.unknownSpans.map { "\($0.asset) \($0.from) \($0.to)" } == ["Y 2024-03-02 2024-03-04"])
        #expect(report.unknownSpans.first?.fillCommand == "ledger prices fetch Y --history --since 2024-03-02")
    }
}
