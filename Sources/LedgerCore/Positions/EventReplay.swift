/// The shared first step of every replay.
public enum EventReplay {
    /// The events that count: voids and the events they cancel are dropped, the rest is put
    /// in replay order (occurred-at, then sequence).
    public static func effective(_ events: [LedgerEvent]) -> [LedgerEvent] {
        let voided = voidedIDs(events)
        return
            events
            .filter { event in
                if case .void = event.action { return false }
                return !voided.keys.contains(event.id)
            }
            .sorted(by: LedgerEvent.replayOrder)
    }

    /// The ids of voided events, each with the void that cancelled it.
    public static func voidedIDs(_ events: [LedgerEvent]) -> [EventID: LedgerEvent] {
        var voided: [EventID: LedgerEvent] = [:]
        for event in events {
            if case .void(let target, _) = event.action { voided[target] = event }
        }
        return voided
    }
}
