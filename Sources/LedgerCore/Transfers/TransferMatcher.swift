/// One withdrawal or deposit the matcher may pair, with the references its row gave.
public struct TransferCandidate: Hashable, Sendable {
    public let event: LedgerEvent
    public let amount: AssetAmount
    /// The transaction hash the row gave, if any.
    public let hash: String?
    /// The address the row gave, if any.
    public let address: String?

    /// A candidate from a withdrawal or a deposit; nil for any other event.
    public init?(_ event: LedgerEvent, hash: String? = nil, address: String? = nil) {
        switch event.action {
        case .withdraw(let amount), .deposit(let amount): self.amount = amount
        default: return nil
        }
        self.event = event
        self.hash = hash.flatMap { $0.isEmpty ? nil : $0 }
        self.address = address.flatMap { $0.isEmpty ? nil : $0 }
    }

    public var isWithdrawal: Bool { event.kind == .withdraw }
}

/// How close a deposit must be to a withdrawal to be its other half.
public struct TransferMatchOptions: Hashable, Sendable {
    /// The longest time from the withdrawal to the deposit, in seconds (default 24 h).
    public var window: Int64
    /// The largest share of the withdrawal the network may keep as its fee (default 0.01, 1 %).
    public var tolerance: ExactDecimal

    public init(window: Int64 = 86_400, tolerance: ExactDecimal = ExactDecimal(units: 10_000_000_000_000_000)) {
        self.window = window
        self.tolerance = tolerance
    }
}

/// A withdrawal or deposit that fits more than one event on the other side: never guessed,
/// listed for `ledger transfers link`.
public struct AmbiguousTransfer: Hashable, Sendable {
    public let event: LedgerEvent
    public let candidates: [LedgerEvent]
}

/// What the matcher found.
public struct TransferMatchResult: Hashable, Sendable {
    public var links: [TransferLink] = []
    public var ambiguous: [AmbiguousTransfer] = []
}

/// Pairs withdrawals with deposits (pure; docs/VALUATION.md, "Transfers between your accounts").
///
/// A pair fits when the asset is the same, the accounts differ, the deposit follows the
/// withdrawal within the window, and the deposit is at most the withdrawal and at least it
/// minus the tolerance; and when both rows give a hash (or an address), it must agree. Two
/// rows with the same hash are linked whatever the time between them. Otherwise a pair is
/// linked only when each is the other's only fit; the rest are listed as ambiguous.
public enum TransferMatcher {
    public static func match(_ candidates: [TransferCandidate], options: TransferMatchOptions) -> TransferMatchResult {
        var result = TransferMatchResult()
        let withdrawals = candidates.filter(\.isWithdrawal)
        var deposits = candidates.filter { !$0.isWithdrawal }
        var taken = Set<EventID>()
        for (withdrawal, deposit) in hashPairs(withdrawals, deposits) {
            result.links.append(link(withdrawal, deposit, rule: .hash))
            taken.formUnion([withdrawal.event.id, deposit.event.id])
        }
        deposits.removeAll { taken.contains($0.event.id) }
        let open = withdrawals.filter { !taken.contains($0.event.id) }
        var fitsOfWithdrawal: [EventID: [TransferCandidate]] = [:]
        var fitsOfDeposit: [(TransferCandidate, [TransferCandidate])] = []
        let byAsset = Dictionary(grouping: open, by: \.amount.asset.symbol).mapValues {
            $0.sorted { LedgerEvent.replayOrder($0.event, $1.event) }
        }
        for deposit in deposits {
            let fits = inWindow(byAsset[deposit.amount.asset.symbol] ?? [], before: deposit, options).filter {
                fit($0, deposit, options)
            }
            fitsOfDeposit.append((deposit, fits))
            for withdrawal in fits { fitsOfWithdrawal[withdrawal.event.id, default: []].append(deposit) }
        }
        for (deposit, fits) in fitsOfDeposit where !fits.isEmpty {
            guard fits.count == 1, let withdrawal = fits.first, fitsOfWithdrawal[withdrawal.event.id]?.count == 1 else {
                result.ambiguous.append(AmbiguousTransfer(event: deposit.event, candidates: fits.map(\.event)))
                continue
            }
            let rule: TransferRule = withdrawal.address != nil && deposit.address != nil ? .address : .window
            result.links.append(link(withdrawal, deposit, rule: rule))
        }
        return result
    }

    /// Whether `deposit` can be `withdrawal`'s other half by asset, accounts, time, amount and
    /// the references both rows give.
    public static func fit(
        _ withdrawal: TransferCandidate, _ deposit: TransferCandidate, _ options: TransferMatchOptions
    )
        -> Bool
    {
        let (sent, arrived) = (withdrawal.amount.quantity, deposit.amount.quantity)
        let (left, came) = (withdrawal.event.occurredAt.secondsSinceEpoch, deposit.event.occurredAt.secondsSinceEpoch)
        return withdrawal.amount.asset.symbol == deposit.amount.asset.symbol
            && withdrawal.event.account != deposit.event.account
            && came >= left && came - left <= options.window
            && arrived <= sent && arrived >= sent - sent * options.tolerance
            && agree(withdrawal.hash, deposit.hash) && agree(withdrawal.address, deposit.address)
    }

    /// The withdrawals (sorted by time) from the window before `deposit` up to its time: a
    /// binary search for the first, so matching stays O(n log n) on a long log.
    private static func inWindow(
        _ sorted: [TransferCandidate], before deposit: TransferCandidate, _ options: TransferMatchOptions
    ) -> ArraySlice<TransferCandidate> {
        let time = deposit.event.occurredAt.secondsSinceEpoch
        let earliest = time - options.window
        var (low, high) = (0, sorted.count)
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle].event.occurredAt.secondsSinceEpoch < earliest { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < sorted.count, sorted[end].event.occurredAt.secondsSinceEpoch <= time { end += 1 }
        return sorted[low..<end]
    }

    private static func agree(_ one: String?, _ other: String?) -> Bool {
        guard let one, let other else { return true }
        return one.lowercased() == other.lowercased()
    }

    /// Withdrawals and deposits whose hashes are equal (one pair per hash, same asset, other
    /// accounts, the deposit not more than the withdrawal).
    private static func hashPairs(_ withdrawals: [TransferCandidate], _ deposits: [TransferCandidate])
        -> [(TransferCandidate, TransferCandidate)]
    {
        var byHash: [String: [TransferCandidate]] = [:]
        for withdrawal in withdrawals {
            if let hash = withdrawal.hash { byHash[hash.lowercased(), default: []].append(withdrawal) }
        }
        guard !byHash.isEmpty else { return [] }
        var pairs: [(TransferCandidate, TransferCandidate)] = []
        for deposit in deposits {
            guard let hash = deposit.hash, let sent = byHash[hash.lowercased()], sent.count == 1,
                let withdrawal = sent.first,
                withdrawal.amount.asset.symbol == deposit.amount.asset.symbol,
                withdrawal.event.account != deposit.event.account,
                deposit.amount.quantity <= withdrawal.amount.quantity
            else { continue }
            pairs.append((withdrawal, deposit))
            byHash[hash.lowercased()] = nil
        }
        return pairs
    }

    static func link(_ withdrawal: TransferCandidate, _ deposit: TransferCandidate, rule: TransferRule) -> TransferLink
    {
        TransferLink(
            withdrawal: withdrawal.event.id, deposit: deposit.event.id, arrived: deposit.amount,
            toAccount: deposit.event.account, rule: rule)
    }
}
