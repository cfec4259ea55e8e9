import LedgerCore

/// The ledger's own events that count (voids and the events they cancel left out), in replay
/// order, one at a time: what an import merges its staged events with. Read from the packed
/// replay rows when they cover the log, else from the columns of `events`.
final class ExistingEvents {
    private let statement: SQLiteStatement
    private let voided: Set<EventID>
    private let packed: PackedEventDecoder?
    private let columns: EventRowDecoder?

    init(_ database: SQLiteDatabase, voided: Set<EventID>) throws {
        self.voided = voided
        if try ReplayRows.areComplete(database) {
            statement = try database.prepare("SELECT data, seq FROM event_replay ORDER BY occurred_at, seq")
            packed = PackedEventDecoder()
            columns = nil
        } else {
            statement = try database.prepare("SELECT \(EventColumns.list) FROM events ORDER BY occurred_at, seq")
            packed = nil
            columns = EventRowDecoder()
        }
    }

    /// The next event that counts, or nil at the end.
    func next() throws -> LedgerEvent? {
        while try statement.step() {
            let event = try decode()
            if event.kind == .void || voided.contains(event.id) { continue }
            return event
        }
        return nil
    }

    /// Ends the read (releasing its snapshot of the table).
    func finish() {
        statement.reset()
    }

    private func decode() throws -> LedgerEvent {
        if let columns { return try columns.event(from: statement) }
        guard let bytes = statement.borrowedBlob(0), let event = packed?.event(from: bytes) else {
            throw StoreError.corruptRecord("the replay row of event #\(statement.int(1)) does not decode")
        }
        return event
    }
}
