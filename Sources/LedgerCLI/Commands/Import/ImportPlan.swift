import LedgerCore
import LedgerStore

/// Decides, under the write lock, which rows of an import are new and whether the ledger
/// stays consistent with them: voids must name known events, and nothing may take out more
/// than is held.
struct ImportPlan {
    let rows: [(line: Int, event: LedgerEvent)]
    private(set) var newCount = 0
    private(set) var presentCount = 0

    init(rows: [(line: Int, event: LedgerEvent)]) {
        self.rows = rows
    }

    /// The events not in the ledger yet (by id), in file order.
    mutating func fresh(in reader: any EventReading) throws -> [LedgerEvent] {
        let known = Set(try reader.allEvents().map(\.id))
        var seen = Set<EventID>()
        let fresh = rows.map(\.event).filter { !known.contains($0.id) && seen.insert($0.id).inserted }
        newCount = fresh.count
        presentCount = rows.count - fresh.count
        return fresh
    }

    /// Problems as `LINE: reason`, empty when the import may go ahead.
    mutating func check(against reader: any EventReading) throws -> [String] {
        let existing = try reader.allEvents()
        let fresh = try fresh(in: reader)
        let lineOf = Dictionary(rows.map { ($0.event.id, $0.line) }, uniquingKeysWith: { first, _ in first })
        let ids = Set(existing.map(\.id) + fresh.map(\.id))
        var problems: [String] = []
        for event in fresh {
            if case .void(let target, _) = event.action, !ids.contains(target) {
                problems.append("\(lineOf[event.id] ?? 0): void of \(target), which is neither in the ledger nor in the file")
            }
        }
        // Renumber the new events after the existing ones so replay order is decided as it will be.
        var next = (existing.last?.sequence ?? 0)
        let numbered = fresh.map { event -> LedgerEvent in
            var copy = event
            next += 1
            copy.sequence = next
            return copy
        }
        if let shortfall = PositionBook.firstShortfall(in: existing + numbered, keys: nil),
           let line = lineOf[shortfall.event.id] {
            problems.append("\(line): takes \(shortfall.needed) \(shortfall.key.asset) from '\(shortfall.key.account)' where \(shortfall.held) \(shortfall.key.asset) is held")
        }
        return problems
    }
}
