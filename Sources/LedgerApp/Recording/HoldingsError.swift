import LedgerCore

/// An event that would take out more of an asset than an account holds (``HoldingsGuard``,
/// exit 1). Events are named by their summary; the shell escapes control characters in the
/// whole line it prints.
public enum HoldingsError: UserFacingError, Equatable {
    /// Recording `draft` leaves it, or a later event, short.
    case shortfall(Shortfall, draft: LedgerEvent)
    /// Voiding `target` leaves a later event short.
    case voidLeavesShort(target: LedgerEvent, Shortfall)

    public var category: ErrorCategory { .data }

    public var description: String {
        switch self {
        case .shortfall(let shortfall, let draft):
            let key = shortfall.key
            let held = "\(shortfall.held) \(key.asset)"
            if shortfall.event.id == draft.id {
                return
                    "not enough \(key.asset) in '\(key.account)': this \(draft.kind) needs \(shortfall.needed) \(key.asset) and \(held) is held on \(draft.occurredAt.compactDescription); record the deposit, buy or transfer that brought it in first"
            }
            return
                "recording this \(draft.kind) would leave #\(shortfall.event.sequence) on \(shortfall.event.occurredAt.date) (\(shortfall.event.summary)) short: it needs \(shortfall.needed) \(key.asset) in '\(key.account)' and only \(held) would be held"
        case .voidLeavesShort(let target, let shortfall):
            let held = "\(shortfall.held) \(shortfall.key.asset) would be held"
            return
                "cannot void #\(target.sequence): #\(shortfall.event.sequence) on \(shortfall.event.occurredAt.date) (\(shortfall.event.summary)) needs \(shortfall.needed) \(shortfall.key.asset) in '\(shortfall.key.account)' and only \(held); void that event first"
        }
    }
}
