import LedgerCore
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
            throw HoldingsError.shortfall(shortfall, draft: draft)
        }
    }

    /// Checks that cancelling `target` leaves no later event short.
    static func checkVoid(of target: LedgerEvent, against reader: any EventReading) throws {
        let events = try reader.events(touching: target.touchedAssets).filter { $0.id != target.id }
        let keys = Set(target.quantityChanges.map(\.key))
        if let shortfall = PositionBook.firstShortfall(in: events, from: target, keys: keys) {
            throw HoldingsError.voidLeavesShort(target: target, shortfall)
        }
    }
}
