import LedgerCore

/// `verify`'s holdings check folded from the events the chain walk visits, so that the log
/// is not read and decoded a second time for it (that pass was a sixth of `verify`'s CPU at
/// 1M events: docs/PERFORMANCE.md).
///
/// The walk visits events in sequence order; the holdings check needs the effective events
/// in replay order (occurred-at, then sequence). The two are the same events in the same
/// order exactly when no event is a void or a transfer link (nothing is cancelled or
/// replayed as another) and no event occurred before the one before it, which is how imports
/// and `add` usually leave a log. While that holds, the fold here is the replay's fold; from
/// the first event where it does not, nothing folded here is used and ``firstShortfall(else:)``
/// runs the separate pass.
struct WalkHoldings {
    private var book = PositionBook()
    private var shortfall: Shortfall?
    private var lastOccurred: Timestamp?
    /// Every event visited so far keeps the walk's order the replay's.
    private(set) var inReplayOrder = true

    /// Nothing folded: ``firstShortfall(else:)`` runs the separate pass (a check made without
    /// a walk, ``LedgerVerification/invariantProblem(in:)``).
    static var notFolded: WalkHoldings {
        var holdings = WalkHoldings()
        holdings.inReplayOrder = false
        return holdings
    }

    /// The next event of the walk, in sequence order.
    mutating func visit(_ event: LedgerEvent) {
        guard inReplayOrder else { return }
        if event.kind == .void || event.kind == .link || lastOccurred.map({ event.occurredAt < $0 }) == true {
            inReplayOrder = false
            book = PositionBook()
            return
        }
        lastOccurred = event.occurredAt
        // As the separate pass: nothing more is applied after the first shortfall, but the
        // order is still checked, since a later event could come first in replay order.
        book.apply(event, keepingFirst: &shortfall)
    }

    /// The first event, in replay order, that takes out more than was held: the one folded
    /// here when the walk's order was the replay order throughout, else `replay()`'s.
    func firstShortfall(else replay: () throws -> Shortfall?) rethrows -> Shortfall? {
        guard inReplayOrder else { return try replay() }
        return shortfall
    }
}
