import LedgerCore

/// The chain walk's fast path (``FastChainWalk``) on both cores, for `verify`: the range is
/// cut into blocks of rows, and two threads read and check them on two connections (the
/// ledger's and a ``SecondReader``), the even blocks on one and the odd on the other: each
/// reads its rows, writes and hashes the columns' JSON, decodes the replay row and compares
/// its event's JSON, as the one-connection walk does on its two threads. The calling thread
/// takes the blocks in order, checks that each links to the one before (the number and the
/// hash of its first row), and visits their events in sequence order.
///
/// Reading is most of the walk (SQLite stepping 34 columns, ~1.5 s of CPU at 1M events), and
/// one connection reads on one thread at a time: only a second connection lets both cores
/// read. Like the one-connection path it stops at the first row it cannot accept, and the
/// general walk goes on from the head reached, so every answer is the general walk's. Memory
/// stays bounded: a worker gets at most ``BatchPipe`` depth blocks ahead of the calling thread,
/// and the blocks are reused (``WalkBlocks``).
enum SplitChainWalk {
    /// Rows in a block: enough that linking and starting a block's reads are rare (~500 at
    /// 1M events), few enough that the blocks in flight hold a few megabytes of events.
    static let blockRows: Int64 = 2048

    /// Walks the events after `start` through `end` as ``FastChainWalk/run(_:after:through:chunks:visiting:)``
    /// does. Nil, with nothing visited, when the range is under two blocks, `second` does not
    /// see the snapshot `database` does (a commit came between) or no thread could be started:
    /// the caller walks on one connection.
    static func run(
        _ database: SQLiteDatabase, second: SecondReader, after start: ChainHead, through end: Int64,
        blockRows: Int64 = blockRows, visiting visit: (LedgerEvent) -> Void
    ) throws -> FastChainWalk.Outcome? {
        let last = min(end, try database.scalarInt("SELECT max(seq) FROM events") ?? 0)
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
            let channel = channels[worker]
            guard
                let thread = WorkerThread({
                    work(connection, blocks: Array(stride(from: worker, to: plan.blocks, by: 2)), plan, pool, channel)
                })
            else { return nil }
            threads.append(thread)
        }
        return try link(plan, channels, pool, from: start, visiting: visit)
    }

    /// The blocks of a walk: block `index` holds the events after `lower(index)` through
    /// `upper(index)`.
    struct Plan {
        let start: Int64
        let last: Int64
        let blockRows: Int64

        var blocks: Int { Int((last - start + blockRows - 1) / blockRows) }
        func lower(_ index: Int) -> Int64 { start + Int64(index) * blockRows }
        func upper(_ index: Int) -> Int64 { min(last, lower(index) + blockRows) }
    }

    /// The calling thread's part: each block in order, linked to the head before it, its events
    /// visited; the head after the last event accepted.
    private static func link(
        _ plan: Plan, _ channels: [BatchChannel<WalkBlock>], _ pool: WalkBlocks, from start: ChainHead,
        visiting visit: (LedgerEvent) -> Void
    ) throws -> FastChainWalk.Outcome {
        var head = start
        for index in 0..<plan.blocks {
            guard let block = try channels[index % 2].pop()?.first else { break }
            defer { pool.give(block) }
            guard let first = block.events.first, first.sequence == head.count + 1,
                block.firstPrevious.elementsEqual(head.hash.utf8)
            else { return FastChainWalk.Outcome(head: head, complete: false) }
            for event in block.events { visit(event) }
            head = block.head
            guard !block.stopped, head.count == plan.upper(index) else {
                return FastChainWalk.Outcome(head: head, complete: false)
            }
        }
        return FastChainWalk.Outcome(head: head, complete: head.count == plan.last)
    }

    /// A worker thread's part: its blocks read and checked on `database`, in order, each handed
    /// to the calling thread; it stops when the calling thread has.
    private static func work(
        _ database: SQLiteDatabase, blocks: [Int], _ plan: Plan, _ pool: WalkBlocks,
        _ channel: BatchChannel<WalkBlock>
    ) {
        var checker = FastChainWalk.Checker(head: ChainHead(count: 0, hash: ""))
        let chunk = WalkChunk(capacity: 64 * 1024)
        do {
            for index in blocks {
                let block = pool.take()
                try check(
                    database, after: plan.lower(index), through: plan.upper(index), into: block, checker: &checker,
                    chunk: chunk)
                guard channel.push([block]) else { return }
            }
            channel.finish(nil)
        } catch {
            channel.finish(error)
        }
    }

    /// Reads the events after `lower` through `upper` and checks each as the one-connection
    /// walk does (the first one's link aside: the calling thread has the hash before it), up to
    /// the first it cannot accept.
    private static func check(
        _ database: SQLiteDatabase, after lower: Int64, through upper: Int64, into block: WalkBlock,
        checker: inout FastChainWalk.Checker, chunk: WalkChunk
    ) throws {
        let rows = try WalkRows(database, after: ChainHead(count: lower, hash: ""), through: upper)
        defer { rows.reset() }
        let reader = FastChainWalk.Reader(covered: rows.covered, replay: rows.replay)
        checker.restart(after: lower)
        while try rows.statement.step() {
            chunk.clear()
            try reader.row(rows.statement) { bound in
                chunk.reserve(bound)
                return chunk
            }
            guard let row = chunk.rows.first, let event = checker.accepts(row, of: chunk) else {
                block.stopped = true
                break
            }
            if block.events.isEmpty { block.firstPrevious = Array(chunk.bytes(of: row, to: 64)) }
            block.events.append(event)
        }
        block.head = checker.head
    }
}

/// The checked events of one block of a ``SplitChainWalk``, handed from a worker thread to the
/// calling one and given back to be filled again (its array's room kept).
final class WalkBlock: @unchecked Sendable {
    var events: [LedgerEvent] = []
    /// The stored `prev_hash` of the first event (64 hex digits).
    var firstPrevious: [UInt8] = []
    /// The head after the last event accepted.
    var head = ChainHead(count: 0, hash: "")
    /// The worker stopped at an event it could not accept.
    var stopped = false
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
        block.events.removeAll(keepingCapacity: true)
        block.firstPrevious = []
        block.stopped = false
        monitor.locked { free.append(block) }
    }
}
