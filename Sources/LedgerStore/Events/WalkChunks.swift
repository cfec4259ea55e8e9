/// The fast chain walk's rows (``FastChainWalk``) as the reading thread hands them to the
/// checking one: written one after another into a chunk's one buffer, the chunk handed over
/// whole and given back (``WalkChunks``) to be written again once it is checked. A row then
/// costs no allocation on either thread: a buffer per row, made on one thread and freed on the
/// other, cost the walk about a tenth of its CPU in `malloc`, `free` and the pages the reading
/// thread's heap took back and faulted in again (docs/PERFORMANCE.md, "Open").
final class WalkChunk: @unchecked Sendable {
    /// One row: its sequence, and where its bytes are in the chunk: the stored `prev_hash`
    /// and `hash` (64 hex digits each), the columns' canonical JSON, then the replay row from
    /// `replayStart` to `end`. No bytes (`end == start`) when the row has no such hashes or
    /// replay row.
    struct Row {
        let sequence: Int64
        let start: Int
        let replayStart: Int
        let end: Int
    }

    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int
    private(set) var used = 0
    private(set) var rows: [Row] = []

    init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// There is room for `bound` more bytes.
    func fits(_ bound: Int) -> Bool { capacity - used >= bound }

    /// Makes room for `bound` bytes in an empty chunk (a row larger than a chunk).
    func reserve(_ bound: Int) {
        guard used == 0, capacity < bound else { return }
        base.deallocate()
        base = .allocate(capacity: bound)
        capacity = bound
    }

    /// A row with no bytes.
    func addUnsound(_ sequence: Int64) {
        rows.append(Row(sequence: sequence, start: used, replayStart: used, end: used))
    }

    /// A row written by `write` at the first free byte, which it may fill up to `bound` bytes
    /// (the caller made room: ``fits(_:)``); it returns where the replay row starts and how
    /// many bytes it wrote.
    func add(_ sequence: Int64, bound: Int, _ write: (UnsafeMutablePointer<UInt8>) -> (replayStart: Int, count: Int)) {
        precondition(fits(bound), "a walked row was written past its chunk")
        let written = write(base + used)
        precondition(written.count <= bound, "a walked row was longer than its bound")
        rows.append(
            Row(sequence: sequence, start: used, replayStart: used + written.replayStart, end: used + written.count))
        used += written.count
    }

    /// The bytes of `row`, from `offset` (relative to the row's start) to `end` (its end when nil).
    func bytes(of row: Row, from offset: Int = 0, to end: Int? = nil) -> UnsafeBufferPointer<UInt8> {
        let upper = end.map { row.start + $0 } ?? row.end
        return UnsafeBufferPointer(start: base + row.start + offset, count: upper - row.start - offset)
    }

    /// Empties the chunk for the next rows (its buffer kept).
    func clear() {
        used = 0
        rows.removeAll(keepingCapacity: true)
    }
}

/// The chunks of one walk: the checking thread gives each back once checked, and the reading
/// thread takes it again, so a walk makes as many as are in flight at once (the pipe's depth
/// and one on each side), not one per batch.
final class WalkChunks: @unchecked Sendable {
    /// Rows a chunk is handed over with, and the bytes it starts with (a row of the 1M
    /// benchmark ledger is ~600 bytes: the row count fills it first). Smaller in tests, to
    /// cross many chunks and rows larger than one.
    let rowsPerChunk: Int
    private let capacity: Int

    private let monitor = Monitor()
    private var free: [WalkChunk] = []

    init(rowsPerChunk: Int = 256, capacity: Int = 256 * 1024) {
        self.rowsPerChunk = rowsPerChunk
        self.capacity = capacity
    }

    /// An empty chunk: one given back, else a new one.
    func take() -> WalkChunk {
        monitor.locked { free.popLast() } ?? WalkChunk(capacity: capacity)
    }

    /// `chunk` is checked: it may be written again.
    func give(_ chunk: WalkChunk) {
        chunk.clear()
        monitor.locked { free.append(chunk) }
    }
}
