import Foundation
import LedgerCore
import LedgerStore
import LedgerTestSupport
import Testing

/// A ledger file written by an earlier build (`ledgers/fixtures/before-classes.ledger`) opens,
/// verifies and reads back the same: adding classes changed no stored code or canonical byte.
@Suite("A ledger from before the new asset classes")
struct ExistingLedgerTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../ledgers/fixtures/before-classes.ledger").standardized.path

    /// A copy, so the checked-in file is never written.
    func copy() throws -> String {
        let path = makeTemporaryDirectory() + "/old.ledger"
        try FileManager.default.copyItem(atPath: Self.fixture, toPath: path)
        return path
    }

    @Test("its hash chain and replay rows verify, with the head it was written with")
    func verifies() throws {
        let ledger = try Ledger(path: try copy(), mode: .mustExist)
        let verification = try ledger.events.verifyChain()
        #expect(verification.firstBreak == nil)
        #expect(verification.head.count == 8)
        #expect(verification.head.hash == "19d655aeb4324d7bb512b3eca98c17b1a979ebbe66c1115280bf853c0bef806a")
    }

    @Test("its classes read back as they were recorded, from the columns and from the replay rows")
    func classes() throws {
        let ledger = try Ledger(path: try copy(), mode: .mustExist)
        let expected: [String: AssetClass] = ["USD": .fiat, "BTC": .crypto, "AAPL": .stock, "VOO": .etf, "EUR": .fiat]
        for (text, assetClass) in expected {
            #expect(try ledger.events.assetClass(of: AssetSymbol(text)!) == assetClass, "\(text)")
        }
        var replayed: [AssetSymbol: AssetClass] = [:]
        try ledger.events.forEachEffectiveEvent(through: Timestamp(secondsSinceEpoch: 4_000_000_000)) { event in
            if let asset = event.action.primaryAsset { replayed[asset.symbol] = asset.assetClass }
        }
        #expect(replayed[AssetSymbol("VOO")!] == .etf)
        #expect(replayed[AssetSymbol("AAPL")!] == .stock)
        #expect(replayed[AssetSymbol("BTC")!] == .crypto)
    }
}
