import LedgerCore
import LedgerCoreTestSupport
import Testing

/// Splits, voids, the as-of cut-off and holding periods, by hand.
@Suite("Valuation: splits, voids, as-of and holding periods")
struct EventKindTimeTests {
    @Test("a 4:1 split multiplies quantities by 4 and keeps cost and acquisition date")
    func forwardSplit() throws {
        var make = Events()
        // 10 AAPL @ 150 = 1500 → after 4:1, 40 shares still costing 1500 (37.5 each).
        // Selling all 40 @ 40 = 1600: cost 1500, gain 100, nothing uncovered.
        let events = [
            make.buy("AAPL", "10", at: "150", on: "2024-01-02"),
            make.split("AAPL", "4:1", class: .stock, on: "2024-02-01"),
            make.sell("AAPL", "40", at: "40", on: "2024-03-01"),
        ]
        let split = Valuation.replay(Array(events.prefix(2)))
        let lot = try #require(split.lots("AAPL").only)
        #expect(lot.quantity == dec("40") && lot.cost == dec("1500") && lot.unitCost == dec("37.5"))
        #expect(lot.acquired == Events.time("2024-01-02"))
        let sold = Valuation.replay(events)
        #expect(try #require(sold.disposals.only).gain == dec("100"))
        #expect(sold.diagnostics.isEmpty && sold.lots("AAPL").isEmpty)
    }

    @Test("a 1:10 reverse split divides every lot by 10 and keeps each lot's cost")
    func reverseSplit() {
        var make = Events()
        // 100 @ 5 = 500 and 50 @ 6 = 300 → 10 costing 500 and 5 costing 300.
        let state = Valuation.replay([
            make.buy("XYZ", "100", at: "5", on: "2024-01-02"),
            make.buy("XYZ", "50", at: "6", on: "2024-01-03"),
            make.split("XYZ", "1:10", on: "2024-02-01"),
            make.sell("XYZ", "15", at: "70", on: "2024-03-01"),
        ])
        #expect(state.disposals.map(\.quantity) == [dec("10"), dec("5")])
        #expect(state.disposals.map(\.cost) == [dec("500"), dec("300")])
        #expect(state.diagnostics.isEmpty)
    }

    @Test("a split scales every account's lots and no other asset's")
    func splitEveryAccount() {
        var make = Events()
        let state = Valuation.replay(
            [
                make.buy("AAPL", "1", at: "100", on: "2024-01-02", account: "broker"),
                make.buy("AAPL", "2", at: "100", on: "2024-01-02", account: "ira"),
                make.buy("MSFT", "3", at: "100", on: "2024-01-02", account: "ira"),
                make.split("AAPL", "2:1", on: "2024-02-01"),
            ], perAccount: true)
        #expect(state.lots("AAPL", account: "broker").map(\.quantity) == [dec("2")])
        #expect(state.lots("AAPL", account: "ira").map(\.quantity) == [dec("4")])
        #expect(state.lots("MSFT", account: "ira").map(\.quantity) == [dec("3")])
    }

    @Test("after a 1:3 reverse split of three lots, everything held can still be sold")
    func splitRoundingAcrossLots() {
        var make = Events()
        // 3 lots of 1 → 1:3 → PositionBook (and the user) holds 3 × 1 ÷ 3 = 1 share; selling it
        // must find 1 share in the lots, with no uncovered part and no warning. (Rounding each
        // lot on its own gives 3 × 0.333333333333333333 = 0.999999999999999999.)
        let events = [
            make.buy("XYZ", "1", at: "10", on: "2024-01-02"),
            make.buy("XYZ", "1", at: "11", on: "2024-01-03"),
            make.buy("XYZ", "1", at: "12", on: "2024-01-04"),
            make.split("XYZ", "1:3", on: "2024-02-01"),
            make.sell("XYZ", "1", at: "40", on: "2024-03-01"),
        ]
        #expect(PositionBook.firstShortfall(in: Events.sequenced(events)) == nil)
        let split = Valuation.replay(Array(events.prefix(4)))
        #expect(split.quantity(of: sym("XYZ")) == dec("1"), "lots: \(split.lots("XYZ").map(\.quantity))")
        let sold = Valuation.replay(events)
        #expect(sold.warnings.isEmpty, "\(sold.warnings)")
        #expect(sold.disposals.map(\.cost).sum() == dec("33"))
    }

    @Test("a voided event is skipped as if never recorded")
    func voidedBuy() {
        var make = Events()
        let kept = make.buy("BTC", "1", at: "100", on: "2024-01-02")
        let mistake = make.buy("BTC", "5", at: "200", on: "2024-01-03", fee: "3")
        let void = make.void(mistake, on: "2024-01-04")
        let withVoid = Valuation.replay([kept, mistake, void])
        let without = Valuation.replay([kept])
        #expect(
            withVoid.snapshot == without.snapshot, "\(withVoid.snapshot.firstDifference(from: without.snapshot) ?? "")")
        #expect(withVoid.eventCount == 1)
    }

    @Test("voiding a sale puts its lots back and undoes its proceeds")
    func voidedSell() throws {
        var make = Events()
        let buy = make.buy("BTC", "1", at: "100", on: "2024-01-02")
        let sell = make.sell("BTC", "0.4", at: "300", on: "2024-01-03", fee: "1")
        let state = Valuation.replay([buy, sell, make.void(sell, on: "2024-01-05")])
        #expect(state.disposals.isEmpty && state.balancesByKey.values.sum() == .zero)
        let lot = try #require(state.lots("BTC").only)
        #expect(lot.quantity == dec("1") && lot.cost == dec("100"))
    }

    @Test("events after as-of are left out; one exactly at as-of is in")
    func asOfCutOff() throws {
        var make = Events()
        let events = [
            make.buy("BTC", "1", at: "100", on: "2024-01-02"),
            make.sell("BTC", "1", at: "300", on: "2024-01-10"),
            make.buy("BTC", "1", at: "100", on: "2024-01-10T00:00:01Z"),
        ]
        let before = Valuation.replay(events, asOf: "2024-01-05")
        #expect(before.disposals.isEmpty && before.eventCount == 1)
        #expect(try #require(before.lots("BTC").only).quantity == dec("1"))
        let atSale = Valuation.replay(events, asOf: "2024-01-10")
        #expect(atSale.disposals.count == 1 && atSale.lots("BTC").isEmpty && atSale.eventCount == 2)
    }

    @Test("holdings are valued with the latest price at or before as-of")
    func valuedAtAsOf() throws {
        var make = Events()
        let prices = priceTable(
            """
            2024-01-04 BTC 35000 USD
            2024-01-08 BTC 50000 USD
            """)
        let state = Valuation.replay(
            [make.buy("BTC", "1", at: "30000", on: "2024-01-02")], prices: prices, asOf: "2024-01-05")
        let row = try #require(HoldingsReport(state: state, prices: prices).rows.only)
        #expect(row.price?.value == dec("35000") && row.price?.observedAt == Events.time("2024-01-04"))
        #expect(row.unrealizedPnL == dec("5000"))
    }

    @Test(
        "holding days count UTC dates; more than one year by the calendar is long term",
        arguments: [
            ("2023-01-01", "2024-01-01", 365, HoldingTerm.short), // 2023 has 365 days
            ("2023-01-01", "2024-01-02", 366, .long),
            ("2024-01-01", "2024-12-31", 365, .short), // 2024 is a leap year
            ("2024-01-01", "2025-01-01", 366, .short), // the anniversary: one year, not more
            ("2024-01-01", "2025-01-02", 367, .long),
            ("2024-01-01T23:00:00Z", "2024-01-02T01:00:00Z", 1, .short), // two hours, two dates
            ("2024-01-01T01:00:00Z", "2024-01-01T23:00:00Z", 0, .short),
        ])
    func holdingDays(bought: String, sold: String, days: Int, term: HoldingTerm) throws {
        var make = Events()
        let state = Valuation.replay([
            make.buy("BTC", "1", at: "100", on: bought),
            make.sell("BTC", "1", at: "150", on: sold),
        ])
        let piece = try #require(state.disposals.only)
        #expect(piece.holdingDays == days && piece.term == term)
    }

    @Test("the gains report splits short- and long-term gains and filters by disposal date")
    func gainsReport() {
        var make = Events()
        // Lot A 1 @ 100 (2023-01-01), lot B 1 @ 200 (2024-01-01). Sell both @ 250 on 2024-01-02:
        //   A held 366 days: long, gain 150. B held 1 day: short, gain 50.
        // Sell 1 more bought 2024-01-03 @ 300 on 2024-06-01 @ 280: short, gain −20.
        let state = Valuation.replay([
            make.buy("BTC", "1", at: "100", on: "2023-01-01"),
            make.buy("BTC", "1", at: "200", on: "2024-01-01"),
            make.sell("BTC", "2", at: "250", on: "2024-01-02"),
            make.buy("BTC", "1", at: "300", on: "2024-01-03"),
            make.sell("BTC", "1", at: "280", on: "2024-06-01"),
        ])
        let all = GainsReport(state: state, since: nil, until: nil)
        #expect(
            all.totals.proceeds == dec("780") && all.totals.costBasis == dec("600") && all.totals.gain == dec("180"))
        #expect(all.totals.longTermGain == dec("150") && all.totals.shortTermGain == dec("30"))
        let january = GainsReport(
            state: state, since: LocalDate(year: 2024, month: 1, day: 2),
            until: LocalDate(year: 2024, month: 1, day: 31))
        #expect(january.disposals.count == 2 && january.totals.gain == dec("200"))
    }
}
