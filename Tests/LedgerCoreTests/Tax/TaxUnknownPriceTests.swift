import LedgerCore
import Testing

/// A price the rules needed is missing: what it touches is flagged unknown, what it does not
/// stays known, and the years after it do not carry a made-up loss (docs/TAX.md, "Missing
/// prices").
@Suite("Tax: a missing price leaves its figures unknown, never zero")
struct TaxUnknownPriceTests {
    /// One buy without a price (its cost unknown), then a sale with known proceeds; a later
    /// sale without a price of a fully known lot.
    static func filer() -> TaxScenario {
        var filer = TaxScenario()
        filer.buy("2023-01-10", 1, "ETH", cost: 0, class: .crypto)
        filer.transactions[0].complete = false
        filer.buy("2023-01-11", 1, "BTC", cost: 20_000, class: .crypto)
        filer.sell("2023-06-01", 1, "ETH", proceeds: 2_000, class: .crypto)
        filer.sell("2024-06-01", 1, "BTC", proceeds: 0, class: .crypto)
        filer.transactions[3].complete = false
        return filer
    }

    @Test("a lot without a price: its cost is unknown, the proceeds known", arguments: TaxRules.allCases)
    func unknownCost(_ rules: TaxRules) throws {
        let report = Self.filer().report(rules)
        let eth = try #require(report.disposals.first { $0.asset.text == "ETH" })
        #expect(eth.proceedsKnown && !eth.costKnown && !eth.complete)
        let matchesKnown = eth.matches.map(\.costKnown)
        #expect(matchesKnown == [false])
        let year = try #require(report.years.first)
        #expect(year.figures.proceedsKnown && !year.figures.costKnown && !year.complete)
    }

    @Test("a sale without a price: its proceeds are unknown, its matched cost known", arguments: TaxRules.allCases)
    func unknownProceeds(_ rules: TaxRules) throws {
        let report = Self.filer().report(rules)
        let btc = try #require(report.disposals.first { $0.asset.text == "BTC" })
        #expect(!btc.proceedsKnown && btc.costKnown && !btc.complete)
        let matchesKnown = btc.matches.map(\.costKnown)
        #expect(matchesKnown == [true])
        #expect(btc.costBasis == 20_000)
    }

    @Test("the year after an unknown gain: losses brought forward and the taxable gain unknown")
    func carryAfterUnknown() throws {
        for rules in [TaxRules.us, .uk] {
            let report = Self.filer().report(rules)
            let first = try #require(report.years.first)
            let second = try #require(report.years.last)
            #expect(first.broughtForwardKnown && !first.carryKnown, "\(rules)")
            #expect(first.year != second.year, "\(rules)")
            #expect(!second.broughtForwardKnown && !second.carryKnown, "\(rules)")
        }
    }

    @Test("known prices: every flag known, as before")
    func allKnown() {
        var filer = TaxScenario()
        filer.buy("2023-01-10", 1, "ETH", cost: 1_000, class: .crypto)
        filer.sell("2023-06-01", 1, "ETH", proceeds: 2_000, class: .crypto)
        for rules in TaxRules.allCases {
            let report = filer.report(rules)
            let disposalsKnown = report.disposals.map { $0.complete && $0.matches.allSatisfy(\.costKnown) }
            let yearsKnown = report.years.map { $0.complete && $0.carryKnown }
            #expect(disposalsKnown == [true] && yearsKnown == [true], "\(rules)")
        }
    }
}
