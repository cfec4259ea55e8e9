import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

/// Issue 17's promise for every preset: a real-layout export (cross-crypto and cross-fiat
/// rows included) imported into a USD ledger gives a portfolio at once, offline, with the
/// file's exact quantities and every missing price named (exit 0); after
/// `prices fetch --missing` against the loopback CryptoCompare and Frankfurter, portfolio,
/// gains and report are complete under `--strict`.
@Suite("From every preset's export to a complete portfolio")
struct ExchangeToPortfolioTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../LedgerInterchangeTests/Fixtures").standardized.path

    /// Every preset fixture that yields events, with the crypto holdings its `.expected` file
    /// works out by hand (positive ones: a negative balance becomes a zero-basis lot here).
    static let files: [String] = {
        let presets = (try? FileManager.default.contentsOfDirectory(atPath: fixtures)) ?? []
        return presets.sorted().flatMap { preset in
            ((try? FileManager.default.contentsOfDirectory(atPath: fixtures + "/" + preset)) ?? []).sorted()
                .filter { $0.hasSuffix(".csv") && (expected(preset + "/" + $0)["events"].map { $0 > .zero } ?? false) }
                .map { preset + "/" + $0 }
        }
    }()

    static func expected(_ file: String) -> [String: ExactDecimal] {
        let path = fixtures + "/" + file.replacingOccurrences(of: ".csv", with: ".expected")
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        var values: [String: ExactDecimal] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let words = line.split(separator: " ")
            if words.count == 2, let value = ExactDecimal(String(words[1])) { values[String(words[0])] = value }
        }
        return values
    }

    @Test(
        "offline: exact quantities and the missing prices named, exit 0; after fetch --missing: complete",
        arguments: files)
    func exportToPortfolio(file: String) throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try LocalHTTPServer(routes: Self.marketRoutes, lifetime: 120)
        defer { server.stop() }
        var variables = [
            "LGR_FILE": directory + "/books.ledger", "HOME": directory, "LGR_ATTEMPTS": "1",
            "LGR_FALLBACK_CRYPTO": "cryptocompare",
        ]
        for name in ["coingecko", "cryptocompare", "frankfurter", "yahoo"] {
            variables["LGR_\(name.uppercased())_URL"] = server.baseURL + "/" + name
        }
        let fixed = FixedEnvironment(start: "2026-06-01T12:00:00Z", variables: variables)
        #expect(fixed.run(["init", "--currency", "USD"]) == 0)
        #expect(fixed.run(["import", Self.fixtures + "/" + file, "--allow-zero-basis"]) == 0, "\(fixed.stderr.text)")

        let offline = try portfolio(fixed, strict: false)
        let held = Self.expected(file).filter { $0.key != "events" && $0.key != "ignored" && $0.value.isPositive }
        for (asset, quantity) in held where AssetSymbol(asset)?.inferredClass != .fiat {
            #expect(offline.quantities[asset] == quantity, "\(file): \(asset)")
        }
        if !offline.missing.isEmpty { #expect(!offline.complete, "\(file): missing prices, yet complete") }

        #expect(fixed.run(["prices", "fetch", "--missing"]) == 0, "\(file): \(fixed.stdout.text)\(fixed.stderr.text)")
        let online = try portfolio(fixed, strict: true)
        #expect(online.complete && online.missing.isEmpty, "\(file): \(online.missing)")
        #expect(fixed.run(["gains", "--strict"]) == 0, "\(file): \(fixed.stderr.text)")
        #expect(
            fixed.run(["report", "--period", "all", "--strict", "-O", "json"]) == 0, "\(file): \(fixed.stderr.text)")
    }

    struct Portfolio {
        let complete: Bool
        let missing: [Any]
        let quantities: [String: ExactDecimal]
    }

    func portfolio(_ fixed: FixedEnvironment, strict: Bool) throws -> Portfolio {
        let before = fixed.stdout.text.count
        let status = fixed.run(["portfolio", "-O", "json"] + (strict ? ["--strict"] : []))
        #expect(status == 0, "\(fixed.stderr.text)")
        let text = String(fixed.stdout.text.dropFirst(before))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        var quantities: [String: ExactDecimal] = [:]
        for holding in json["holdings"] as? [[String: Any]] ?? [] {
            if let asset = holding["asset"] as? String,
                let quantity = (holding["quantity"] as? String).flatMap(ExactDecimal.init)
            {
                quantities[asset, default: .zero] += quantity
            }
        }
        return Portfolio(
            complete: json["complete"] as? Bool ?? false, missing: json["missing_prices"] as? [Any] ?? [],
            quantities: quantities)
    }

    /// CryptoCompare `histoday` and Frankfurter time series in their real shapes, one body each
    /// for any asset: a close for every day from 2017 through mid 2026 (the adapters keep the
    /// days they asked for), the rates based on `base` (USD, GBP or EUR: the ledger's currency).
    static let marketRoutes = routes(base: "USD")

    static func routes(base: String) -> [String: [LocalHTTPServer.Response]] {
        var candles: [String] = []
        var rates: [String] = []
        var day = LocalDate.parse("2017-06-01")!
        while day <= LocalDate.parse("2026-06-01")! {
            let close = "\(2 + day.daysSinceEpoch % 50).\(day.daysSinceEpoch % 97)"
            candles.append(
                #"{"time":\#(day.startOfDay.secondsSinceEpoch),"high":\#(close),"low":\#(close),"open":\#(close),"volumefrom":10.5,"volumeto":21.5,"close":\#(close),"conversionType":"direct","conversionSymbol":""}"#
            )
            if (day.daysSinceEpoch + 3) % 7 < 5 { // Monday to Friday
                rates.append(#""\#(day)":{\#(dayRates(base: base, digit: day.daysSinceEpoch % 10))}"#)
            }
            day = day.adding(days: 1)
        }
        let histoday =
            #"{"Response":"Success","Message":"","HasWarning":false,"Type":100,"RateLimit":{},"Data":{"Aggregated":false,"TimeFrom":0,"TimeTo":0,"Data":[\#(candles.joined(separator: ","))]}}"#
        let series =
            #"{"amount":1.0,"base":"\#(base)","start_date":"2017-06-01","end_date":"2026-06-01","rates":{\#(rates.joined(separator: ","))}}"#
        return [
            "/cryptocompare/data/v2/histoday": [LocalHTTPServer.Response(body: histoday)],
            "/frankfurter/2*": [LocalHTTPServer.Response(body: series)],
        ]
    }

    /// One day's Frankfurter rates of the other currencies in `base`.
    private static func dayRates(base: String, digit: Int) -> String {
        switch base {
        case "GBP": #""USD":1.2\#(digit),"EUR":1.1\#(digit),"CHF":1.12,"JPY":190.5,"CAD":1.71"#
        case "EUR": #""USD":1.0\#(digit),"GBP":0.8\#(digit),"CHF":0.95,"JPY":160.1,"CAD":1.45"#
        default: #""EUR":0.9\#(digit),"GBP":0.7\#(digit),"CHF":0.88,"JPY":151.2,"CAD":1.35"#
        }
    }
}
