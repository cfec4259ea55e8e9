import LedgerCore
import LedgerStore
import LedgerTestSupport
import Testing

/// A snapshot's row is written in place (zero-filled BLOBs, then the bytes and the seal), so
/// what is read back must be exactly what was saved, sealed, and one row per key.
@Suite("Snapshot save: the bytes written in place")
struct SnapshotSaveTests {
    func ledger() throws -> (Ledger, ChainHead) {
        let store = try Ledger(path: makeTemporaryDirectory() + "/books.ledger", mode: .createIfMissing)
        var make = Events()
        for day in 1...3 {
            _ = try store.events.append([make.deposit("BTC", "\(day)", on: "2024-01-0\(day)")]) { _ in }
        }
        return (store, try store.events.chainHead())
    }

    func record(_ key: String, head: ChainHead, data: [UInt8]) -> SnapshotRecord {
        SnapshotRecord(
            key: key, sequence: head.count, head: head.hash, lastOccurred: Events.time("2024-01-03T00:00:00Z"),
            pricesVersion: 0, usesPrices: false, data: data)
    }

    /// Seeded bytes, no run of zeros: a BLOB left zero-filled would not read back equal.
    func bytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in UInt8(1 + random.next() % 255) }
    }

    @Test(
        "saved, read back byte for byte and sealed; saved again under the key, replaced",
        arguments: [1, 2] as [UInt64])
    func roundTrip(seed: UInt64) throws {
        let (store, head) = try ledger()
        // Larger than a page, so the bytes span overflow pages; then smaller, then empty.
        for (step, size) in [300_000, 5_000, 0].enumerated() {
            let data = bytes(size, seed: seed &+ UInt64(step))
            store.snapshots.save(record("fifo|pooled|USD", head: head, data: data))
            let read = try store.snapshots.valid(key: "fifo|pooled|USD")
            #expect(read?.data == data, "step \(step): \(read?.data.count ?? -1) bytes read back of \(size)")
        }
        store.snapshots.save(record("lifo|pooled|USD", head: head, data: bytes(70_000, seed: seed)))
        #expect(try store.snapshots.valid(key: "lifo|pooled|USD")?.data == bytes(70_000, seed: seed))
        #expect(try store.snapshots.valid(key: "fifo|pooled|USD")?.data == [])
        #expect(try store.snapshots.problems().isEmpty)
    }

    @Test("a snapshot saved for another head is not valid")
    func otherHead() throws {
        let (store, head) = try ledger()
        let other = ChainHead(count: head.count, hash: String(repeating: "a", count: 64))
        store.snapshots.save(record("fifo|pooled|USD", head: other, data: bytes(10_000, seed: 9)))
        #expect(try store.snapshots.valid(key: "fifo|pooled|USD") == nil)
        #expect(try store.snapshots.problems().map(\.key) == ["fifo|pooled|USD"])
    }
}
