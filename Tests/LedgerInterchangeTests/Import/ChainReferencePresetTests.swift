import LedgerCore
import LedgerInterchange
import Testing

/// What each preset keeps of a deposit's or withdrawal's on-chain transaction (record version
/// 5), read from the real-layout fixtures: Binance's deposit and withdrawal histories (`Address`,
/// `TXID`), Coinbase's 2025 layout (`Recipient Address`), KuCoin's deposits (`Hash`, `Deposit
/// Address`), Gemini's transfers (`Tx Hash`). No other kind of event keeps one.
@Suite("Exchange presets: transaction hashes and addresses")
struct ChainReferencePresetTests {
    /// (kind, quantity, hash, address) of every event of a fixture, in file order.
    static func references(_ fixture: String) throws -> [String] {
        try PresetFixtureTests.read(fixture).compactMap { outcome -> String? in
            guard case .event(let event) = outcome else { return nil }
            let quantity = event.action.primaryAsset.map { _ in EventRecordV1(probe(event)).quantity ?? "" } ?? ""
            return
                "\(event.action.kind.rawValue) \(quantity) \(event.chain?.hash ?? "-") \(event.chain?.address ?? "-")"
        }
    }

    static func probe(_ imported: ImportedEvent) -> LedgerEvent {
        imported.event(
            id: EventID(milliseconds: 1, random: (0, 0)), recordedAt: imported.occurredAt, account: "x", batch: "b",
            fingerprint: "f")
    }

    @Test("Binance deposit history: every completed row keeps its Address and TXID; an internal transfer has no hash")
    func binanceDeposits() throws {
        #expect(
            try Self.references("binance/deposits.csv") == [
                "deposit 0.2495 0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060 0x3f5CE5FBFe3E9af3971dD833D26bA9b5C936f0bE",
                "deposit 0.015 a1075db55d416d3ca199f55b6084e2115b9345e16c5cf302fc80e9d5fbf5d48d bc1qm34lsc65zpw79lxes69zkqmk6ee3ewf0j77s3h",
                "deposit 250 - TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE",
            ])
    }

    @Test("Binance withdrawal history: the destination Address and the TXID")
    func binanceWithdrawals() throws {
        #expect(
            try Self.references("binance/withdrawals.csv") == [
                "withdraw 0.3 0x9e1f3a27c0d4b8e5f6a7b8c9d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f7a8b9c0d 0x28C6c06298d514Db089934071355E5743bf21d60"
            ])
    }

    @Test(
        "Coinbase 2025: a Send keeps the Recipient Address; a buy, a bank deposit and a Receive without one keep nothing"
    )
    func coinbase() throws {
        #expect(
            try Self.references("coinbase/transactions-2025.csv") == [
                "withdraw 0.4 - 0x28C6c06298d514Db089934071355E5743bf21d60",
                "deposit 0.5 - -",
                "buy 0.01 - -",
                "deposit 1060 - -",
            ])
        // The layouts before 2025 have no address column.
        #expect(try Self.references("coinbase/transactions-2024.csv").allSatisfy { $0.hasSuffix(" - -") })
    }

    @Test("KuCoin deposits keep Hash and Deposit Address; Gemini's transfers their Tx Hash")
    func kucoinAndGemini() throws {
        #expect(try Self.references("kucoin/deposits.csv") == ["deposit 1000 0xabc Taddr"])
        let gemini = try Self.references("gemini/history.csv")
        #expect(gemini.contains("deposit 0.4995 a1b2c3 -"), "\(gemini)")
    }

    @Test("every event a fixture gives with a reference is a deposit or a withdrawal, and valid")
    func onlyMoves() throws {
        for fixture in PresetFixtureTests.fixtures {
            for case .event(let imported) in try PresetFixtureTests.read(fixture) where imported.chain != nil {
                #expect([.deposit, .withdraw].contains(imported.action.kind), "\(fixture) line \(imported.line)")
                let event = Self.probe(imported)
                #expect(event.schemaVersion == 5 && event.validate() == nil, "\(fixture) line \(imported.line)")
            }
        }
    }
}
