/// The shared first step of every replay.
public enum EventReplay {
    /// The events that count: voids, transfer links and the events voids cancel are dropped,
    /// a linked withdrawal and deposit replay as one transfer (``TransferLinks``), and the rest
    /// is put in replay order (occurred-at, then sequence).
    public static func effective(_ events: [LedgerEvent]) -> [LedgerEvent] {
        let voided = voidedIDs(events)
        let links = TransferLinks(log: events, voided: voided)
        var result: [LedgerEvent] = []
        result.reserveCapacity(events.count)
        for event in events where !isAnnotation(event) && !voided.keys.contains(event.id) {
            links.replay(event) { result.append($0) }
        }
        return result.sorted(by: LedgerEvent.replayOrder)
    }

    /// A void or a transfer link: an event about other events, which moves nothing itself.
    public static func isAnnotation(_ event: LedgerEvent) -> Bool {
        switch event.action {
        case .void, .link: true
        default: false
        }
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
