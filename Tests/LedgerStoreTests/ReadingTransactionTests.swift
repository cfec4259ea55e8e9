import LedgerCore
import LedgerTestSupport
import Testing

@testable import LedgerStore

/// ``BookStores/reading(_:)``: a report's reads in one transaction (one lock, one state of the
/// books), the replay's own read transaction inside it, and a write after it.
@Suite("Reading in one transaction")
struct ReadingTransactionTests {
    @Test("reads inside see one state while another connection writes; the replay runs inside; a save follows")
    func oneStateThenSave() throws {
        let path = makeTemporaryDirectory() + "/books.ledger"
        let reader = try Ledger(path: path, mode: .createIfMissing)
        var make = Events()
        _ = try reader.events.append([make.deposit("USD", "100", on: "2024-01-01")]) { _ in }
        let writer = try Ledger(path: path, mode: .mustExist)
        let price = PriceObservation(
            asset: sym("BTC"), quote: sym("USD"), observedAt: Events.time("2024-01-05"), price: dec("31000"),
            source: "test")
        let (before, during, replayed) = try reader.reading {
            let before = try reader.prices.version()
            try writer.prices.record([price], fetchedAt: Events.time("2024-01-06"))
            var count = 0
            // Nested: the replay's read transaction is this one, not a second BEGIN.
            try reader.events.forEachEffectiveEvent(through: Timestamp(secondsSinceEpoch: .max)) { _ in count += 1 }
            return (before, try reader.prices.version(), count)
        }
        #expect(during == before, "a read inside saw a write made after the transaction began")
        #expect(replayed == 1)
        #expect(try reader.prices.version() != before, "after it, the write is seen")
        let head = try reader.events.chainHead()
        reader.snapshots.save(
            SnapshotRecord(
                key: "fifo", sequence: head.count, head: head.hash, lastOccurred: Events.time("2024-01-01"),
                pricesVersion: try reader.prices.version(), usesPrices: false, data: [1, 2, 3]))
        #expect(try reader.snapshots.valid(key: "fifo")?.data == [1, 2, 3])
    }
}
