import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

/// Issue 31's last rule: "the transaction hash or address agrees when both rows give one (a
/// hash match wins over time)". A Coinbase export whose Sends give the recipient address and
/// the transaction hash, and a Binance deposit history (`Address`, `TXID`; real layouts,
/// `Fixtures/txhash`): the 0.25 ETH Send and its Deposit two days later link by hash, outside
/// the 24 h window; of two 0.0995 ETH deposits in the window of the 0.1 ETH Send, the one with
/// its hash links and the one with another hash stays unmatched.
@Suite("Transfers matched by transaction hash and address")
struct TransferHashTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/txhash").standardized.path
    static let sendHash = "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060"
    static let otherHash = "0x2b7c4e9d1f0a3b5c7d9e1f2a4b6c8d0e2f4a6b8c0d2e4f6a8b0c2d4e6f8a0b1c"

    static func ledger(_ order: [String], options: [String] = []) -> (FixedEnvironment, String) {
        let directory = makeTemporaryDirectory()
        let fixed = FixedEnvironment(
            start: "2026-01-01T12:00:00Z", variables: ["LGR_FILE": directory + "/books.ledger", "HOME": directory])
        #expect(fixed.run(["init", "--currency", "USD"]) == 0)
        for file in order {
            #expect(fixed.run(["import", fixtures + "/" + file] + options) == 0, "\(fixed.stderr.text)")
        }
        return (fixed, directory)
    }

    @Test(
        "imported in either order, the pairs link by hash; a deposit with another hash is never linked",
        arguments: [["coinbase.csv", "binance-deposits.csv"], ["binance-deposits.csv", "coinbase.csv"]])
    func linksByHash(order: [String]) throws {
        let (fixed, directory) = Self.ledger(order)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(
            fixed.stdout.text.contains(
                "Linked 2 transfers between your accounts; 1 deposit has no known source ('ledger transfers --unmatched')."
            ), "\(fixed.stdout.text)")
        let listing = TransferMatchingTests.output(fixed, ["transfers"])
        let lines = listing.split(separator: "\n")
        let far = try #require(lines.first { $0.contains("withdraw 0.25 ETH [coinbase] → ") }, "\(listing)")
        #expect(far.contains(" hash: ") && far.contains("2025-12-04T09:30:00Z deposit 0.2495 ETH [binance]"), "\(far)")
        #expect(far.hasSuffix("network fee 0.0005 ETH"), "\(far)")
        let near = try #require(lines.first { $0.contains("withdraw 0.1 ETH [coinbase] → ") }, "\(listing)")
        #expect(
            near.contains(" hash: ") && near.contains("2025-12-02T14:00:00Z deposit 0.0995 ETH [binance]"), "\(near)")
        #expect(!listing.contains("window:"), "\(listing)")
        let unmatched = TransferMatchingTests.output(fixed, ["transfers", "--unmatched"])
        #expect(unmatched.contains("Deposits with no known source (1):"), "\(unmatched)")
        #expect(unmatched.contains("2025-12-02T13:00:00Z deposit 0.0995 ETH [binance]"), "\(unmatched)")
        let json = TransferMatchingTests.output(fixed, ["transfers", "-O", "json"])
        #expect(json.contains("\"tx_hash\": \"\(Self.sendHash)\""), "\(json)")
        #expect(!unmatched.contains("fits"), "\(unmatched)")
    }

    @Test("the events keep the hash and the address: JSONL export, version 5, and a re-import adds nothing")
    func eventsKeepThem() throws {
        let (fixed, directory) = Self.ledger(["coinbase.csv", "binance-deposits.csv"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let export = TransferMatchingTests.output(fixed, ["export"])
        let lines = export.split(separator: "\n")
        let send = try #require(
            lines.first { $0.contains(#""kind":"withdraw""#) && $0.contains(#""quantity":"0.25""#) })
        #expect(send.hasPrefix(#"{"version":5,"#), "\(send)")
        #expect(
            send.contains(
                #""tx_hash":"\#(Self.sendHash)","address":"0x3f5CE5FBFe3E9af3971dD833D26bA9b5C936f0bE""#),
            "\(send)")
        let unmatched = try #require(lines.first { $0.contains(Self.otherHash) })
        #expect(unmatched.contains(#""kind":"deposit""#) && unmatched.hasPrefix(#"{"version":5,"#))
        // Rows without a reference (the buy, the bank deposit) stay version 1.
        let buy = try #require(lines.first { $0.contains(#""kind":"buy""#) })
        #expect(buy.hasPrefix(#"{"version":2,"#) || buy.hasPrefix(#"{"version":1,"#), "\(buy)")
        // CSV carries the two columns.
        let csv = TransferMatchingTests.output(fixed, ["export", "-O", "csv"])
        #expect(csv.split(separator: "\n").first?.contains("tx_hash,address") == true, "\(csv)")
        #expect(csv.contains(Self.sendHash))
        // Importing the files again adds nothing: a row's fingerprint does not include them.
        fixed.stdout.clear()
        #expect(fixed.run(["import", Self.fixtures + "/coinbase.csv"]) == 0, "\(fixed.stderr.text)")
        #expect(fixed.run(["import", Self.fixtures + "/binance-deposits.csv"]) == 0, "\(fixed.stderr.text)")
        #expect(TransferMatchingTests.output(fixed, ["export"]) == export)
        #expect(fixed.run(["verify"]) == 0, "\(fixed.stderr.text)")
    }

    @Test("an export imported into a new ledger keeps the references and gives the same chain")
    func roundTrip() throws {
        let (fixed, directory) = Self.ledger(["coinbase.csv", "binance-deposits.csv"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let export = TransferMatchingTests.output(fixed, ["export"])
        let file = directory + "/events.jsonl"
        try export.write(toFile: file, atomically: true, encoding: .utf8)
        let copy = FixedEnvironment(
            start: "2026-01-02T12:00:00Z", variables: ["LGR_FILE": directory + "/copy.ledger", "HOME": directory])
        #expect(copy.run(["import", file]) == 0, "\(copy.stderr.text)")
        #expect(TransferMatchingTests.output(copy, ["export"]) == export)
        func head(_ ledger: FixedEnvironment) -> String? {
            TransferMatchingTests.output(ledger, ["verify"]).split(separator: " ").last.map(String.init)
        }
        #expect(head(copy) != nil && head(copy) == head(fixed))
    }
}
