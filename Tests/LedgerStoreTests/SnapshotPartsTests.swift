import LedgerCore
import LedgerTestSupport
import Testing

@testable import LedgerStore

/// A snapshot in a ledger file is a sealed summary and one part per book (its lots): a report
/// reads the summary, and a part only when an event needs that book's lots. What it gives
/// must be what the fold that never stopped gives, and a changed byte anywhere must be caught.
@Suite("Snapshot summary: lots read only when needed")
struct SnapshotPartsTests {
    static let key = "fifo|pooled|USD"

    /// A ledger file whose log holds one event (a snapshot must sit on the chain), with a
    /// snapshot of `events` folded under `options` saved at it.
    func saved(_ events: [LedgerEvent], _ options: ValuationOptions) throws -> Ledger {
        let store = try Ledger(path: makeTemporaryDirectory() + "/books.ledger", mode: .createIfMissing)
        var make = Events(seed: 99)
        _ = try store.events.append([make.deposit("EUR", "1", on: "2024-01-01")]) { _ in }
        let head = try store.events.chainHead()
        let (summary, parts) = try #require(SnapshotCodec.sections(fold(events, options)))
        store.snapshots.save(
            SnapshotRecord(
                key: Self.key, sequence: head.count, head: head.hash, lastOccurred: Events.time("2024-01-01"),
                pricesVersion: 0, usesPrices: false, data: summary, parts: SnapshotParts(parts)))
        return store
    }

    /// Seeded buys of three assets over March, in order.
    func history(seed: UInt64) -> [LedgerEvent] {
        var random = SplitMix64(seed: seed)
        var make = Events(seed: seed)
        return (1...40).map { step in
            let asset = ["BTC", "ETH", "SOL"][Int(random.next() % 3)]
            let day = "2024-03-\(step < 18 ? "0" : "")\(1 + step / 2)"
            return make.buy(asset, "\(1 + random.next() % 9).\(random.next() % 100)", at: "\(100 + step)", on: day)
        }
    }

    func fold(_ events: [LedgerEvent], _ options: ValuationOptions) -> PortfolioState {
        var fold = PortfolioFold(options: options, prices: PriceTable(), recordingDisposals: false)
        for event in events { fold.apply(event) }
        return fold.state
    }

    func options(_ method: BookingMethod) -> ValuationOptions {
        ValuationOptions(method: method, perAccount: false, currency: sym("USD"), asOf: Events.time("2030-01-01"))
    }

    @Test(
        "from the summary, a later buy reads no lots and a sale reads its book's only; both equal the whole fold",
        arguments: [1, 2] as [UInt64])
    func buyThenSale(seed: UInt64) throws {
        let events = history(seed: seed)
        var make = Events(seed: seed &+ 100)
        let buy = make.buy("ETH", "2", at: "150", on: "2024-04-01")
        let sale = make.sell("BTC", "3.5", at: "170", on: "2024-04-02")
        for method in [BookingMethod.fifo, .lifo, .hifo] {
            let store = try saved(events, options(method))
            let record = try #require(try store.snapshots.valid(key: Self.key))
            #expect(record.parts.count == 3 && record.data.count < 2_000, "\(method): \(record.data.count) bytes")
            var resumed = PortfolioFold(
                state: try #require(
                    SnapshotCodec.decode(summary: record.data, parts: record.parts, options: options(method))),
                prices: PriceTable())
            resumed.apply(buy)
            #expect(record.parts.partsRead == 0, "\(method): a buy after the snapshot read lots")
            let afterBuy = resumed.state
            resumed.apply(sale)
            #expect(record.parts.partsRead == 1 && !record.parts.failed, "\(method): \(record.parts.partsRead)")
            // (Comparing lots reads every book's part: after the counts.)
            #expect(afterBuy.snapshot == fold(events + [buy], options(method)).snapshot, "\(method) buy")
            let whole = fold(events + [buy, sale], options(method))
            #expect(resumed.state.snapshot == whole.snapshot, "\(method): \(resumed.state.snapshot)")
            // Saved again from the resumed state: the parts carried over read back as the whole's.
            let (summary, parts) = try #require(SnapshotCodec.sections(resumed.state))
            #expect(SnapshotCodec.sections(whole).map { $0.summary == summary && $0.parts == parts } == true)
        }
    }

    @Test("a lot changed with plain SQL: the summary still serves, the sale that needs it fails, verify names it")
    func changedLots() throws {
        let store = try saved(history(seed: 3), options(.fifo))
        // The last byte of the BLOB is the last lot's of the last book (SOL): its flag.
        try store.database.execute(
            "UPDATE snapshots SET data = CAST(substr(data, 1, length(data) - 1) || X'07' AS BLOB)")
        let record = try #require(try store.snapshots.valid(key: Self.key))
        var resumed = PortfolioFold(
            state: try #require(
                SnapshotCodec.decode(summary: record.data, parts: record.parts, options: options(.fifo))),
            prices: PriceTable())
        var make = Events(seed: 7)
        resumed.apply(make.sell("BTC", "0.5", at: "170", on: "2024-04-02"))
        #expect(!record.parts.failed, "the BTC book's lots are intact")
        resumed.apply(make.sell("SOL", "0.5", at: "170", on: "2024-04-03"))
        #expect(record.parts.failed)
        let problems = try store.snapshots.problems()
        #expect(
            problems.map(\.reason) == [
                "the lots of its book #3 do not match the digest its seal covers: they were changed"
            ])
    }

    @Test("a summary changed with plain SQL is not used, and verify says its seal does not match")
    func changedSummary() throws {
        let store = try saved(history(seed: 4), options(.fifo))
        let frame = try #require(
            try store.snapshots.valid(key: Self.key).map {
                SnapshotFrame(summary: $0.data, parts: $0.parts.all() ?? [])
            })
        // A byte inside the summary (after the seal and the header), made different (SQL's
        // substr counts from 1).
        let at = LedgerSnapshots.sealSize + frame.headerSize + frame.summaryLength / 2
        try store.database.execute(
            """
            UPDATE snapshots SET data = CAST(substr(data, 1, \(at))
                || (CASE WHEN substr(data, \(at + 1), 1) = X'FF' THEN X'FE' ELSE X'FF' END) || substr(data, \(at + 2))
                AS BLOB)
            """)
        #expect(try store.snapshots.valid(key: Self.key) == nil)
        #expect(try store.snapshots.problems().map(\.reason).first?.contains("its seal does not match") == true)
    }
}
