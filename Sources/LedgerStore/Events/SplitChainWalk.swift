import LedgerCore

/// The chain walk's fast path (``FastChainWalk``) on two connections, for `verify`: the range
/// is cut into blocks of rows, and two threads read and check them, the even blocks on the
/// ledger's connection and the odd ones on a ``SecondReader`` in the same snapshot. Each
/// reads its rows, writes and hashes the columns' JSON and compares the replay row's event, as
/// the one-connection walk's two threads do; the calling thread takes the blocks in order,
/// holds each block's first link to the hash before it (the one link a block cannot check),
/// and visits the events in sequence order.
///
/// Why: SQLite stepping the 34 columns is most of the walk's reading thread, and that thread
/// bounded the walk (docs/PERFORMANCE.md, "Open", `verify`); one connection steps on one
/// thread at a time. Like the one-connection path, it stops at the first row it cannot accept
/// and the general walk goes on from the head reached, so every break is found and worded as
/// before. Memory stays bounded: a worker gets at most ``BatchPipe`` depth blocks ahead, and
/// the blocks and their events' boxes are reused (``WalkBlocks``).
enum SplitChainWalk {
    /// Rows in a block: linking and starting a block's statements are rare (~250 blocks at 1M
    /// events), and the blocks in flight hold a few megabytes of events.
    static let blockRows: Int64 = 4096

    /// Walks the events after `start` through `end` as ``FastChainWalk/run(_:after:through:chunks:visiting:)``
    /// does. Nil, with nothing visited, when the range is under two blocks, `second` does not
    /// see the snapshot `database` does (a commit came between), or no thread could be
    /// started: the caller walks on one connection.
    static func run(
        _ database: SQLiteDatabase, second: SecondReader, after start: ChainHead, through end: Int64,
        blockRows: Int64 = blockRows, visiting visit: (LedgerEvent) -> Void
    ) throws -> FastChainWalk.Outcome? {
        // The ledger's snapshot is taken by this first read, before the second connection's.
        let last = min(end, try ReplayRows.eventCount(database))
        guard last - start.count >= 2 * blockRows, try second.begin() else { return nil }
        defer { second.end() }
        let plan = Plan(start: start.count, last: last, blockRows: blockRows)
        let pool = WalkBlocks()
        let channels = [BatchChannel<WalkBlock>(), BatchChannel<WalkBlock>()]
        var threads: [WorkerThread] = []
        defer {
            for channel in channels { channel.cancel() }
            for thread in threads { thread.join() }
        }
        for (worker, connection) in [database, second.database].enumerated() {
            let blocks = stride(from: worker, to: plan.blocks, by: 2)
            guard let thread = WorkerThread({ work(connection, blocks, plan, pool, channels[worker]) }) else {
                return nil
            }
            threads.append(thread)
        }
        return try link(plan, channels, pool, from: start, visiting: visit)
    }

    /// The blocks of a walk: block `index` holds the events after `lower(index)` through
    /// `upper(index)`. `last` is the largest `seq`, which a tampered ledger may set to anything
    /// up to `Int64.max`: nothing here overflows, and the workers step their blocks lazily (the
    /// first block short of its end hands the walk back to the general one).
    struct Plan {
        let start: Int64
        let last: Int64
        let blockRows: Int64

        var blocks: Int {
            let rows = last - start
            return Int(rows / blockRows + (rows % blockRows == 0 ? 0 : 1))
        }
        func lower(_ index: Int) -> Int64 { start + Int64(index) * blockRows }
        func upper(_ index: Int) -> Int64 { lower(index) + min(blockRows, last - lower(index)) }
    }

    /// The calling thread's part: each block in order, its first row linked to the head before
    /// it, its events visited; the head after the last event accepted.
    private static func link(
        _ plan: Plan, _ channels: [BatchChannel<WalkBlock>], _ pool: WalkBlocks, from start: ChainHead,
        visiting visit: (LedgerEvent) -> Void
    ) throws -> FastChainWalk.Outcome {
        var head = start
        for index in 0..<plan.blocks {
            guard let block = try channels[index % 2].pop()?.first else { break }
            defer { pool.give(block) }
            guard !block.events.isEmpty, block.firstPrevious.elementsEqual(head.hash.utf8) else {
                return FastChainWalk.Outcome(head: head, complete: false)
            }
            for event in block.events { visit(event) }
            head = block.head
            guard head.count == plan.upper(index) else {
                return FastChainWalk.Outcome(head: head, complete: false)
            }
        }
        return FastChainWalk.Outcome(head: head, complete: head.count == plan.last)
    }

    /// A worker thread's part: its blocks read and checked on `database`, in order, each handed
    /// to the calling thread; it stops when the calling thread has.
    private static func work(
        _ database: SQLiteDatabase, _ blocks: StrideTo<Int>, _ plan: Plan, _ pool: WalkBlocks,
        _ channel: BatchChannel<WalkBlock>
    ) {
        var worker = Worker()
        do {
            for index in blocks {
                let block = pool.take()
                try worker.check(database, after: plan.lower(index), through: plan.upper(index), into: block)
                guard channel.push([block]) else { return }
            }
            channel.finish(nil)
        } catch {
            channel.finish(error)
        }
    }

    /// One worker's checker and row buffer, kept from block to block (a struct in a local of
    /// its thread: no run-time exclusivity checks).
    private struct Worker {
        var checker = FastChainWalk.Checker(head: ChainHead(count: 0, hash: HashChain.genesis))
        let chunk = WalkChunk(capacity: 64 * 1024)

        /// Reads the events after `lower` through `upper` into `block`, each checked as the
        /// one-connection walk checks it (but the first one's link: the calling thread has the
        /// hash before it), up to the first it cannot accept.
        mutating func check(_ database: SQLiteDatabase, after lower: Int64, through upper: Int64, into block: WalkBlock)
            throws
        {
            let rows = try WalkRows(database, after: ChainHead(count: lower, hash: HashChain.genesis), through: upper)
            defer { rows.reset() }
            var reader = FastChainWalk.Reader(covered: rows.covered, replay: rows.replay)
            let chunk = chunk
            var spares = block.takeSpares()
            while try rows.statement.step() {
                chunk.clear()
                try reader.row(rows.statement) { bound in
                    chunk.reserve(bound)
                    return chunk
                }
                let row = chunk.rows[0]
                if block.events.isEmpty {
                    guard row.end - row.start >= 128 else { break }
                    block.firstPrevious.append(contentsOf: chunk.bytes(of: row, to: 64))
                    checker.restart(after: lower, previous: chunk.bytes(of: row, to: 64))
                }
                checker.spare = spares.popLast()
                guard let event = checker.accepts(row, of: chunk) else { break }
                block.events.append(event)
            }
            checker.spare = nil
            block.head = checker.head
        }
    }
}

/// The checked events of one block of a ``SplitChainWalk``, handed from a worker thread to the
/// calling one and given back to be filled again: its arrays' room kept, and its events'
/// boxes written again by the next block's decoding (not allocated on one thread and freed on
/// the other).
final class WalkBlock: @unchecked Sendable {
    var events: [LedgerEvent] = []
    /// The stored `prev_hash` of the first event (64 hex digits).
    var firstPrevious: [UInt8] = []
    /// The head after the last event accepted (short of the block's end when the worker
    /// stopped at an event it could not accept).
    var head = ChainHead(count: 0, hash: HashChain.genesis)
    /// The events of the block before, visited: boxes to write the next events into.
    private var spares: [LedgerEvent] = []

    /// Empties the block for a worker, handing it the visited events to write into.
    func takeSpares() -> [LedgerEvent] {
        defer { spares = [] }
        return spares
    }

    /// The block is visited: its events become spares, the rest is emptied.
    func clear() {
        swap(&events, &spares)
        events.removeAll(keepingCapacity: true)
        firstPrevious.removeAll(keepingCapacity: true)
    }
}

/// The blocks of one walk: as many are made as are in flight at once.
final class WalkBlocks: @unchecked Sendable {
    private let monitor = Monitor()
    private var free: [WalkBlock] = []

    func take() -> WalkBlock {
        monitor.locked { free.popLast() } ?? WalkBlock()
    }

    /// `block` is visited: it may be filled again.
    func give(_ block: WalkBlock) {
        block.clear()
        monitor.locked { free.append(block) }
    }
}
