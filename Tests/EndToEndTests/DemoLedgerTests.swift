import Foundation
import LedgerTestSupport
import Testing

/// The worked example of docs/VALUATION.md, run through the built binary exactly as the README
/// quickstart does, with every figure asserted.
@Suite("The demo ledger (docs/VALUATION.md)", .serialized)
struct DemoLedgerTests {
    let ledger = makeTemporaryDirectory() + "/demo.ledger"

    func load() async throws {
        let demo = BuiltProducts.repository.appendingPathComponent("ledgers/demo").path
        let imported = try await BuiltProducts.run(
            BuiltProducts.ledger, ["import", demo + "/events.jsonl", "--ledger", ledger])
        #expect(imported.status == 0, "\(imported.stderr)")
        let prices = try await BuiltProducts.run(
            BuiltProducts.ledger, ["prices", "import", demo + "/prices.csv", "--ledger", ledger])
        #expect(prices.status == 0, "\(prices.stderr)")
    }

    func json(_ arguments: [String]) async throws -> [String: Any] {
        let result = try await BuiltProducts.run(BuiltProducts.ledger, arguments + ["--ledger", ledger, "-O", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    @Test("every figure of the worked example")
    func portfolio() async throws {
        try await load()
        let report = try await json(["portfolio", "--as-of", "2024-06-30"])
        let totals = try #require(report["totals"] as? [String: Any])
        #expect(totals["value"] as? String == "62018.85")
        #expect(totals["cost_basis"] as? String == "31583.795")
        #expect(totals["unrealized_pnl"] as? String == "30515.055")
        #expect(totals["realized_pnl"] as? String == "11864.295")
        #expect(totals["income"] as? String == "82.5")
        #expect(totals["fees_paid"] as? String == "3.05")
        #expect(totals["net_fiat_paid_in"] as? String == "19637")
        #expect(totals["unpriced_assets"] as? [String] == ["DOGE"])
        let holdings = try #require(report["holdings"] as? [[String: Any]])
        let rows = Dictionary(uniqueKeysWithValues: holdings.map { ($0["asset"] as! String, $0) })
        let expected: [String: (String, String, String?)] = [
            "BTC": ("0.5999", "14928.295", "36893.85"), "ETH": ("3.05", "4894.5", "10370"),
            "USD": ("8580", "8580", "8580"), "NVDA": ("50", "3101", "6175"), "DOGE": ("1000", "80", nil),
        ]
        #expect(Set(rows.keys) == Set(expected.keys))
        for (asset, (quantity, cost, value)) in expected {
            #expect(rows[asset]?["quantity"] as? String == quantity, "\(asset)")
            #expect(rows[asset]?["cost_basis"] as? String == cost, "\(asset)")
            #expect(rows[asset]?["value"] as? String == value, "\(asset)")
        }
    }

    @Test("the three disposals, with their terms")
    func gains() async throws {
        try await load()
        let report = try await json(["gains", "--as-of", "2024-06-30"])
        let disposals = try #require(report["disposals"] as? [[String: Any]])
        #expect(disposals.map { $0["gain"] as? String } == ["1.345", "10170", "1696"])
        #expect(disposals.map { $0["term"] as? String } == ["short", "long", "long"])
        #expect(disposals.map { $0["holding_days"] as? Int } == [172, 425, 412])
    }

    @Test("re-importing the sample adds nothing; export then import reproduces the same events")
    func roundTrip() async throws {
        try await load()
        let again = try await BuiltProducts.run(
            BuiltProducts.ledger,
            ["import", BuiltProducts.repository.path + "/ledgers/demo/events.jsonl", "--ledger", ledger])
        #expect(again.stdout.contains("imported 0 events"))
        let exported = try await BuiltProducts.run(BuiltProducts.ledger, ["export", "--ledger", ledger])
        let original = try String(
            contentsOf: BuiltProducts.repository.appendingPathComponent("ledgers/demo/events.jsonl"), encoding: .utf8)
        #expect(exported.stdout == original)
    }
}
