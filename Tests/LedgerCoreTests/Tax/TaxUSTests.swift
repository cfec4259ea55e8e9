import LedgerCore
import Testing

/// Publication 550's wash-sale examples and the lot methods (docs/TAX.md, "United States").
@Suite("Tax, US: lots, terms and wash sales")
struct TaxUSTests {
    @Test("Publication 550, Wash Sales, Example 1: the $250 loss goes into the new shares' basis")
    func publication550Example1() throws {
        var filer = TaxScenario()
        filer.buy("2024-01-02", 100, "X", cost: 1_000)
        filer.sell("2024-06-03", 100, "X", proceeds: 750)
        let replacement = filer.nextEvent
        filer.buy("2024-06-20", 100, "X", cost: 800)
        let held = filer.report(.us)
        let sale = try #require(held.disposals.first)
        #expect(sale.costBasis == 1_000 && sale.adjustmentCode == "W" && sale.adjustment == 250 && sale.gain == 0)
        let lot = try #require(held.holding("X"))
        #expect(lot.quantity == 100 && lot.costBasis == 1_050)
        #expect(lot.acquired == filer.transactions.last?.time)

        filer.sell("2024-09-02", 100, "X", proceeds: 900)
        let report = filer.report(.us)
        let second = try #require(report.disposals.last)
        #expect(second.matches.first?.event == replacement)
        #expect(
            second.costBasis == 1_050 && second.gain == -150 && second.adjustmentCode == nil && second.term == .short)
        let year = try #require(report.year("2024"))
        #expect(year.washSaleDisallowed == 250 && year.shortTerm?.adjustment == 250)
        #expect(year.shortTerm?.proceeds == 1_650 && year.shortTerm?.costBasis == 2_050)
        #expect(year.shortTerm?.net == -150 && year.longTerm?.disposals == 0 && year.taxableGain == 0)
    }

    @Test("the replacement shares' holding period includes the sold shares': long term sooner")
    func holdingPeriodIsTacked() throws {
        var filer = TaxScenario()
        filer.buy("2023-01-10", 100, "X", cost: 1_000)
        filer.sell("2024-01-05", 100, "X", proceeds: 700) // held 360 days: short, loss 300
        filer.buy("2024-01-20", 100, "X", cost: 600) // holding period starts 360 days earlier: 2023-01-25
        filer.sell("2024-03-01", 100, "X", proceeds: 800)
        let report = filer.report(.us)
        #expect(report.disposals.map(\.term) == [.short, .long])
        #expect(report.disposals[1].costBasis == 900 && report.disposals[1].gain == -100)
        #expect(report.year("2024")?.longTerm?.net == -100 && report.year("2024")?.shortTerm?.net == 0)
    }

    @Test("Publication 550: more shares bought than sold: the earliest purchases take the loss")
    func moreBoughtThanSold() throws {
        var filer = TaxScenario()
        filer.buy("2024-01-02", 100, "M", cost: 3_000)
        filer.sell("2024-02-05", 100, "M", proceeds: 2_000)
        for day in ["2024-02-12", "2024-02-13", "2024-02-14", "2024-02-15"] {
            filer.buy(day, 50, "M", cost: 1_100)
        }
        let report = filer.report(.us)
        #expect(report.disposals.first?.adjustment == 1_000 && report.disposals.first?.gain == 0)
        #expect(report.holdings.map(\.costBasis) == [1_600, 1_600, 1_100, 1_100])
        #expect(report.holdings.map(\.quantity) == [50, 50, 50, 50])
    }

    @Test("Publication 550: fewer shares bought than sold: the loss on the rest is allowed")
    func fewerBoughtThanSold() throws {
        var filer = TaxScenario()
        filer.buy("2024-01-02", 100, "M", cost: 3_000)
        filer.buy("2024-01-20", 25, "M", cost: 500) // 30 days or fewer before the sale
        filer.sell("2024-02-05", 100, "M", proceeds: 2_000)
        let report = filer.report(.us)
        let sale = try #require(report.disposals.first)
        #expect(sale.costBasis == 3_000 && sale.adjustment == 250 && sale.gain == -750)
        #expect(report.holding("M")?.costBasis == 750 && report.holding("M")?.quantity == 25)
    }

    @Test("a replacement share absorbs one loss only")
    func oneLossPerReplacementShare() {
        var filer = TaxScenario()
        filer.buy("2023-11-01", 100, "X", cost: 1_000)
        filer.buy("2023-12-01", 100, "X", cost: 1_000)
        filer.buy("2024-01-20", 100, "X", cost: 500)
        filer.sell("2024-02-01", 100, "X", proceeds: 600) // FIFO: 1 November, loss 400, replaced
        filer.sell("2024-02-02", 100, "X", proceeds: 600) // 1 December, loss 400: no replacement left
        let report = filer.report(.us)
        #expect(report.disposals.map(\.adjustment) == [400, 0])
        #expect(report.disposals.map(\.gain) == [0, -400])
        #expect(report.holdings.map(\.costBasis) == [900] && report.holdings.map(\.quantity) == [100])
    }

    @Test("selling part of one purchase at a loss is not a wash sale")
    func ownPurchaseIsNoReplacement() {
        var filer = TaxScenario()
        filer.buy("2024-01-02", 100, "X", cost: 1_000)
        filer.sell("2024-01-12", 50, "X", proceeds: 400)
        #expect(filer.report(.us).disposals.first?.adjustment == 0)
    }

    @Test("crypto is not subject to the wash-sale rule unless asked")
    func cryptoOnlyWhenAsked() {
        var filer = TaxScenario()
        filer.buy("2024-01-02", 1, "BTC", cost: 40_000, class: .crypto)
        filer.sell("2024-06-03", 1, "BTC", proceeds: 30_000, class: .crypto)
        filer.buy("2024-06-20", 1, "BTC", cost: 31_000, class: .crypto)
        #expect(filer.report(.us).disposals.first?.adjustmentCode == nil)
        let cautious = filer.report(.us, TaxOptions(washSalesForCrypto: true))
        #expect(cautious.disposals.first?.adjustment == 10_000 && cautious.holding("BTC")?.costBasis == 41_000)
    }

    @Test("FIFO, LIFO and HIFO take different lots", arguments: [(BookingMethod.fifo, 150), (.lifo, 50), (.hifo, -50)])
    func methods(method: BookingMethod, gain: Int) {
        var filer = TaxScenario()
        filer.buy("2020-01-02", 1, "BTC", cost: 100, class: .crypto)
        filer.buy("2020-01-03", 1, "BTC", cost: 300, class: .crypto)
        filer.buy("2020-01-04", 1, "BTC", cost: 200, class: .crypto)
        filer.sell("2020-02-01", 1, "BTC", proceeds: 250, class: .crypto)
        let report = filer.report(.us, TaxOptions(method: method))
        #expect(report.disposals.first?.gain == ExactDecimal(gain))
        #expect(report.disposals.first?.matches.first?.rule.rawValue == method.rawValue)
    }

    @Test("held one year to the day is short term; a day more is long term")
    func oneYearBoundary() {
        var filer = TaxScenario()
        filer.buy("2023-03-01", 2, "X", cost: 200)
        filer.sell("2024-03-01", 1, "X", proceeds: 150)
        filer.sell("2024-03-02", 1, "X", proceeds: 150)
        #expect(filer.report(.us).disposals.map(\.term) == [.short, .long])
    }

    @Test("gains and losses count each sale per term: its lot pieces are netted, as rp2 does")
    func salesPerTermCount() throws {
        var filer = TaxScenario()
        filer.buy("2020-01-02", 1, "BTC", cost: 100, class: .crypto)
        filer.buy("2020-01-03", 1, "BTC", cost: 300, class: .crypto)
        filer.sell("2020-02-01", 2, "BTC", proceeds: 400, class: .crypto)
        let report = filer.report(.us)
        #expect(report.disposals.map(\.gain) == [100, -100])
        let year = try #require(report.year("2020"))
        #expect(year.figures.gains == 0 && year.figures.losses == 0 && year.shortTerm?.net == 0)
    }
}
