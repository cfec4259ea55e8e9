import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

/// Issue 31's transfers: a Coinbase export with a Send and a Binance statement with the
/// Deposit an hour later (real layouts, `Fixtures/transfers`) link as one transfer in either
/// order; per account the Binance lot then has Coinbase's date and cost, pooled and
/// per-account totals agree, and unlinking restores the report byte for byte.
@Suite("Transfers between your own accounts")
struct TransferMatchingTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/transfers").standardized.path

    /// A USD ledger with USDT at 1 and ETH at 3,200 on 2025-12-10, the two files imported in `order`.
    static func ledger(_ order: [String], importing options: [String] = []) -> (FixedEnvironment, String) {
        let directory = makeTemporaryDirectory()
        let fixed = FixedEnvironment(
            start: "2026-01-01T12:00:00Z", variables: ["LGR_FILE": directory + "/books.ledger", "HOME": directory])
        #expect(fixed.run(["init", "--currency", "USD"]) == 0)
        #expect(fixed.run(["prices", "set", "USDT", "1", "--date", "2025-09-01"]) == 0)
        #expect(fixed.run(["prices", "set", "ETH", "3200", "--date", "2025-12-10"]) == 0)
        for file in order.isEmpty ? ["coinbase.csv", "binance.csv"] : order {
            #expect(fixed.run(["import", fixtures + "/" + file] + options) == 0, "\(fixed.stderr.text)")
        }
        return (fixed, directory)
    }

    static func output(_ fixed: FixedEnvironment, _ arguments: [String]) -> String {
        fixed.stdout.clear()
        #expect(fixed.run(arguments) == 0, "\(arguments): \(fixed.stderr.text)")
        return fixed.stdout.text
    }

    static let byAccount = ["portfolio", "--by-account", "--as-of", "2025-12-31", "--no-chart", "-O", "json"]
    static let pooled = ["portfolio", "--as-of", "2025-12-31", "--no-chart", "-O", "json"]

    @Test(
        "imported in either order, the pair is linked, and the import says so",
        arguments: [
            ["coinbase.csv", "binance.csv"], ["binance.csv", "coinbase.csv"],
        ])
    func linksInEitherOrder(order: [String]) throws {
        let (fixed, directory) = Self.ledger(order)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(fixed.stdout.text.contains("Linked 1 transfer between your accounts."))
        let listing = Self.output(fixed, ["transfers"])
        #expect(listing.contains("window: "), "\(listing)")
        #expect(listing.contains("withdraw 0.25 ETH [coinbase] → "), "\(listing)")
        #expect(listing.contains("deposit 0.2495 ETH [binance], network fee 0.0005 ETH"), "\(listing)")
        let unmatched = Self.output(fixed, ["transfers", "--unmatched"])
        #expect(unmatched.contains("Withdrawals with no known destination (0)."))
        #expect(unmatched.contains("Deposits with no known source (0)."))
    }

    @Test("per account, the Binance lot has the Coinbase date and cost; pooled and per-account totals agree")
    func perAccountBasis() throws {
        let (fixed, directory) = Self.ledger(["binance.csv", "coinbase.csv"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // What Binance still holds, 0.0495 ETH, cost what Coinbase paid: 2,020 an ETH.
        let document = try JSONSerialization.jsonObject(with: Data(Self.output(fixed, Self.byAccount).utf8))
        let holdings = try #require((document as? [String: Any])?["holdings"] as? [[String: Any]])
        let binance = try #require(
            holdings.first { $0["asset"] as? String == "ETH" && $0["account"] as? String == "binance" })
        #expect(binance["quantity"] as? String == "0.0495")
        #expect(binance["average_cost"] as? String == "2020")
        #expect(binance["cost_basis"] as? String == "99.99")
        // The sale of 0.2 ETH there: acquired 2025-10-01 on Coinbase, cost 404.
        let gains = Self.output(fixed, ["gains", "--as-of", "2025-12-31", "-O", "json"])
        #expect(gains.contains("\"acquired\": \"2025-10-01T09:00:00Z\""), "\(gains)")
        #expect(gains.contains("\"cost_basis\": \"404\""), "\(gains)")
        let perAccount = try Self.totals(Self.output(fixed, Self.byAccount))
        let pooled = try Self.totals(Self.output(fixed, Self.pooled))
        #expect(perAccount == pooled)
    }

    @Test("a link made later, then unlinked: the report before it, byte for byte")
    func unlinkRestores() throws {
        // A window of 0 hours links nothing at import: the report as it was before any link.
        let (fixed, directory) = Self.ledger([], importing: ["--transfer-window", "0"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let report = ["portfolio", "--by-account", "--as-of", "2025-12-31", "--no-chart"]
        let before = Self.output(fixed, report)
        #expect(Self.output(fixed, ["transfers"]).hasPrefix("No linked transfers"))
        #expect(Self.output(fixed, ["transfers", "match"]).contains("Linked 1 transfer between your accounts."))
        let linked = Self.output(fixed, report)
        #expect(linked != before)
        let listing = Self.output(fixed, ["transfers", "-O", "json"])
        let seq = try #require(listing.firstMatch(of: /"seq" ?: ?(\d+)/)).1
        _ = Self.output(fixed, ["transfers", "unlink", String(seq)])
        #expect(Self.output(fixed, report) == before)
        // The link made at import gives the same report as the one made later.
        let (other, otherDirectory) = Self.ledger(["coinbase.csv", "binance.csv"])
        defer { try? FileManager.default.removeItem(atPath: otherDirectory) }
        #expect(Self.output(other, report) == linked)
    }

    /// The `totals` object of a `ledger.portfolio/1` document, as text.
    static func totals(_ json: String) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let totals = try #require(object?["totals"] as? [String: Any])
        return String(describing: totals.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
    }
}
