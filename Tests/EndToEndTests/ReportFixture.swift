import Foundation
import LedgerTestSupport

/// A ledger for the report tests, made through the built binary: the demo ledger's events, its
/// prices, and `days` of daily BTC, ETH and NVDA prices (DOGE stays unpriced) ending 2024-06-30.
struct ReportFixture {
    let directory = makeTemporaryDirectory("ledger-report")
    var ledger: String { directory + "/books.ledger" }

    init(days: Int) async throws {
        let demo = BuiltProducts.repository.appendingPathComponent("ledgers/demo").path
        try await run(["import", demo + "/events.jsonl"])
        try await run(["prices", "import", demo + "/prices.csv"])
        var rows = ["asset,price,date,currency"]
        for day in 0..<days {
            let date = Self.date(daysBefore: days - 1 - day)
            // Deterministic wiggles; every 9th day ETH has no price, to make gaps.
            rows.append("BTC,\(60000 + (day * 37) % 5000),\(date),USD")
            if day % 9 != 4 { rows.append("ETH,\(3000 + (day * 13) % 700),\(date),USD") }
            rows.append("NVDA,\(100 + (day * 7) % 40).5,\(date),USD")
        }
        let csv = directory + "/daily.csv"
        try (rows.joined(separator: "\n") + "\n").write(toFile: csv, atomically: true, encoding: .utf8)
        try await run(["prices", "import", csv])
    }

    /// `YYYY-MM-DD`, `count` days before 2024-06-30.
    static func date(daysBefore count: Int) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.locale = Locale(identifier: "en_US_POSIX")
        let end = formatter.date(from: "2024-06-30")!
        return formatter.string(from: end.addingTimeInterval(-Double(count) * 86_400))
    }

    @discardableResult
    func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> BuiltProducts.Result {
        let result = try await BuiltProducts.run(
            BuiltProducts.ledger, arguments + ["--ledger", ledger], environment: environment)
        if result.status != 0, arguments.first != "report" {
            throw FixtureError(message: "ledger \(arguments.joined(separator: " ")): \(result.stderr)")
        }
        return result
    }

    struct FixtureError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
