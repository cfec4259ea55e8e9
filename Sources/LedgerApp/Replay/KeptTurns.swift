import Synchronization

/// Whose turn it is to make a kept answer (``PortfolioCache``, ``ReturnsCache``): requests
/// that miss the same view together wait for the first to make it and then find it kept, so
/// a view is made once however many ask for it at once (a single flight), not once per
/// request in flight. A server's two cores were spent on the same replay many times over
/// (docs/PERFORMANCE.md, "`ledger serve` on PostgreSQL under load").
final class KeptTurns: Sendable {
    /// One view's turn: held while its answer is made.
    final class Turn: Sendable {
        let mutex = Mutex(())
    }

    private let turns = Mutex<[String: Turn]>([:])
    /// How many views have a turn before all are dropped (a bound, not an eviction policy; a
    /// turn dropped while held only lets one more request make the same answer).
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// `body` in `view`'s turn: one caller at a time per view, the others waiting.
    func taking<T: Sendable>(_ view: String, _ body: () throws -> T) throws -> T {
        let turn = turns.withLock { turns in
            if turns.count >= capacity { turns.removeAll() }
            if let turn = turns[view] { return turn }
            let turn = Turn()
            turns[view] = turn
            return turn
        }
        return try turn.mutex.withLock { _ throws -> T in try body() }
    }
}
