/// The transfer links in force in a replay, and how a linked withdrawal and deposit replay.
///
/// A linked withdrawal replays as a transfer of what arrived from its account to the
/// deposit's, at the withdrawal's time (lots move with their dates and cost when lots are kept
/// per account), followed by the network fee: what left minus what arrived, a fee in the
/// asset. A linked deposit replays as nothing but its own fee, if it has one. The quantities
/// every account holds once both events have happened are the same as without the link.
public struct TransferLinks: Sendable {
    private var byWithdrawal: [EventID: TransferLink] = [:]
    private var deposits: Set<EventID> = []

    /// No links: every event replays as itself.
    public init() {}

    /// `links` in force (not voided, both events present and not voided: the caller's part).
    public init(_ links: some Sequence<TransferLink>) {
        for link in links {
            byWithdrawal[link.withdrawal] = link
            deposits.insert(link.deposit)
        }
    }

    /// The links of a whole log: those neither voided nor naming a missing or voided event.
    public init(log events: [LedgerEvent], voided: [EventID: LedgerEvent]) {
        var present = Set<EventID>()
        var links: [TransferLink] = []
        for event in events {
            present.insert(event.id)
            if case .link(let link) = event.action, voided[event.id] == nil { links.append(link) }
        }
        self.init(
            links.filter { link in
                present.contains(link.withdrawal) && present.contains(link.deposit)
                    && voided[link.withdrawal] == nil && voided[link.deposit] == nil
            })
    }

    public var isEmpty: Bool { byWithdrawal.isEmpty }

    /// The link a withdrawal or deposit belongs to is known by these ids.
    public func isLinked(_ id: EventID) -> Bool { byWithdrawal[id] != nil || deposits.contains(id) }

    /// Hands `body` what replays in place of `event`: itself, or for a linked withdrawal the
    /// transfer and its network fee, or for a linked deposit its own fee alone.
    public func replay(_ event: LedgerEvent, _ body: (LedgerEvent) throws -> Void) rethrows {
        if isEmpty {
            try body(event)
        } else if let link = byWithdrawal[event.id], case .withdraw(let left) = event.action,
            left.quantity >= link.arrived.quantity
        {
            var moved = event
            moved.action = .transfer(link.arrived, toAccount: link.toAccount)
            try body(moved)
            let networkFee = left.quantity - link.arrived.quantity
            guard networkFee.isPositive else { return }
            var fee = event
            (fee.action, fee.fee) = (.fee(AssetAmount(networkFee, left.asset)), nil)
            try body(fee)
        } else if deposits.contains(event.id) {
            guard let paid = event.fee, paid.quantity.isPositive else { return }
            var fee = event
            (fee.action, fee.fee) = (.fee(paid), nil)
            try body(fee)
        } else {
            try body(event)
        }
    }
}
