/// Events for ``PortfolioFold/apply(_:)-(FoldBatch)`` as a replay's reader hands them over: the
/// events in replay order, and the account names their indices refer to.
///
/// One batch crosses from the reader thread to the fold's at a time, with one array of plain
/// values inside, so handing over a batch costs a few reference counts, not several an event
/// (docs/PERFORMANCE.md, "Cold replay, thirty-first round").
public struct FoldBatch: Sendable {
    /// Events a batch holds at most: large enough that hand-overs are rare, small enough that
    /// the batches in flight stay in the cores' caches.
    public static let capacity = 256

    public var events: [FoldEvent] = []
    /// Every account name the reader has met so far, by index.
    public var names: [String] = []

    public init() {}

    public var isFull: Bool { events.count >= Self.capacity }
}

/// Account names by index, for a reader making ``FoldEvent``s.
public struct FoldNames: Sendable {
    public private(set) var names: [String] = []
    private var indices: [String: Int32] = [:]

    public init() {}

    /// The index of `name`, given the next one when new.
    public mutating func index(_ name: String) -> Int32 {
        if let index = indices[name] { return index }
        names.append(name)
        indices[name] = Int32(names.count - 1)
        return Int32(names.count - 1)
    }
}

/// Makes ``FoldBatch``es of events: what a store without replay rows hands the fold, and the
/// rare events a replay-row reader decodes in full (a linked withdrawal or deposit).
public struct FoldBatcher: Sendable {
    public var batch = FoldBatch()
    public var names = FoldNames()

    public init() {}

    /// Adds `event` to the batch.
    public mutating func add(_ event: LedgerEvent) {
        let view = FoldEvent(event) { names.index($0) }
        batch.events.append(view)
    }

    /// Hands the batch to `body` when it is full (or, with `all`, when it has any event), then
    /// starts the next in `spare`'s (a batch the fold is done with) or a new one.
    public mutating func flush(
        all: Bool = false, reusing spare: () -> FoldBatch? = { nil }, _ body: (FoldBatch) throws -> Void
    ) rethrows {
        guard batch.isFull || (all && !batch.events.isEmpty) else { return }
        batch.names = names.names
        try body(batch)
        batch = FoldBatch(reusing: spare())
    }
}

extension FoldBatch {
    /// An empty batch in `spare`'s storage (a batch the fold is done with), or a new one.
    public init(reusing spare: FoldBatch?) {
        self = spare ?? FoldBatch()
        events.removeAll(keepingCapacity: true)
        if events.capacity < Self.capacity { events.reserveCapacity(Self.capacity) }
    }
}
