/// A log as `ledger transfers` reads it: the links in force with their two events, and the
/// withdrawals and deposits of assets other than fiat that no link pairs (a fiat deposit from
/// a bank has no source in the ledger by nature, so fiat is left out of both lists).
public struct TransferBook: Sendable {
    /// One link in force: the link event and the two events it reads as one transfer.
    public struct Pair: Sendable {
        public let linkEvent: LedgerEvent
        public let link: TransferLink
        public let withdrawal: LedgerEvent
        public let deposit: LedgerEvent

        /// What the network kept: what left minus what arrived.
        public var networkFee: ExactDecimal {
            guard case .withdraw(let sent) = withdrawal.action else { return .zero }
            return sent.quantity - link.arrived.quantity
        }
    }

    public private(set) var pairs: [Pair] = []
    public private(set) var unmatchedWithdrawals: [LedgerEvent] = []
    public private(set) var unmatchedDeposits: [LedgerEvent] = []
    /// The link in force of each linked withdrawal and deposit, by the event's id.
    private var linkOf: [EventID: LedgerEvent] = [:]

    /// The kinds a book is made of (the rest of a log does not change it).
    public static let kinds: Set<EventKind> = [.withdraw, .deposit, .link, .void]

    /// The book of a log, or of its events of ``kinds``.
    public init(_ events: [LedgerEvent]) {
        let voided = EventReplay.voidedIDs(events)
        var byID: [EventID: LedgerEvent] = [:]
        for event in events where voided[event.id] == nil { byID[event.id] = event }
        for event in events where voided[event.id] == nil {
            guard case .link(let link) = event.action, let withdrawal = byID[link.withdrawal],
                let deposit = byID[link.deposit]
            else { continue }
            pairs.append(Pair(linkEvent: event, link: link, withdrawal: withdrawal, deposit: deposit))
            (linkOf[withdrawal.id], linkOf[deposit.id]) = (event, event)
        }
        for event in events where voided[event.id] == nil && linkOf[event.id] == nil {
            switch event.action {
            case .withdraw(let amount) where !amount.asset.isFiat: unmatchedWithdrawals.append(event)
            case .deposit(let amount) where !amount.asset.isFiat: unmatchedDeposits.append(event)
            default: break
            }
        }
    }

    /// The link event in force that pairs `event`, if any.
    public func link(of event: LedgerEvent) -> LedgerEvent? { linkOf[event.id] }

    /// The unmatched withdrawals and deposits as the matcher's candidates, with the hash and
    /// address each kept (record version 5); an event imported before they were kept gives
    /// the hash its fingerprint holds, where it holds one.
    public var candidates: [TransferCandidate] {
        (unmatchedWithdrawals + unmatchedDeposits).compactMap {
            TransferCandidate($0, hash: $0.chain?.hash ?? Self.hash(of: $0), address: $0.chain?.address)
        }
    }

    /// The transaction hash of an imported row whose fingerprint is its hash: the deposit and
    /// withdrawal histories of KuCoin and Binance and Gemini's transfers key a row by
    /// `HASH:COIN` (`kucoin:deposit:0xabc:USDT`).
    public static func hash(of event: LedgerEvent) -> String? {
        guard case .imported(_, let imported) = event.provenance else { return nil }
        let fingerprint = imported.text
        for prefix in Self.hashKeyedFingerprints where fingerprint.hasPrefix(prefix) {
            let key = fingerprint.dropFirst(prefix.count)
            guard let colon = key.lastIndex(of: ":") else { return nil }
            return String(key[..<colon])
        }
        return nil
    }

    private static let hashKeyedFingerprints = [
        "kucoin:deposit:", "kucoin:withdrawal:", "binance:deposit:", "binance:withdrawal:", "gemini:transfer:",
    ]
}
