import Foundation
import LedgerCore
import LedgerInterchange
import LedgerTestSupport
import Testing

/// Quantities per (journal account, commodity) and realized gains, from us and from the peers.
enum Holdings {
    struct Key: Hashable, CustomStringConvertible {
        let account: String
        let commodity: String
        var description: String { "\(account) \(commodity)" }
    }

    /// `ledger portfolio --by-account` (every event, lots per account) in journal names.
    static func ours(_ ledger: String) async throws -> (quantities: [Key: ExactDecimal], realizedGain: ExactDecimal) {
        let result = try await BuiltProducts.run(
            BuiltProducts.ledger,
            ["portfolio", "--by-account", "--as-of", "2100-01-01", "-O", "json", "--ledger", ledger])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        var quantities: [Key: ExactDecimal] = [:]
        for row in report["holdings"] as? [[String: Any]] ?? [] {
            let key = Key(account: JournalNames.account(row["account"] as! String), commodity: row["asset"] as! String)
            quantities[key, default: .zero] += dec(row["quantity"] as! String)
        }
        let totals = try #require(report["totals"] as? [String: Any])
        let realized = dec(totals["realized_pnl"] as! String) + dec(totals["fees_paid"] as! String)
        return (quantities.filter { !$0.value.isZero }, realized)
    }

    /// Every `Assets:` posting ledger-cli reads, summed per account and commodity.
    static func ledgerCLI(_ program: URL, _ journal: String) async throws -> [Key: ExactDecimal] {
        let format = "%(account)\t%(quantity(scrub(display_amount)))\t%(commodity(scrub(display_amount)))\n"
        let result = try await BuiltProducts.run(
            program, ["-f", journal, "reg", "^Assets:", "--register-format", format])
        #expect(result.status == 0, "ledger-cli: \(result.stderr)")
        var quantities: [Key: ExactDecimal] = [:]
        for line in result.stdout.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3, let quantity = ExactDecimal(fields[1]) else {
                Issue.record("unexpected ledger-cli line '\(line)'")
                continue
            }
            let commodity = fields[2].replacingOccurrences(of: "\"", with: "")
            quantities[Key(account: fields[0], commodity: commodity), default: .zero] += quantity
        }
        return quantities.filter { !$0.value.isZero }
    }

    /// hledger's balance of every `Assets:` account per commodity (`bal --layout=bare -O csv`:
    /// `"account","commodity","balance"`), and the decimals it shows each commodity with: it
    /// rounds to the display precision (two for the ledger currency, whose `format` says so;
    /// that of the amounts written for the others). hledger fails on a transaction that does
    /// not balance.
    static func hledger(_ program: URL, _ journal: String) async throws -> (
        quantities: [Key: ExactDecimal], places: [String: Int]
    ) {
        let result = try await BuiltProducts.run(
            program, ["-f", journal, "bal", "^Assets:", "--flat", "--layout=bare", "--no-total", "-O", "csv"])
        #expect(result.status == 0, "hledger: \(result.stderr)")
        var quantities: [Key: ExactDecimal] = [:]
        var places: [String: Int] = [:]
        for line in result.stdout.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.replacingOccurrences(of: "\"", with: "")
            }
            guard fields.count == 3, let quantity = ExactDecimal(fields[2]) else {
                Issue.record("unexpected hledger line '\(line)'")
                continue
            }
            quantities[Key(account: fields[0], commodity: fields[1]), default: .zero] += quantity
            places[fields[1]] = max(
                places[fields[1]] ?? 0, fields[2].split(separator: ".").dropFirst().first?.count ?? 0)
        }
        return (quantities.filter { !$0.value.isZero }, places)
    }

    /// `quantities` as hledger shows them: each rounded to its commodity's `places`.
    static func rounded(_ quantities: [Key: ExactDecimal], places: [String: Int]) -> [Key: ExactDecimal] {
        quantities.reduce(into: [:]) { result, entry in
            let value = places[entry.key.commodity].map { entry.value.rounded(places: $0) } ?? entry.value
            if !value.isZero { result[entry.key] = value }
        }
    }

    /// Minus the sum of beancount's `Income:Gains` postings, as beancount loads the file.
    static func beancountGains(_ python: URL, _ file: String) async throws -> ExactDecimal {
        let script = """
            import sys
            from decimal import Decimal
            from beancount import loader
            entries, errors, _ = loader.load_file(sys.argv[1])
            total = sum((p.units.number for e in entries for p in getattr(e, 'postings', []) if p.account == 'Income:Gains'), Decimal(0))
            print(len(errors), format(-total, 'f'))
            """
        let result = try await BuiltProducts.run(python, ["-c", script, file])
        let words = result.stdout.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(result.status == 0 && words.first == "0", "beancount: \(result.stdout)\(result.stderr)")
        return try #require(words.count == 2 ? ExactDecimal(words[1]) : nil)
    }
}
