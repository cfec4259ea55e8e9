import LedgerCore
import LedgerTestSupport
import Testing

@testable import LedgerStore

#if canImport(Glibc)
import Glibc
#endif

/// An import's streaming append encodes chunks on either of two threads and links their hashes
/// afterwards (``AssistedWorker``, ``ChainLinker``): the log must be the one a plain append
/// writes, and the worker must hand results back in order whoever computed them.
@Suite("Streaming append")
struct StreamingAppendTests {
    func newStore() throws -> Ledger {
        try Ledger(path: makeTemporaryDirectory() + "/books.ledger", mode: .createIfMissing)
    }

    func streamed(_ events: some Sequence<LedgerEvent>, into store: Ledger) throws -> Int {
        var iterator = events.makeIterator()
        return try store.database.immediateTransaction {
            try EventAppender.appendStreaming(to: store.database) { iterator.next() }
        }
    }

    @Test(
        "streamed in chunks, after events already there, the log is the one a plain append writes",
        arguments: [20, 200, 1_500])
    func sameLog(count: Int) throws {
        var options = RandomLedger.Options()
        options.count = count
        let events = RandomLedger(seed: UInt64(count), options: options).events
        let plain = try newStore()
        let streaming = try newStore()
        let memory = InMemoryEventStore()
        _ = try plain.events.append(events) { _ in }
        _ = try memory.append(events) { _ in }
        // Two streamed appends: the second continues the chain the first left.
        _ = try streaming.events.append(Array(events.prefix(10))) { _ in }
        #expect(try streamed(events.dropFirst(10).prefix(100), into: streaming) == min(100, max(0, events.count - 10)))
        #expect(try streamed(events.dropFirst(110), into: streaming) == max(0, events.count - 110))

        #expect(try streaming.events.chainHead() == plain.events.chainHead())
        #expect(try streaming.events.chainHead() == memory.chainHead())
        let hashes = "SELECT seq || ' ' || prev_hash || ' ' || hash FROM events ORDER BY seq"
        #expect(try streaming.database.textColumn(hashes) == plain.database.textColumn(hashes))
        #expect(try streaming.events.verifyChain().firstBreak == nil)
        #expect(
            try ReplayRowsTests().effective(streaming, packed: true) == ReplayRowsTests().effective(plain, packed: true)
        )
    }

    @Test("results come back in order, each once, however the two threads share the items")
    func order() throws {
        let worker = AssistedWorker<Int, Int> { item in
            // Uneven work, so that either thread finishes items out of order.
            if item % 7 == 0 { usleep(200) }
            return item * 2
        }
        var results: [Int] = []
        for item in 0..<500 {
            worker.submit(item)
            if item % 5 == 4 { results.append(try #require(try worker.next())) }
        }
        while let result = try worker.next() { results.append(result) }
        worker.stop()
        #expect(results == (0..<500).map { $0 * 2 })
    }

    @Test("the calling thread transforms waiting items instead of waiting for the worker")
    func callerHelps() throws {
        // Item 0 holds the worker thread until item 1 has been transformed: only the calling
        // thread, waiting for item 0, can do that. Without its help item 0 gives up after 10 s.
        let itemOneDone = Flag()
        let worker = AssistedWorker<Int, Bool> { item in
            if item == 1 {
                itemOneDone.set()
                return true
            }
            return itemOneDone.wait(seconds: 10)
        }
        worker.submit(0)
        usleep(20_000) // the worker thread has taken item 0
        worker.submit(1)
        #expect(try worker.next() == true)
        #expect(try worker.next() == true)
        #expect(try worker.next() == nil)
        worker.stop()
    }

    @Test("an item's error comes back in its place; the items around it still do")
    func errorInPlace() throws {
        struct Refused: Error {}
        let worker = AssistedWorker<Int, Int> { item in
            if item == 3 { throw Refused() }
            return item
        }
        for item in 0..<6 { worker.submit(item) }
        for item in 0..<3 { #expect(try worker.next() == item) }
        #expect(throws: Refused.self) { try worker.next() }
        for item in 4..<6 { #expect(try worker.next() == item) }
        worker.stop()
    }
}

/// A one-shot signal between threads, with a timeout.
private final class Flag: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var isSet = false

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(mutex)
        changed.deallocate()
        mutex.deallocate()
    }

    func set() {
        pthread_mutex_lock(mutex)
        isSet = true
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(mutex)
    }

    /// True when set within `seconds`.
    func wait(seconds: Int) -> Bool {
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        deadline.tv_sec += seconds
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !isSet { if pthread_cond_timedwait(changed, mutex, &deadline) != 0 { break } }
        return isSet
    }
}
