import LedgerCore
import Testing

/// HMRC's own worked examples, every figure asserted (docs/TAX.md, "United Kingdom").
@Suite("Tax, UK: HMRC share matching on HMRC's examples")
struct TaxUKTests {
    @Test("HS284 Example 3 (2024): two disposals out of the section 104 pool")
    func hs284Example3() throws {
        var lobster = TaxScenario()
        lobster.buy("2015-04-01", 1_000, "LOBS", cost: 4_150)
        lobster.buy("2018-09-01", 500, "LOBS", cost: 2_130)
        lobster.sell("2023-05-01", 700, "LOBS", proceeds: 3_360, costs: 100)
        lobster.sell("2024-02-01", 400, "LOBS", proceeds: 2_080, costs: 105)
        let report = lobster.report(.uk)
        try #require(report.disposals.count == 2)
        let (may, february) = (report.disposals[0], report.disposals[1])
        #expect(may.proceeds == 3_360 && may.disposalCosts == 100)
        #expect(may.costBasis.cents == dec("2930.67") && may.allowableCosts.cents == dec("3030.67"))
        #expect(may.gain.cents == dec("329.33"))
        #expect(may.gain.rounded(places: 0, rule: .towardZero) == 329)
        #expect(may.matches.map(\.rule) == [.section104] && may.matches[0].quantity == 700)
        #expect(february.costBasis.cents == dec("1674.67") && february.allowableCosts.cents == dec("1779.67"))
        #expect(february.gain.cents == dec("300.33") && february.gain.rounded(places: 0, rule: .towardZero) == 300)
        let pool = try #require(report.holding("LOBS"))
        #expect(pool.quantity == 400 && pool.costBasis.cents == dec("1674.67") && pool.acquired == nil)
        let year = try #require(report.year("2023/2024"))
        #expect(year.start == TaxScenario.date("2023-04-06") && year.end == TaxScenario.date("2024-04-05"))
        #expect(year.figures.disposals == 2 && year.figures.proceeds == 5_440)
        #expect(year.figures.allowableCosts.cents == dec("4810.33") && year.figures.net.cents == dec("629.67"))
        #expect(year.exemptAmount == 6_000 && year.taxableGain == 0 && year.lossesCarriedForward == 0)
        // Cost is conserved exactly: what the disposals used plus the pool is what was paid.
        #expect(may.costBasis + february.costBasis + pool.costBasis == 6_280)
    }

    @Test("CRYPTO22251: a basic section 104 pool disposal")
    func cryptoExample1() throws {
        var victoria = TaxScenario()
        victoria.buy("2021-01-04", 100, "TOKA", cost: 1_000, class: .crypto)
        victoria.buy("2022-09-18", 50, "TOKA", cost: 125_000, class: .crypto)
        victoria.sell("2022-12-01", 50, "TOKA", proceeds: 300_000, class: .crypto)
        let report = victoria.report(.uk)
        let sale = try #require(report.disposals.first)
        #expect(sale.costBasis == 42_000 && sale.gain == 258_000)
        #expect(report.holding("TOKA")?.quantity == 100 && report.holding("TOKA")?.costBasis == 84_000)
    }

    @Test("CRYPTO22252: two disposals and an acquisition on one day are one matched disposal")
    func cryptoExample2() throws {
        var martyn = TaxScenario()
        martyn.buy("2020-01-02", 5_000, "TOKB", cost: 500, class: .crypto)
        martyn.sell("2022-06-23", 1_000, "TOKB", proceeds: 800, class: .crypto)
        martyn.buy("2022-06-23", 1_600, "TOKB", cost: 1_000, class: .crypto)
        martyn.sell("2022-06-23", 500, "TOKB", proceeds: 600, class: .crypto)
        let report = martyn.report(.uk)
        try #require(report.disposals.count == 1)
        let day = report.disposals[0]
        #expect(day.quantity == 1_500 && day.proceeds == 1_400)
        #expect(day.matches.map(\.rule) == [.sameDay] && day.costBasis == dec("937.5"))
        #expect(day.gain == dec("462.5") && day.gain.rounded(places: 0, rule: .towardZero) == 462)
        #expect(report.holding("TOKB")?.quantity == 5_100 && report.holding("TOKB")?.costBasis == dec("562.5"))
    }

    @Test("CRYPTO22253: the 30-day rule, earliest acquisition first, across a tax year end")
    func cryptoExample3() throws {
        var rachel = TaxScenario()
        rachel.buy("2020-01-02", 2_000, "TOKC", cost: 1_000, class: .crypto)
        rachel.sell("2022-03-31", 1_000, "TOKC", proceeds: 400, class: .crypto)
        rachel.sell("2022-04-20", 500, "TOKC", proceeds: 150, class: .crypto)
        rachel.buy("2022-04-21", 700, "TOKC", cost: 175, class: .crypto)
        rachel.buy("2022-04-28", 500, "TOKC", cost: 100, class: .crypto)
        rachel.buy("2022-05-01", 500, "TOKC", cost: 150, class: .crypto)
        let report = rachel.report(.uk)
        try #require(report.disposals.count == 2)
        let (march, april) = (report.disposals[0], report.disposals[1])
        #expect(march.matches.map(\.rule) == [.bedAndBreakfast, .bedAndBreakfast])
        #expect(march.matches.map(\.quantity) == [700, 300] && march.matches.map(\.cost) == [175, 60])
        #expect(march.gain == 165)
        #expect(april.matches.map(\.quantity) == [200, 300] && april.matches.map(\.cost) == [40, 90])
        #expect(april.gain == 20)
        #expect(report.holding("TOKC")?.quantity == 2_200 && report.holding("TOKC")?.costBasis == 1_060)
        #expect(report.year("2021/2022")?.figures.gains == 165 && report.year("2022/2023")?.figures.gains == 20)
    }

    @Test("CRYPTO22254: same day first, the rest from the pool")
    func cryptoExample4() throws {
        var daniel = TaxScenario()
        daniel.buy("2020-01-02", 8_000, "TOKD", cost: 1_000, class: .crypto)
        daniel.sell("2022-01-31", 5_000, "TOKD", proceeds: 500, class: .crypto)
        daniel.buy("2022-01-31", 4_000, "TOKD", cost: 320, class: .crypto)
        daniel.buy("2022-01-31", 1_000, "TOKD", cost: 75, class: .crypto)
        daniel.buy("2022-01-31", 1_000, "TOKD", cost: 70, class: .crypto)
        daniel.sell("2022-01-31", 2_000, "TOKD", proceeds: 142, class: .crypto)
        daniel.buy("2022-01-31", 500, "TOKD", cost: 35, class: .crypto)
        let report = daniel.report(.uk)
        let day = try #require(report.disposals.first)
        #expect(day.quantity == 7_000 && day.proceeds == 642)
        #expect(day.matches.map(\.rule) == [.sameDay, .section104] && day.matches.map(\.quantity) == [6_500, 500])
        #expect(day.matches.map(\.cost) == [500, dec("62.5")] && day.gain == dec("79.5"))
        #expect(day.gain.rounded(places: 0, rule: .towardZero) == 79)
        #expect(report.holding("TOKD")?.quantity == 7_500 && report.holding("TOKD")?.costBasis == dec("937.5"))
    }

    @Test("CRYPTO22255: 30 days, then the pool")
    func cryptoExample5() throws {
        var melanie = TaxScenario()
        melanie.buy("2020-01-02", 14_000, "TOKE", cost: 200_000, class: .crypto)
        melanie.sell("2022-08-30", 4_000, "TOKE", proceeds: 160_000, class: .crypto)
        melanie.buy("2022-09-11", 500, "TOKE", cost: 17_500, class: .crypto)
        let report = melanie.report(.uk)
        let sale = try #require(report.disposals.first)
        #expect(sale.matches.map(\.rule) == [.bedAndBreakfast, .section104])
        #expect(sale.matches.map(\.quantity) == [500, 3_500] && sale.matches.map(\.cost) == [17_500, 50_000])
        #expect(sale.gain == 92_500)
        #expect(report.holding("TOKE")?.quantity == 10_500 && report.holding("TOKE")?.costBasis == 150_000)
    }

    @Test("CRYPTO22256: same day, 30 days and the pool together")
    func cryptoExample6() throws {
        var gulferaz = TaxScenario()
        gulferaz.buy("2020-01-02", 100_000, "TOKF", cost: 300_000, class: .crypto)
        gulferaz.buy("2022-07-31", 10_000, "TOKF", cost: 45_000, class: .crypto)
        gulferaz.sell("2022-07-31", 30_000, "TOKF", proceeds: 150_000, class: .crypto)
        gulferaz.sell("2022-08-05", 20_000, "TOKF", proceeds: 100_000, class: .crypto)
        gulferaz.buy("2022-08-06", 50_000, "TOKF", cost: 225_000, class: .crypto)
        gulferaz.sell("2022-08-07", 100_000, "TOKF", proceeds: 150_000, class: .crypto)
        let report = gulferaz.report(.uk)
        try #require(report.disposals.count == 3)
        let (july, august5, august7) = (report.disposals[0], report.disposals[1], report.disposals[2])
        #expect(july.matches.map(\.rule) == [.sameDay, .bedAndBreakfast])
        #expect(july.matches.map(\.cost) == [45_000, 90_000] && july.gain == 15_000)
        #expect(august5.matches.map(\.cost) == [90_000] && august5.gain == 10_000)
        #expect(august7.matches.map(\.rule) == [.section104] && august7.costBasis.cents == dec("313636.36"))
        #expect(august7.gain.cents == dec("-163636.36"))
        let pool = try #require(report.holding("TOKF"))
        #expect(pool.quantity == 10_000 && pool.costBasis.cents == dec("31363.64"))
        let year = try #require(report.year("2022/2023"))
        #expect(year.figures.gains == 25_000 && year.figures.losses.cents == dec("163636.36"))
        #expect(year.taxableGain == 0 && year.lossesCarriedForward.cents == dec("138636.36"))
    }

    @Test("a split changes the pool's quantity, not its cost")
    func splitScalesThePool() throws {
        var holder = TaxScenario()
        holder.buy("2022-05-03", 100, "ABC", cost: 1_000)
        holder.split("2022-08-01", "ABC", 2, for: 1)
        holder.sell("2022-12-01", 50, "ABC", proceeds: 400)
        let report = holder.report(.uk)
        #expect(report.disposals.first?.costBasis == 250 && report.disposals.first?.gain == 150)
        #expect(report.holding("ABC")?.quantity == 150 && report.holding("ABC")?.costBasis == 750)
    }

    @Test("an acquisition 31 days after a disposal joins the pool instead")
    func thirtyOneDaysIsTooLate() throws {
        var holder = TaxScenario()
        holder.buy("2022-05-03", 100, "ABC", cost: 1_000)
        holder.sell("2022-06-01", 50, "ABC", proceeds: 400)
        holder.buy("2022-07-02", 50, "ABC", cost: 600)
        let report = holder.report(.uk)
        #expect(report.disposals.first?.matches.map(\.rule) == [.section104])
        #expect(report.holding("ABC")?.quantity == 100 && report.holding("ABC")?.costBasis == 1_100)
    }

    @Test("losses brought forward only bring a gain down to the annual exempt amount")
    func lossesBroughtForward() throws {
        var holder = TaxScenario()
        holder.buy("2022-05-03", 100, "ABC", cost: 10_000)
        holder.sell("2022-06-01", 50, "ABC", proceeds: 0)
        holder.sell("2023-06-01", 25, "ABC", proceeds: 14_500)
        holder.sell("2024-11-01", 5, "ABC", proceeds: 5_000)
        let report = holder.report(.uk)
        let loss = try #require(report.year("2022/2023"))
        #expect(loss.figures.losses == 5_000 && loss.lossesCarriedForward == 5_000 && loss.exemptAmount == 12_300)
        let gain = try #require(report.year("2023/2024"))
        // 14,500 − 2,500 = 12,000: 6,000 over the exempt amount, all of it covered by the loss.
        #expect(gain.figures.net == 12_000 && gain.lossesBroughtForward == 5_000 && gain.lossesUsed == 5_000)
        #expect(gain.taxableGain == 1_000 && gain.lossesCarriedForward == 0)
        let late = try #require(report.year("2024/2025"))
        #expect(late.figures.net == 4_500 && late.exemptAmount == 3_000 && late.taxableGain == 1_500)
        #expect(late.parts.count == 2 && late.parts[0].figures.disposals == 0 && late.parts[1].figures.net == 4_500)
        #expect(late.parts[1].start == TaxScenario.date("2024-10-30"))
    }

    @Test("gains and losses count each matched part, as bittytax does; the disposal nets them")
    func partsCountSeparately() throws {
        var holder = TaxScenario()
        holder.buy("2022-05-03", 100, "ABC", cost: 1_000)
        holder.buy("2022-09-01", 50, "ABC", cost: 250)
        holder.sell("2022-09-01", 100, "ABC", proceeds: 800)
        let report = holder.report(.uk)
        #expect(report.disposals.first?.partGains == [150, -100] && report.disposals.first?.gain == 50)
        let year = try #require(report.year("2022/2023"))
        #expect(year.figures.gains == 150 && year.figures.losses == 100 && year.figures.net == 50)
    }
}
