import LedgerCore
import LedgerRender
import LedgerStore

/// Refuses events that would take out more of an asset than an account holds, at the event's
/// date or at any later event it would leave short.
enum HoldingsGuard {
    /// Checks `draft` against the log in `reader` (inside the append's write lock).
    static func check(_ draft: LedgerEvent, against reader: any EventReading) throws {
        let keys = Set(draft.quantityChanges.filter(\.mustBeHeld).map(\.key))
        guard !keys.isEmpty else { return }
        // The draft is not numbered yet; it will follow every stored event.
        var probe = draft
        probe.sequence = Int64.max
        let events = try reader.events(touching: Set(keys.map(\.asset))) + [probe]
        if let shortfall = PositionBook.firstShortfall(in: events, from: probe, keys: keys) {
            throw CommandError.data(message(shortfall, draft: draft))
        }
    }

    /// Checks that cancelling `target` leaves no later event short.
    static func checkVoid(of target: LedgerEvent, against reader: any EventReading) throws {
        let events = try reader.events(touching: target.touchedAssets).filter { $0.id != target.id }
        let keys = Set(target.quantityChanges.map(\.key))
        if let shortfall = PositionBook.firstShortfall(in: events, from: target, keys: keys) {
            let held = "\(shortfall.held) \(shortfall.key.asset) would be held"
            throw CommandError.data(
                "cannot void #\(target.sequence): #\(shortfall.event.sequence) on \(shortfall.event.occurredAt.date) (\(EventSummary.describe(shortfall.event))) needs \(shortfall.needed) \(shortfall.key.asset) in '\(shortfall.key.account)' and only \(held); void that event first"
            )
        }
    }

    static func message(_ shortfall: Shortfall, draft: LedgerEvent) -> String {
        let key = shortfall.key
        let held = "\(shortfall.held) \(key.asset)"
        if shortfall.event.id == draft.id {
            return
                "not enough \(key.asset) in '\(key.account)': this \(draft.kind) needs \(shortfall.needed) \(key.asset) and \(held) is held on \(draft.occurredAt.compactDescription); record the deposit, buy or transfer that brought it in first"
        }
        return
            "recording this \(draft.kind) would leave #\(shortfall.event.sequence) on \(shortfall.event.occurredAt.date) (\(EventSummary.describe(shortfall.event))) short: it needs \(shortfall.needed) \(key.asset) in '\(key.account)' and only \(held) would be held"
    }
}
