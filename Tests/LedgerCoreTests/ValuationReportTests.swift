import LedgerCore
import LedgerCoreTestSupport
import Testing

/// Holdings in other currencies, through bridges, and without a price, by hand.
@Suite("Valuation: prices, currencies and the holdings report")
struct ValuationReportTests {
    @Test("an unpriced holding has no price and no value, is listed as unpriced, and never counts as 0")
    func unpricedHolding() throws {
        var make = Events()
        let prices = priceTable("2024-06-01 BTC 40000 USD")
        // 1 BTC @ 30000 (priced: value 40000) and 5 XYZ @ 2 = 10 (no price anywhere).
        let state = Valuation.replay(
            [
                make.buy("BTC", "1", at: "30000", on: "2024-01-02"),
                make.buy("XYZ", "5", at: "2", on: "2024-01-02"),
            ], prices: prices, asOf: "2024-06-30")
        let report = HoldingsReport(state: state, prices: prices)
        let xyz = try #require(report.rows.first { $0.asset == sym("XYZ") })
        #expect(xyz.price == nil && xyz.value == nil && xyz.unrealizedPnL == nil && xyz.allocationPercent == nil)
        #expect(xyz.costBasis == dec("10") && xyz.quantity == dec("5"))
        #expect(report.rows.last?.asset == sym("XYZ"), "unpriced rows come last")
        #expect(report.totals.unpricedAssets == [sym("XYZ")] && report.totals.unpricedCost == dec("10"))
        // Only the priced BTC counts: value 40000, unrealized 10000, BTC is 100 % of the priced value.
        #expect(report.totals.value == dec("40000") && report.totals.unrealizedPnL == dec("10000"))
        #expect(report.totals.costBasis == dec("30010"))
        #expect(report.rows.first?.allocationPercent == dec("100"))
        let allocation = AllocationReport(holdings: report, by: .asset)
        #expect(allocation.slices.map(\.label) == ["BTC"] && allocation.unpricedAssets == [sym("XYZ")])
    }

    /// EUR/USD 1.25 all year (1 USD = 0.8 EUR); BTC/USD 40000 from 06-01.
    static let euroPrices = """
        2024-01-01 EUR 1.25 USD
        2024-06-01 BTC 40000 USD
        """

    @Test("a report in EUR converts every USD amount through the FX rate in the price table")
    func reportInEUR() throws {
        var make = Events()
        let prices = priceTable(Self.euroPrices)
        // deposit 30000 USD → 24000 EUR paid in. buy 1 BTC @ 30000 USD → cost 24000 EUR.
        // At 06-30: BTC = 40000 USD × 0.8 = 32000 EUR (bridged through USD); unrealized 8000 EUR.
        let state = Valuation.replay(
            [
                make.deposit("USD", "30000", on: "2024-01-02"),
                make.buy("BTC", "1", at: "30000", on: "2024-01-02"),
            ], prices: prices, currency: "EUR", asOf: "2024-06-30")
        #expect(state.diagnostics.isEmpty, "\(state.diagnostics)")
        #expect(state.netFiatPaidIn == dec("24000"))
        #expect(try #require(state.lots("BTC").only).cost == dec("24000"))
        let report = HoldingsReport(state: state, prices: prices)
        let btc = try #require(report.rows.only)
        #expect(btc.price?.value == dec("32000") && btc.value == dec("32000") && btc.unrealizedPnL == dec("8000"))
        #expect(btc.price?.observedAt == Events.time("2024-01-01"), "a bridge reports the older observation")
    }

    @Test("a sale in USD reported in EUR: proceeds at that day's rate")
    func saleInEUR() throws {
        var make = Events()
        // buy 1 @ 30000 USD = 24000 EUR; sell @ 40000 USD on 06-01 = 32000 EUR; gain 8000 EUR.
        let state = Valuation.replay(
            [
                make.buy("BTC", "1", at: "30000", on: "2024-01-02"),
                make.sell("BTC", "1", at: "40000", on: "2024-06-01"),
            ], prices: priceTable(Self.euroPrices), currency: "EUR", asOf: "2024-06-30")
        let piece = try #require(state.disposals.only)
        #expect(piece.proceeds == dec("32000") && piece.cost == dec("24000") && piece.gain == dec("8000"))
    }

    @Test("a missing FX rate is one missing price naming the pair and the day; the figures it feeds are incomplete")
    func missingRate() throws {
        var make = Events()
        let state = Valuation.replay(
            [make.buy("BTC", "1", at: "30000", on: "2024-01-02")],
            prices: priceTable("2024-06-01 BTC 40000 USD"), currency: "EUR", asOf: "2024-06-30")
        // One entry for the missing rate, though both the purchase and its payment need it.
        #expect(
            state.missingPrices == [
                MissingPrice(asset: sym("USD"), quote: sym("EUR"), day: date("2024-01-02"), sequences: [1])
            ])
        #expect(state.diagnostics.isEmpty && state.incompleteTotals == [.netFiatPaidIn])
        let report = HoldingsReport(state: state, prices: priceTable("2024-06-01 BTC 40000 USD"))
        #expect(report.totals.unpricedAssets == [sym("BTC")], "no BTC/EUR at as-of either")
        let row = try #require(report.rows.only)
        #expect(row.quantity == dec("1") && !row.costComplete && row.unrealizedPnL == nil)
        #expect(!report.complete && !report.totals.costComplete && !report.totals.netFiatPaidInComplete)
        #expect(report.missingPrices == state.missingPrices)
    }

    @Test("what can be valued is valued: a priced purchase stays complete beside an unpriced one")
    func partlyPriced() throws {
        var make = Events()
        let prices = priceTable("2024-01-01 BTC 30000 USD\n2024-06-01 BTC 40000 USD\n2024-06-01 ETH 3000 USD")
        let state = Valuation.replay(
            [
                make.buy("BTC", "1", at: "30000", on: "2024-01-02"),
                make.trade("0.5", "BTC", for: "8", "XYZ", on: "2024-01-05"),
                make.trade("4", "XYZ", for: "1", "ETH", on: "2024-02-01"),
            ], prices: prices, asOf: "2024-06-30")
        // BTC is priced on 01-05 (30000): the trade is worth 15000 and XYZ's lot is complete.
        // XYZ has no price on 02-01, and neither has ETH: the ETH lot and the XYZ sale are incomplete.
        #expect(state.missingPrices.map(\.asset) == [sym("XYZ")])
        let report = HoldingsReport(state: state, prices: prices)
        let btc = try #require(report.rows.first { $0.asset == sym("BTC") })
        let eth = try #require(report.rows.first { $0.asset == sym("ETH") })
        #expect(btc.costComplete && btc.costBasis == dec("15000") && btc.unrealizedPnL == dec("5000"))
        #expect(!eth.costComplete && eth.value == dec("3000") && eth.unrealizedPnL == nil)
        let xyz = try #require(report.rows.first { $0.asset == sym("XYZ") })
        #expect(xyz.costComplete && xyz.costBasis == dec("7500") && xyz.quantity == dec("4"))
        #expect(!report.totals.realizedComplete && !report.totals.unrealizedComplete)
        #expect(report.totals.unrealizedPnL == dec("5000"), "only the complete rows' P&L")
    }

    @Test("a rate recorded after the event does not value it (nothing is extrapolated backwards)")
    func rateTooLate() throws {
        var make = Events()
        let state = Valuation.replay(
            [make.buy("BTC", "1", at: "30000", on: "2024-01-02")],
            prices: priceTable("2024-01-03 EUR 1.25 USD"), currency: "EUR")
        #expect(state.missingPrices.map(\.day) == [date("2024-01-02")])
    }

    @Test("a price through a bridge: ETH→BTC→USD")
    func bridge() throws {
        var make = Events()
        // ETH/BTC 0.05 (01-01) × BTC/USD 40000 (01-03) = 2000 USD per ETH from 01-03 on.
        // 2 ETH bought @ 1500 = 3000 → value 4000, unrealized 1000.
        let prices = priceTable(
            """
            2024-01-01 ETH 0.05 BTC
            2024-01-03 BTC 40000 USD
            """)
        #expect(prices.price(of: sym("ETH"), in: sym("USD"), at: Events.time("2024-01-02")) == nil, "no BTC/USD yet")
        let quote = try #require(prices.price(of: sym("ETH"), in: sym("USD"), at: Events.time("2024-01-05")))
        #expect(quote.value == dec("2000") && quote.observedAt == Events.time("2024-01-01"))
        let state = Valuation.replay(
            [make.buy("ETH", "2", at: "1500", on: "2024-01-02")], prices: prices, asOf: "2024-01-05")
        let row = try #require(HoldingsReport(state: state, prices: prices).rows.only)
        #expect(row.value == dec("4000") && row.unrealizedPnL == dec("1000"))
    }

    @Test("a trade valued through a bridge")
    func tradeThroughBridge() throws {
        var make = Events()
        // 1 ETH @ 1500; on 01-05 traded for 50 SOL. ETH = 0.05 BTC × 40000 = 2000 USD (bridge):
        //   ETH piece: proceeds 2000, cost 1500, gain 500. SOL lot: 50 costing 2000.
        let prices = priceTable(
            """
            2024-01-01 ETH 0.05 BTC
            2024-01-03 BTC 40000 USD
            """)
        let state = Valuation.replay(
            [
                make.buy("ETH", "1", at: "1500", on: "2024-01-02"),
                make.trade("1", "ETH", for: "50", "SOL", on: "2024-01-05"),
            ], prices: prices)
        #expect(try #require(state.disposals.only).gain == dec("500"))
        #expect(try #require(state.lots("SOL").only).cost == dec("2000"))
        #expect(state.diagnostics.isEmpty)
    }

    @Test("holdings: cost, value, unrealized P&L, allocation and the totals")
    func holdingsReport() throws {
        var make = Events()
        let prices = priceTable(
            """
            2024-06-01 BTC 60000 USD
            2024-06-01 ETH 2000 USD
            """)
        // deposit 10000; buy 0.05 BTC @ 40000 = 2000; buy 1 ETH @ 3000 = 3000 → 5000 USD left.
        // At 06-30: BTC 0.05 × 60000 = 3000 (+1000), ETH 2000 (−1000), USD 5000 (cost 5000).
        // Total 10000: BTC 30 %, ETH 20 %, USD 50 %. Realized 0, paid in 10000.
        let state = Valuation.replay(
            [
                make.deposit("USD", "10000", on: "2024-01-01"),
                make.buy("BTC", "0.05", at: "40000", on: "2024-01-02"),
                make.buy("ETH", "1", at: "3000", on: "2024-01-02"),
            ], prices: prices, asOf: "2024-06-30")
        let report = HoldingsReport(state: state, prices: prices)
        #expect(report.rows.map(\.asset) == [sym("USD"), sym("BTC"), sym("ETH")], "largest value first")
        #expect(report.rows.map(\.allocationPercent) == [dec("50"), dec("30"), dec("20")])
        #expect(report.rows.map(\.unrealizedPnL) == [dec("0"), dec("1000"), dec("-1000")])
        #expect(report.rows.map(\.averageCost) == [dec("1"), dec("40000"), dec("3000")])
        #expect(report.totals.value == dec("10000") && report.totals.costBasis == dec("10000"))
        #expect(report.totals.unrealizedPnL == .zero && report.totals.netFiatPaidIn == dec("10000"))
        #expect(report.eventCount == 3)
        let byClass = AllocationReport(holdings: report, by: .class)
        #expect(
            byClass.slices.map(\.label) == ["crypto", "fiat"]
                && byClass.slices.map(\.share) == [dec("0.5"), dec("0.5")])
    }
}

@Suite("Price table bridges")
struct PriceBridgeTests {
    @Test("a rate between two currencies is not bridged through a crypto asset's prices of other days")
    func fiatNotThroughCrypto() {
        let table = priceTable("2024-03-20T12:00:00Z BTC 65000 USD\n2024-05-14T22:18:09Z BTC 93140.9 EUR")
        #expect(table.price(of: sym("EUR"), in: sym("USD"), at: Events.time("2024-06-01")) == nil)
        #expect(table.price(of: sym("BTC"), in: sym("USD"), at: Events.time("2024-06-01"))?.value == dec("65000"))
        let viaFiat = priceTable("2024-05-01 EUR 0.9 GBP\n2024-05-01 GBP 1.25 USD")
        #expect(viaFiat.price(of: sym("EUR"), in: sym("USD"), at: Events.time("2024-06-01"))?.value == dec("1.125"))
    }

    @Test("the newest observation wins whatever its route: a 2020 manual DOT/USD under a 2025 DOT/EUR")
    func newestWins() {
        // #36: `prices set DOT 5.1 --date 2020-12-15` valued today's holding although an import
        // of 2025 priced DOT in EUR and a 2025 rate bridges EUR to USD.
        let table = priceTable(
            "2020-12-15 DOT 5.1 USD\n2025-03-01 DOT 4.2 EUR\n2025-03-01 EUR 1.05 USD\n2019-01-01 USD 0.9 EUR")
        let today = Events.time("2026-11-28")
        let quote = table.price(of: sym("DOT"), in: sym("USD"), at: today)
        #expect(quote?.value == dec("4.41") && quote?.observedAt == Events.time("2025-03-01"))
        // Before the import the manual price is the newest; in EUR the direct 2025 price stands.
        #expect(table.price(of: sym("DOT"), in: sym("USD"), at: Events.time("2024-01-01"))?.value == dec("5.1"))
        #expect(table.price(of: sym("DOT"), in: sym("EUR"), at: today)?.value == dec("4.2"))
        // A newer inverse beats an older direct observation of the same pair.
        #expect(table.price(of: sym("USD"), in: sym("EUR"), at: today)?.observedAt == Events.time("2025-03-01"))
    }

    @Test("on a tie the shorter route wins")
    func tiePrefersDirect() {
        let table = priceTable("2025-03-01 DOT 5 USD\n2025-03-01 DOT 4 EUR\n2025-03-01 EUR 1.5 USD")
        #expect(table.derivation(of: sym("DOT"), in: sym("USD"), at: Events.time("2026-01-01"))?.isDerived == false)
    }
}
