import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

/// `ledger tax` against the established calculators (issue 32): rp2 (US: FIFO, LIFO, HIFO) and
/// bittytax (UK matching) on a seeded history of 1,000+ trades, every per-year total to the cent
/// (Tests/TaxPeers/README.md has the rounding rule and where the peers differ from the rules).
/// Each check is skipped, with a printed reason, when python3 or a peer is missing or the built
/// ledger has no `tax` command yet.
@Suite("Tax totals against rp2 and bittytax", .serialized)
struct TaxPeerTests {
    static let scripts = BuiltProducts.repository.appendingPathComponent("Tests/TaxPeers")
    static let skipExit: Int32 = 77

    static var hasTaxCommand: Bool {
        guard let help = try? BuiltProducts.probe(BuiltProducts.ledger, ["tax", "--help"]) else { return false }
        return help.status == 0 && help.stdout.contains("--rules")
    }

    @Test("the seed-42 fixture (checked with the peers), without Python")
    func fixture() async throws {
        guard Self.hasTaxCommand else {
            print("skipped: the built ledger has no 'tax' command yet (issue 32)")
            return
        }
        let expected = try TaxFixture(seed: 42)
        for (currency, rules) in [("USD", "us"), ("GBP", "uk")] {
            let ledger = try await expected.ledger(currency: currency)
            let methods = rules == "us" ? ["fifo", "lifo", "hifo"] : [""]
            for method in methods {
                let options = ["tax", "--rules", rules] + (method.isEmpty ? [] : ["--method", method])
                let result = try await BuiltProducts.run(
                    BuiltProducts.ledger, options + ["-O", "json", "--ledger", ledger])
                #expect(result.status == 0, "\(result.stderr)")
                let ours = try TaxFixture.years(Data(result.stdout.utf8))
                let theirs = try expected.years(rules: rules, method: method)
                for difference in TaxFixture.differences(ours, theirs) {
                    Issue.record("\(rules) \(method) \(difference)")
                }
            }
        }
    }
}

/// The peers themselves on 1,000 seeded trades: the slow half of ``TaxPeerTests`` (python
/// and rp2 are most of it), so a plain `swift test` leaves it to `LGR_SLOW_TESTS=1` (`.ci/run`).
@Suite(
    "Tax totals against rp2 and bittytax, the peers run", .serialized,
    .enabled(if: SlowTests.enabled, Comment(rawValue: SlowTests.reason)))
struct TaxPeerRunTests {
    /// Every per-year total of `ledger tax` (US per method, UK) and the US totals of the lot
    /// engine under it (`ledger gains -O json`), against one run of the peers (`--via both`: the
    /// peers are most of the time).
    @Test("compare.py: rp2 and bittytax on 1,000 seeded trades, for tax and gains")
    func peersOnSeededHistory() async throws {
        let via = "both"
        guard let python = Peer.find("python3") else {
            print("skipped: python3 is not on PATH")
            return
        }
        let script = TaxPeerTests.scripts.appendingPathComponent("compare.py").path
        let result = try await BuiltProducts.run(
            python,
            [script, "--ledger", BuiltProducts.ledger.path, "--seed", "2024", "--trades", "1000", "--via", via])
        if result.status == TaxPeerTests.skipExit {
            print(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
            return
        }
        #expect(result.status == 0, "compare.py --via \(via):\n\(result.stdout)\(result.stderr)")
    }
}

/// Tests/TaxPeers/expected/totals-seed<N>.json and the history beside it.
struct TaxFixture {
    let document: [String: Any]
    let directory: URL

    init(seed: Int) throws {
        directory = TaxPeerTests.scripts.appendingPathComponent("expected")
        let data = try Data(contentsOf: directory.appendingPathComponent("totals-seed\(seed).json"))
        document = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    /// A new ledger in `currency` holding the fixture's history, imported as the JSON says.
    func ledger(currency: String) async throws -> String {
        let path = makeTemporaryDirectory("ledger-tax") + "/books.ledger"
        let csv = directory.appendingPathComponent(document["history"] as? String ?? "").path
        let map =
            "id=id,date=date,side=side,asset=asset,quantity=quantity,total=total,fee=fee,quote=\(currency)"
        for arguments in [
            ["init", "--currency", currency],
            ["import", csv, "--format", "generic", "--map", map, "--account", "exchange"],
        ] {
            let result = try await BuiltProducts.run(BuiltProducts.ledger, arguments + ["--ledger", path])
            #expect(result.status == 0, "ledger \(arguments.joined(separator: " ")): \(result.stderr)")
        }
        return path
    }

    func years(rules: String, method: String) throws -> [[String: Any]] {
        let section = document[rules] as? [String: Any] ?? [:]
        let holder = method.isEmpty ? section : section[method] as? [String: Any] ?? [:]
        return holder["years"] as? [[String: Any]] ?? []
    }

    static func years(_ json: Data) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: json) as? [String: Any]
        return object?["years"] as? [[String: Any]] ?? []
    }

    /// Every total the fixture has for a year, compared after rounding half-even to the cent
    /// (a year one side lacks counts as zero); `disposals` and `year` are not totals.
    static func differences(_ ours: [[String: Any]], _ theirs: [[String: Any]]) -> [String] {
        let mine = Dictionary(ours.map { ($0["year"] as? String ?? "", $0) }) { first, _ in first }
        let expected = Dictionary(theirs.map { ($0["year"] as? String ?? "", $0) }) { first, _ in first }
        var lines: [String] = []
        for year in Set(mine.keys).union(expected.keys).sorted() {
            for field in fields(expected[year] ?? [:]) {
                let (a, b) = (cents(mine[year], field), cents(expected[year], field))
                if a != b { lines.append("\(year) \(field): ledger \(a), expected \(b)") }
            }
        }
        return lines
    }

    /// The fixture's total fields of a year: `proceeds`, `short_term.gain`, …
    static func fields(_ year: [String: Any]) -> [String] {
        year.keys.sorted().flatMap { key -> [String] in
            if let nested = year[key] as? [String: Any] { return nested.keys.sorted().map { "\(key).\($0)" } }
            return key == "year" || key == "disposals" ? [] : [key]
        }
    }

    static func cents(_ year: [String: Any]?, _ field: String) -> String {
        var value: Any? = year
        for key in field.split(separator: ".") { value = (value as? [String: Any])?[String(key)] }
        // ledger.tax/2 writes numbers as exact strings; a missing field or year counts as zero.
        let text = value.map { $0 as? String ?? "\($0)" } ?? "0"
        guard let number = ExactDecimal(text) else { return "unreadable '\(text)'" }
        return "\(number.rounded(places: 2, rule: .halfEven))"
    }
}
