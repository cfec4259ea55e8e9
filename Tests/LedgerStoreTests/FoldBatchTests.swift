import LedgerCore
import LedgerCoreTestSupport
import LedgerTestSupport
import Testing

@testable import LedgerStore

/// A full replay folds the replay rows' views (``FoldEvent``, handed over in ``FoldBatch``es)
/// instead of ``LedgerEvent``s: held here to the fold of the events themselves, for every
/// kind, booking method, grouping and recording, from the rows, from the columns and with
/// transfer links.
@Suite("Fold batches")
struct FoldBatchTests {
    /// ``ReplayRowsTests/variedEvents(seed:)`` (every kind, imports, notes, a void, a split,
    /// totals, stocks), an account name past the interning cache's 15 bytes, a linked
    /// withdrawal and deposit with a network fee, and a deposit with an on-chain reference.
    static func events(seed: UInt64) -> [LedgerEvent] {
        var events = ReplayRowsTests.variedEvents(seed: seed)
        var make = Events(seed: seed &+ 7)
        let out = make.withdraw("BTC", "0.001", on: "2031-07-01", account: "exchange")
        let into = make.deposit("BTC", "0.0009", on: "2031-07-02", account: "a wallet with a long name")
        let link = make.make(
            .link(
                TransferLink(
                    withdrawal: out.id, deposit: into.id, arrived: Events.amount("0.0009", "BTC"),
                    toAccount: "a wallet with a long name", rule: .window)), on: "2031-07-03")
        var onChain = make.deposit("ETH", "2", on: "2031-07-05", account: "wallet")
        // At the record version that holds a reference, as the tool records one (the store
        // refuses a record its readers would not read back).
        (onChain.schemaVersion, onChain.chain) = (
            ChainReference.schemaVersion, ChainReference(hash: "0xabc123", address: "0xdef456")
        )
        events += [
            out, into, link,
            make.buy("BTC", "0.5", at: "30000", on: "2031-07-04", account: "a wallet with a long name"), onChain,
        ]
        return events
    }

    func store(with events: [LedgerEvent]) throws -> Ledger {
        let store = try Ledger(path: makeTemporaryDirectory() + "/books.ledger", mode: .createIfMissing)
        _ = try store.events.append(events) { _ in }
        return store
    }

    /// The state folded from `store`'s batches (from its replay rows when `packed`).
    func batchFold(_ store: Ledger, packed: Bool, _ fold: PortfolioFold) throws -> PortfolioState {
        store.readsReplayRows = packed
        defer { store.readsReplayRows = true }
        var fold = fold
        var batches = 0
        try store.events.forEachEffectiveBatch(through: fold.state.options.asOf) {
            #expect($0.events.count <= FoldBatch.capacity + 1)
            fold.apply($0)
            batches += 1
        }
        #expect(batches > 1 || fold.state.eventCount <= FoldBatch.capacity)
        return fold.state
    }

    @Test("batches fold to what the events fold to, every kind and method", arguments: [41, 42, 43] as [UInt64])
    func sameFold(seed: UInt64) throws {
        let events = Self.events(seed: seed)
        let store = try store(with: events)
        let prices = RandomLedger(seed: seed).prices
        let asOf = Timestamp(secondsSinceEpoch: .max)
        for (index, method) in BookingMethod.allCases.enumerated() {
            for perAccount in [false, true] {
                let options = ValuationOptions(method: method, perAccount: perAccount, currency: sym("USD"), asOf: asOf)
                let tax = (index + (perAccount ? 1 : 0)) % 2 == 0
                let fold = PortfolioFold(
                    options: options, prices: prices, recordingTax: tax, keepingLots: !tax || index == 0)
                var plain = fold
                try store.events.forEachEffectiveEvent(through: asOf) { plain.apply($0) }
                for packed in [true, false] {
                    let folded = try batchFold(store, packed: packed, fold)
                    Self.expectSame(
                        folded, plain.state, "seed \(seed) \(method) perAccount \(perAccount) packed \(packed)")
                }
            }
        }
    }

    @Test("a bounded replay's batches stop at as-of as the events do")
    func boundedFold() throws {
        let events = Self.events(seed: 44)
        let store = try store(with: events)
        let asOf = events[events.count / 2].occurredAt
        let options = ValuationOptions(method: .hifo, perAccount: true, currency: sym("USD"), asOf: asOf)
        let fold = PortfolioFold(options: options, prices: RandomLedger(seed: 44).prices)
        var plain = fold
        try store.events.forEachEffectiveEvent(through: asOf) { plain.apply($0) }
        Self.expectSame(try batchFold(store, packed: true, fold), plain.state, "as-of")
        #expect(plain.state.eventCount < events.count - 10)
    }

    static func expectSame(_ folded: PortfolioState, _ plain: PortfolioState, _ label: String) {
        let (lhs, rhs) = (folded.snapshot, plain.snapshot)
        #expect(lhs == rhs, "\(label): \(lhs.firstDifference(from: rhs) ?? "")")
        #expect(folded.realizedGain == plain.realizedGain, "\(label)")
        #expect(folded.taxTransactions == plain.taxTransactions, "\(label)")
        #expect(folded.taxIncome == plain.taxIncome && folded.taxRates == plain.taxRates, "\(label)")
        #expect(folded.dividends == plain.dividends && folded.missingPrices == plain.missingPrices, "\(label)")
        #expect(folded.cashNotKnown == plain.cashNotKnown && folded.cashKnownAccounts == plain.cashKnownAccounts)
        #expect(folded.incompleteTotals == plain.incompleteTotals && folded.lastOccurredAt == plain.lastOccurredAt)
    }

    @Test("a row's view is the view of its event, and a cut row is refused by both", arguments: [45, 46] as [UInt64])
    func viewOfRow(seed: UInt64) {
        let decoder = PackedEventDecoder()
        for (index, var event) in Self.events(seed: seed).enumerated() where event.kind != .void && event.kind != .link
        {
            event.sequence = Int64(index + 1)
            let bytes = PackedEvent.encode(event)
            let view = bytes.withUnsafeBufferPointer { decoder.foldEvent(from: $0) }
            let names = decoder.accountNames
            #expect(view == FoldEvent(event) { name in Int32(names.firstIndex(of: name) ?? -2) })
            let cut = Array(bytes.prefix(index % bytes.count))
            #expect(cut.withUnsafeBufferPointer { decoder.foldEvent(from: $0) } == nil)
            #expect(cut.withUnsafeBufferPointer { decoder.event(from: $0) } == nil)
        }
    }

    @Test("the replay rows are read with a small page cache, the columns with the connection's")
    func replayPageCache() throws {
        let store = try store(with: Self.events(seed: 47))
        let connection = try store.database.scalarInt("PRAGMA cache_size")
        #expect(connection == -Int64(LedgerFile.cacheKiB))
        for packed in [true, false] {
            store.readsReplayRows = packed
            defer { store.readsReplayRows = true }
            let options = ValuationOptions(currency: sym("USD"), asOf: Timestamp(secondsSinceEpoch: .max))
            var fold = PortfolioFold(options: options, prices: RandomLedger(seed: 47).prices)
            var during: [Int64?] = []
            try store.events.forEachEffectiveBatch(through: options.asOf) { batch in
                fold.apply(batch)
                // Where the fold reads prices: on the same connection, between two batches.
                during.append(try store.sharingConnection { try store.database.scalarInt("PRAGMA cache_size") })
            }
            let expected = packed ? -Int64(LedgerEvents.replayCacheKiB) : connection
            #expect(!during.isEmpty && during.allSatisfy { $0 == expected }, "packed \(packed)")
            #expect(try store.database.scalarInt("PRAGMA cache_size") == connection)
            #expect(fold.state.eventCount > 0)
        }
    }

    @Test("a view is plain bytes: no reference to count")
    func plainBytes() {
        #expect(_isPOD(FoldEvent.self))
        #expect(_isPOD(FoldAction.self))
    }
}
