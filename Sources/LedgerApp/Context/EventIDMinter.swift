import LedgerCore
import Synchronization

/// Mints the ids of one process's events: time-ordered ULIDs that increase strictly from one
/// call to the next, on any thread (see ``EventID/following(_:milliseconds:random:)``).
///
/// A reference shared by every copy of an ``AppContext`` (and of the CLI's environment), so an
/// import's parse thread and its main thread draw from one sequence.
public final class EventIDMinter: Sendable {
    private let last = Mutex<EventID?>(nil)

    /// The process's minter: what an ``AppContext`` uses unless it is given its own.
    public static let process = EventIDMinter()

    public init() {}

    /// The next id at `milliseconds`; `random` is asked for bits only when the clock has moved on.
    public func next(milliseconds: UInt64, random: () -> (UInt16, UInt64)) -> EventID {
        last.withLock { previous in
            let id = EventID.following(previous, milliseconds: milliseconds, random: random)
            previous = id
            return id
        }
    }
}
