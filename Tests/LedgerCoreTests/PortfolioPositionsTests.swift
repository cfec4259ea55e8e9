import LedgerCoreTestSupport
import Testing

@testable import LedgerCore

/// The fold keeps its positions by small integer ids (`PositionTable`); what a report reads
/// back through `PortfolioState`'s accessors must be what an independent quantity fold
/// (`PositionBook`, keyed by name) holds, with many assets and accounts (more than the symbol
/// table's first sixteen places, and more than the two accounts it remembers).
@Suite("Portfolio positions by id, read back by name")
struct PortfolioPositionsTests {
    static let seeds: [UInt64] = [3, 42, 0xDEAD_BEEF]

    static func ledger(_ seed: UInt64) -> RandomLedger {
        var options = RandomLedger.Options()
        options.assets = (1...24).map { "A\($0)X" }
        options.accounts = ["exchange", "wallet", "cold", "broker", "margin"]
        options.count = 600
        return RandomLedger(seed: seed, options: options)
    }

    static func replay(_ ledger: RandomLedger, perAccount: Bool, lots: Bool = true) -> PortfolioState {
        var fold = PortfolioFold(
            options: ledger.valuation(.fifo, perAccount: perAccount), prices: ledger.prices, keepingLots: lots)
        for event in EventReplay.effective(ledger.events) { fold.apply(event) }
        return fold.state
    }

    @Test("per account, each book and balance is the quantity fold's balance at its key", arguments: seeds)
    func perAccount(seed: UInt64) {
        let ledger = Self.ledger(seed)
        let state = Self.replay(ledger, perAccount: true)
        var seen: Set<PositionKey> = []
        // Crypto only: a typed purchase spends fiat beyond the balance (paid in), which the
        // quantity fold lets go below zero and the valuation does not.
        for (key, expected) in ledger.positions.balances where !key.asset.isWellKnownFiat {
            #expect((state.book(key)?.quantity ?? .zero) == expected, "seed \(seed) \(key)")
        }
        state.forEachBook { key, book in
            #expect(seen.insert(key).inserted, "seed \(seed): \(key) twice")
            #expect(book.quantity == ledger.positions.balance(key), "seed \(seed) \(key)")
            #expect(state.book(key)?.quantity == book.quantity, "seed \(seed) \(key)")
        }
        state.forEachBalance { key, balance in
            #expect(seen.insert(key).inserted && state.balance(key) == balance, "seed \(seed) \(key)")
            #expect(key.asset.isWellKnownFiat && state.book(key) == nil, "seed \(seed) \(key)")
        }
        #expect(seen.count > ledger.options.accounts.count, "seed \(seed)")
    }

    @Test("pooled, one book per asset holds every account's quantity; fiat stays per account", arguments: seeds)
    func pooled(seed: UInt64) {
        let ledger = Self.ledger(seed)
        let state = Self.replay(ledger, perAccount: false)
        for asset in ledger.options.assets {
            let key = PositionKey(account: ValuationOptions.pooledAccount, asset: sym(asset))
            #expect((state.book(key)?.quantity ?? .zero) == ledger.heldQuantity(asset), "seed \(seed) \(asset)")
            #expect(state.bookKeys(of: sym(asset)).allSatisfy { $0 == key }, "seed \(seed) \(asset)")
        }
        state.forEachBalance { key, _ in
            #expect(ledger.options.accounts.contains(key.account), "seed \(seed) \(key)")
        }
    }

    @Test("without lots, the held quantities are the books' quantities", arguments: seeds)
    func heldWithoutLots(seed: UInt64) {
        let ledger = Self.ledger(seed)
        let (kept, free) = (Self.replay(ledger, perAccount: true), Self.replay(ledger, perAccount: true, lots: false))
        var count = 0
        free.forEachHeld { key, held in
            count += 1
            #expect(kept.book(key)?.quantity == held, "seed \(seed) \(key)")
        }
        #expect(count > 0 && free.booksByKey.isEmpty)
    }

    @Test("a tagged symbol (the replay decoder's) finds its spelling's id whatever its tag; tags do not mix")
    func taggedSymbols() {
        var table = PositionTable()
        let (btc, eth) = (sym("BTC"), sym("ETH"))
        let plain = table.symbolID(btc)
        #expect(table.symbolID(btc.tagged(7)) == plain && table.symbolID(btc.tagged(7)) == plain)
        // 263 takes 7's place in the cache: each is still its own symbol.
        let ethID = table.symbolID(eth.tagged(263))
        #expect(ethID != plain && table.symbolID(btc.tagged(7)) == plain && table.symbolID(eth.tagged(263)) == ethID)
        #expect(table.symbolID(btc.tagged(9)) == plain && table.symbolID(eth) == ethID)
        #expect(table.id(of: eth) == ethID && table.id(of: btc.tagged(9)) == plain)
        #expect(table.id(of: sym("XRP").tagged(11)) == nil && table.symbols.count == 2)
    }

    @Test("a key the replay never made reads as nothing; classes and cash read back by name")
    func unknownKeys() {
        let ledger = Self.ledger(3)
        let state = Self.replay(ledger, perAccount: true)
        #expect(state.book(PositionKey(account: "nowhere", asset: sym("A1X"))) == nil)
        #expect(state.book(PositionKey(account: "exchange", asset: sym("ZZZ"))) == nil)
        #expect(state.balance(PositionKey(account: "exchange", asset: sym("A1X"))) == nil)
        #expect(state.assetClass(of: sym("ZZZ")) == nil && state.assetClass(of: sym("USD")) == .fiat)
        state.forEachBook { key, _ in #expect(state.assetClass(of: key.asset) == .crypto, "\(key)") }
        let moved = Set(ledger.events.flatMap(\.quantityChanges).map(\.key.asset))
        #expect(Set(state.assetClasses.keys).isSubset(of: moved) && state.assetClasses.count > 10)
        #expect(state.cashKnownAccounts.isSubset(of: Set(ledger.options.accounts)))
        #expect(!state.cashKnownAccounts.isEmpty)
    }
}
