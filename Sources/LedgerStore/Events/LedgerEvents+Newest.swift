import LedgerCore

extension LedgerEvents {
    /// Visits events newest first in replay order (occurred-at, then sequence, descending),
    /// voids included, until `body` returns false — so `ledger log --limit 20` reads twenty
    /// rows from the `events_replay` index instead of decoding the whole log.
    public func forEachEventNewestFirst(_ body: (LedgerEvent) throws -> Bool) throws {
        try ledger.guarded {
            try database.readTransaction {
                let statement = try database.prepare(
                    "SELECT \(EventColumns.list) FROM events ORDER BY occurred_at DESC, seq DESC")
                defer { statement.reset() }
                let decoder = EventRowDecoder()
                while try statement.step() {
                    guard try body(try decoder.event(from: statement)) else { break }
                }
            }
        }
    }

    /// Every void, in log order (few, even in a long log).
    public func voidEvents() throws -> [LedgerEvent] {
        try ledger.guarded {
            try self.query("SELECT \(EventColumns.list) FROM events WHERE kind = 'void' ORDER BY seq", [])
        }
    }
}
