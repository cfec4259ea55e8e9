import LedgerCore
import LedgerStore

/// An import into books that are not a ledger file: a user's books in the server's database
/// (issue 38). The import is the ledger file's own — its staging, its checks and its rule of all
/// or nothing are SQLite's (``SQLiteImportSession``) — run on a scratch ledger that holds a copy
/// of the books' log and settings. What it added is then written to the books by one append
/// (the prices its rows stated just before), under their head lock, only while their head is
/// still where the copy left it; otherwise no event is written and the import is refused
/// (``AppError/booksMovedDuringImport``), so importing again checks against the log as it is
/// then. The added events link after the books' head as they linked after the copy's: the same
/// chain bytes as an import into a ledger file. The import's receipts (one per file, as a
/// ledger file keeps them) are added in the append's transaction, so the books hold the events
/// and their receipt or neither; a file that added nothing still leaves its receipt, as it does
/// in a ledger file.
public enum BooksImportTarget {
    /// Events copied into the scratch ledger per append (bounds the memory of a long log).
    static let copyBatch = 10_000

    /// Runs `body` (the import) on a scratch ledger made beside `scratch` (a path in a private
    /// directory) and removed after; then, unless `dryRun`, writes what it added to `books`.
    public static func run(
        into books: any BookStores, scratch: String, dryRun: Bool, notices: any NoticeSink,
        _ body: (Ledger) throws -> Void
    ) throws {
        TemporaryFile.removeStale(beside: scratch, reporting: notices)
        let staged = try stage(books, scratch: scratch, body)
        guard !dryRun, !staged.events.isEmpty || !staged.receipts.isEmpty else { return }
        let unmoved = {
            guard try books.events.chainHead() == staged.head else { throw AppError.booksMovedDuringImport }
        }
        try unmoved()
        // The prices the rows stated go first, in a transaction of their own: market data keyed
        // by pair, time and source, so a run stopped before the append leaves only rows that
        // the next import records again (never twice), while the events are all in or none.
        for (fetchedAt, prices) in staged.prices { try books.prices.record(prices, fetchedAt: fetchedAt) }
        _ = try books.events.append(staged.events) { _ in
            try unmoved()
            try books.imports.add(staged.receipts)
        }
    }

    /// What the import added on the scratch ledger: the books' head it was copied at, the
    /// events after it, the prices recorded (grouped by their fetch time) and the receipts.
    struct Staged {
        var head: ChainHead
        var events: [LedgerEvent] = []
        var prices: [(Timestamp, [PriceObservation])] = []
        var receipts: [ImportReceipt] = []
    }

    /// The scratch ledger's part: copy, import, read back what was added.
    private static func stage(_ books: any BookStores, scratch: String, _ body: (Ledger) throws -> Void) throws
        -> Staged
    {
        let temporary = try TemporaryFile(beside: scratch, kind: .database)
        defer { temporary.discard() }
        return try stage(books, at: temporary.path, body)
    }

    /// ``stage(_:scratch:_:)`` on the scratch file at `path`, whose connection closes when this
    /// returns, before the file is removed (closing a descriptor of an open database drops its
    /// connection's locks).
    private static func stage(_ books: any BookStores, at path: String, _ body: (Ledger) throws -> Void) throws
        -> Staged
    {
        let store = try Ledger(path: path, mode: .createIfMissing)
        return try store.withRollbackJournal {
            var staged = Staged(head: try copy(books, into: store))
            try body(store)
            try store.events.forEachEvent { event in
                if event.sequence > staged.head.count { staged.events.append(event) }
            }
            let recorded = try store.prices.observations(asset: nil)
            staged.prices = Dictionary(grouping: recorded, by: \.fetchedAt).sorted { $0.key < $1.key }.map {
                ($0.key, $0.value.map(\.observation))
            }
            // The copy writes no receipt: every one the scratch holds is this import's.
            staged.receipts = try store.imports.receipts()
            return staged
        }
    }

    /// Copies the books' settings and their log up to its head into `store`; the head.
    private static func copy(_ books: any BookStores, into store: Ledger) throws -> ChainHead {
        for (key, value) in try books.settings.allSettings().sorted(by: { $0.key < $1.key }) {
            try store.settings.setSetting(key, value)
        }
        // The head first: appends only add, so every event up to it is there when the log is read.
        let head = try books.events.chainHead()
        var batch: [LedgerEvent] = []
        let flush = {
            guard !batch.isEmpty else { return }
            _ = try store.events.append(batch) { _ in }
            batch.removeAll(keepingCapacity: true)
        }
        try store.events.withInsertChecksDeferred {
            try books.events.forEachEvent { event in
                guard event.sequence <= head.count else { return }
                batch.append(event)
                if batch.count == copyBatch { try flush() }
            }
            try flush()
        }
        return head
    }
}
