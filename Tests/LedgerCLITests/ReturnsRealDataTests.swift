import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

/// Issue 37's "Real data": the combined real-layout fixtures (Binance with USDT, BUSD and BNB
/// quotes and balances below zero, Kraken's EUR pairs, Coinbase, IBKR's USD and EUR stocks)
/// give a returns report offline that names every asset without daily prices and the command
/// that records them; after running exactly the commands `--by asset` names against the loopback market server
/// (CryptoCompare, Frankfurter, Yahoo) the report is complete, per asset too.
@Suite("ledger returns on the real-layout fixtures, offline and online")
struct ReturnsRealDataTests {
    @Test("offline: a report with what is missing named; after the named commands: complete")
    func realFixtures() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var routes = ExchangeToPortfolioTests.routes(base: "USD")
        routes["/yahoo/v8/finance/chart/*"] = [LocalHTTPServer.Response(body: Self.yahooChart)]
        let server = try LocalHTTPServer(routes: routes, lifetime: 300)
        defer { server.stop() }
        let tax = TaxForeignCurrencyTests()
        let fixed = tax.environment(directory: directory, server: server)
        #expect(fixed.run(["init", "--currency", "USD"]) == 0, "\(fixed.stderr.text)")
        for file in TaxForeignCurrencyTests.files {
            let path = ExchangeToPortfolioTests.fixtures + "/" + file
            #expect(fixed.run(["import", path, "--allow-zero-basis"]) == 0, "\(file): \(fixed.stderr.text)")
        }

        let text = tax.output(fixed, ["returns", "--period", "all"], status: 0)
        #expect(text.contains("Missing prices (carried at most 5 days)"), "\(text)")
        // With --by asset the report also names what the sleeves' flows need (a trade's
        // other side, valued at the close before its day), so its commands fill both.
        let offline = try tax.json(fixed, ["returns", "--period", "all", "--by", "asset", "-O", "json"], status: 0)
        let missing = offline["unknown_prices"] as? [[String: Any]] ?? []
        let fills = Set(missing.compactMap { $0["fill"] as? String })
        #expect(!fills.isEmpty && fills.allSatisfy { $0.hasPrefix("ledger prices fetch ") }, "\(missing)")
        let named = Set(missing.compactMap { $0["asset"] as? String })
        for asset in ["BTC", "EUR", "AAPL"] { #expect(named.contains(asset), "\(asset) not in \(named)") }

        for fill in fills.sorted() {
            let arguments = fill.split(separator: " ").dropFirst().map(String.init)
            #expect(fixed.run(arguments) == 0, "\(fill): \(fixed.stdout.text)\(fixed.stderr.text)")
        }
        let online = try tax.json(fixed, ["returns", "--period", "all", "-O", "json"], status: 0)
        #expect((online["unknown_prices"] as? [Any])?.isEmpty == true, "\(online["unknown_prices"] ?? [])")
        Self.expectComplete(online, "portfolio")
        let byAsset = try tax.json(fixed, ["returns", "--period", "all", "--by", "asset", "-O", "json"], status: 0)
        let sleeves = byAsset["sleeves"] as? [[String: Any]] ?? []
        #expect(sleeves.count >= 10, "\(sleeves.count) sleeves")
        for sleeve in sleeves { Self.expectComplete(sleeve, sleeve["name"] as? String ?? "?") }
        #expect(byAsset["twr_pct"] as? String == online["twr_pct"] as? String, "--by leaves the whole as it was")
    }

    /// Every figure known: values, contributions and gain exact decimals, a TWR, and an MWR or
    /// the reason there is none.
    static func expectComplete(_ figures: [String: Any], _ name: String) {
        for key in ["start_value", "end_value", "contributions", "gain", "twr_pct"] {
            #expect(
                ExactDecimal(figures[key] as? String ?? "") != nil, "\(name): \(key) is \(figures[key] ?? "absent")")
        }
        #expect(figures["mwr_pct"] is String || figures["mwr_refused"] is String, "\(name): no MWR and no reason")
    }

    /// Yahoo's chart in its real shape, one body for every symbol: a daily bar from 2017
    /// through mid 2026 in USD.
    static let yahooChart: String = {
        var times: [String] = []
        var closes: [String] = []
        var day = LocalDate.parse("2017-06-01")!
        while day <= LocalDate.parse("2026-06-01")! {
            times.append(String(day.startOfDay.secondsSinceEpoch + 14 * 3600))
            closes.append("\(100 + day.daysSinceEpoch % 40).\(day.daysSinceEpoch % 89)")
            day = day.adding(days: 1)
        }
        let bars = closes.joined(separator: ",")
        return
            #"{"chart":{"result":[{"meta":{"currency":"USD","instrumentType":"EQUITY","regularMarketPrice":120.5},"timestamp":[\#(times.joined(separator: ","))],"indicators":{"quote":[{"open":[\#(bars)],"high":[\#(bars)],"low":[\#(bars)],"close":[\#(bars)]}]}}],"error":null}}"#
    }()
}
