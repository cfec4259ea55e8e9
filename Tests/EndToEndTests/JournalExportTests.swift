import Foundation
import LedgerCore
import LedgerInterchange
import LedgerTestSupport
import Testing

/// `ledger export -O beancount|ledger` checked by the peers themselves: `bean-check` accepts the
/// beancount file, ledger-cli and hledger read the journal with the quantities `ledger portfolio
/// --by-account` reports per account and commodity, and beancount's `Income:Gains` total is
/// the replay's realized gain. Each peer check is skipped, with a printed reason, when the tool
/// is not on PATH.
@Suite("Journal export checked by bean-check, ledger-cli and hledger", .serialized)
struct JournalExportTests {
    static let beanCheck = Peer.find("bean-check")
    static let ledgerCLI = Peer.find("ledger", excluding: BuiltProducts.ledger.path)
    static let hledger = Peer.find("hledger")
    static let beancountPython: URL? = {
        guard let python = Peer.find("python3"),
            let probe = try? BuiltProducts.probe(python, ["-c", "import beancount.loader"]), probe.status == 0
        else { return nil }
        return python
    }()

    static var demo: [String] {
        let root = BuiltProducts.repository.path
        return [root + "/ledgers/demo/events.jsonl", root + "/ledgers/demo/prices.csv"]
    }

    static var everyKind: [String] {
        let fixtures = BuiltProducts.repository.path + "/Tests/LedgerInterchangeTests/JournalFixtures"
        return [fixtures + "/every-kind.jsonl", fixtures + "/every-kind-prices.csv"]
    }

    @Test("the sample ledgers (demo, every event kind)", arguments: [demo, everyKind])
    func sample(_ files: [String]) async throws {
        let ledger = try await Self.load(events: files[0], prices: files[1])
        try await Self.checkWithPeers(ledger)
    }

    @Test("seeded random ledgers", arguments: [UInt64(7), 11, 2024])
    func random(_ seed: UInt64) async throws {
        let random = RandomLedger(
            seed: seed,
            options: {
                var options = RandomLedger.Options()
                options.count = 300
                return options
            }())
        let directory = makeTemporaryDirectory("journal-random")
        let events = directory + "/events.jsonl"
        let prices = directory + "/prices.csv"
        try EventFile.jsonl(random.events).write(toFile: events, atomically: true, encoding: .utf8)
        let rows = random.prices.observations.map { "\($0.asset),\($0.price),\($0.observedAt.date),\($0.quote)" }
        try (["asset,price,date,currency"] + rows).joined(separator: "\n").write(
            toFile: prices, atomically: true, encoding: .utf8)
        try await Self.checkWithPeers(try await Self.load(events: events, prices: prices))
    }

    /// A fresh ledger holding the events and prices.
    static func load(events: String, prices: String) async throws -> String {
        let ledger = makeTemporaryDirectory("journal-e2e") + "/books.ledger"
        for arguments in [["import", events], ["prices", "import", prices]] {
            let result = try await BuiltProducts.run(BuiltProducts.ledger, arguments + ["--ledger", ledger])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        return ledger
    }

    static func checkWithPeers(_ ledger: String) async throws {
        let directory = (ledger as NSString).deletingLastPathComponent
        let bean = directory + "/books.beancount"
        let journal = directory + "/books.journal"
        for (format, path) in [("beancount", bean), ("ledger", journal)] {
            let result = try await BuiltProducts.run(
                BuiltProducts.ledger, ["export", "-O", format, "-o", path, "--ledger", ledger])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let ours = try await Holdings.ours(ledger)
        #expect(!ours.quantities.isEmpty)
        if let beanCheck {
            let result = try await BuiltProducts.run(beanCheck, [bean])
            #expect(
                result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty,
                "bean-check: \(result.stdout)\(result.stderr)")
        } else {
            print("skipped: bean-check is not on PATH (pip install beancount)")
        }
        if let ledgerCLI {
            #expect(try await Holdings.ledgerCLI(ledgerCLI, journal) == ours.quantities)
        } else {
            print("skipped: ledger-cli ('ledger') is not on PATH (apt-get install ledger)")
        }
        if let hledger {
            let theirs = try await Holdings.hledger(hledger, journal)
            #expect(theirs.quantities == Holdings.rounded(ours.quantities, places: theirs.places))
        } else {
            print("skipped: hledger is not on PATH (apt-get install hledger)")
        }
        if let beancountPython {
            #expect(try await Holdings.beancountGains(beancountPython, bean) == ours.realizedGain)
        } else {
            print("skipped: the beancount Python package is not importable by python3")
        }
    }
}

/// Finds a program on PATH.
enum Peer {
    static func find(_ name: String, excluding excluded: String? = nil) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = String(directory) + "/" + name
            guard candidate != excluded, FileManager.default.isExecutableFile(atPath: candidate) else { continue }
            return URL(fileURLWithPath: candidate)
        }
        return nil
    }
}
