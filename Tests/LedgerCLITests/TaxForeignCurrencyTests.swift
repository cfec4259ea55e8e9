import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

/// Issue 32's "Real data": the combined Binance (USDT, BUSD and BNB quotes), Kraken (EUR
/// pairs), Coinbase and IBKR (USD and EUR stocks) fixtures in a ledger of each filing currency
/// give a tax report under its rules. Offline it is incomplete, names what is missing and the
/// one command that fills it, and `--strict` exits 1; after `prices fetch --missing` against
/// the loopback CryptoCompare and Frankfurter it is complete and names every rate it used.
@Suite("ledger tax with trades in other currencies, on the real-layout fixtures")
struct TaxForeignCurrencyTests {
    static let files = [
        "binance/trade-history.csv", "kraken/ledgers.csv", "coinbase/transactions-2024.csv",
        "ibkr/activity-2024.csv",
    ]

    @Test("offline incomplete and named, online complete with every rate named", arguments: TaxRules.allCases)
    func foreignTrades(rules: TaxRules) throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let currency = rules.filingCurrency
        let server = try LocalHTTPServer(routes: ExchangeToPortfolioTests.routes(base: currency), lifetime: 120)
        defer { server.stop() }
        let fixed = environment(directory: directory, server: server)
        #expect(
            fixed.run(["init", "--currency", currency, "--tax-rules", rules.rawValue]) == 0, "\(fixed.stderr.text)")
        for file in Self.files {
            let path = ExchangeToPortfolioTests.fixtures + "/" + file
            #expect(fixed.run(["import", path, "--allow-zero-basis"]) == 0, "\(file): \(fixed.stderr.text)")
        }

        let text = output(fixed, ["tax"], status: 0)
        #expect(text.contains("— incomplete"), "\(rules): \(text)")
        // The note is wrapped at 80 columns: compared with its line breaks read as spaces.
        let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("fetch them with 'ledger prices fetch --missing'"), "\(rules): \(text)")
        let offline = try json(fixed, ["tax", "-O", "json"], status: 0)
        #expect(offline["complete"] as? Bool == false)
        let missing = offline["missing_prices"] as? [[String: Any]] ?? []
        #expect(!missing.isEmpty && missing.allSatisfy { $0["quote"] as? String == currency }, "\(missing)")
        #expect(fixed.run(["tax", "--strict"]) == 1, "\(rules): --strict on an incomplete report")

        #expect(fixed.run(["prices", "fetch", "--missing"]) == 0, "\(fixed.stdout.text)\(fixed.stderr.text)")
        let online = try json(fixed, ["tax", "--strict", "-O", "json"], status: 0)
        #expect(online["complete"] as? Bool == true, "\(rules): \(online["missing_prices"] ?? [])")
        let years = online["years"] as? [[String: Any]] ?? []
        #expect(!years.isEmpty && years.allSatisfy { $0["complete"] as? Bool == true })
        #expect((online["disposals"] as? [Any])?.isEmpty == false)
        let rates = online["rates"] as? [[String: Any]] ?? []
        #expect(!rates.isEmpty)
        #expect(
            rates.allSatisfy { $0["quote"] as? String == currency && ExactDecimal($0["rate"] as? String ?? "") != nil })
        let pairs = Set(rates.compactMap { $0["asset"] as? String })
        for foreign in Self.foreign(rules) {
            #expect(pairs.contains(foreign), "\(rules): no \(foreign) rate in \(pairs)")
        }
        let named = output(fixed, ["tax", "--strict"], status: 0)
        #expect(named.contains("Rates used (one unit in \(currency)"), "\(named)")
        #expect(!named.contains("incomplete"))
    }

    /// Money the fixtures trade in that each ledger must have converted: Kraken's and IBKR's
    /// EUR in the USD and GBP ledgers, IBKR's USD stocks in the EUR and GBP ledgers.
    static func foreign(_ rules: TaxRules) -> [String] {
        switch rules {
        case .us: ["EUR"]
        case .uk: ["EUR", "USD"]
        case .de: ["USD"]
        }
    }

    func environment(directory: String, server: LocalHTTPServer) -> FixedEnvironment {
        var variables = [
            "LGR_FILE": directory + "/books.ledger", "HOME": directory, "LGR_ATTEMPTS": "1",
            "LGR_FALLBACK_CRYPTO": "cryptocompare",
        ]
        for name in ["coingecko", "cryptocompare", "frankfurter", "yahoo"] {
            variables["LGR_\(name.uppercased())_URL"] = server.baseURL + "/" + name
        }
        return FixedEnvironment(start: "2026-06-01T12:00:00Z", variables: variables)
    }

    /// What one run printed on stdout, after checking its exit status.
    func output(_ fixed: FixedEnvironment, _ arguments: [String], status: Int32) -> String {
        let before = fixed.stdout.text.count
        #expect(fixed.run(arguments) == status, "\(arguments): \(fixed.stderr.text)")
        return String(fixed.stdout.text.dropFirst(before))
    }

    func json(_ fixed: FixedEnvironment, _ arguments: [String], status: Int32) throws -> [String: Any] {
        let text = output(fixed, arguments, status: status)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }
}
