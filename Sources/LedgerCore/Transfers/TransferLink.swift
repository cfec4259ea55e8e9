/// A withdrawal in one account and a deposit in another, read as one transfer between the
/// user's own accounts (the `link` event, record version 4; docs/EVENTS.md).
///
/// The two events stay in the log as they were imported; the replay reads them as a transfer
/// of what arrived, at the withdrawal's time, and the difference as the network fee
/// (``TransferLinks``). Voiding the link restores the two events' own meaning.
public struct TransferLink: Hashable, Sendable {
    /// The withdrawal the asset left by.
    public var withdrawal: EventID
    /// The deposit it arrived by.
    public var deposit: EventID
    /// What arrived: the deposit's amount.
    public var arrived: AssetAmount
    /// The deposit's account.
    public var toAccount: String
    /// Why the two were linked.
    public var rule: TransferRule

    public init(withdrawal: EventID, deposit: EventID, arrived: AssetAmount, toAccount: String, rule: TransferRule) {
        self.withdrawal = withdrawal
        self.deposit = deposit
        self.arrived = arrived
        self.toAccount = toAccount
        self.rule = rule
    }
}

/// The rule that linked a transfer's two events.
public enum TransferRule: String, CaseIterable, Sendable {
    /// Both rows give the same transaction hash (whatever the time between them).
    case hash
    /// Both rows give the same address, and amount and time fit.
    case address
    /// The only deposit that fits the withdrawal by asset, amount and time, and the other way round.
    case window
    /// Linked by hand (`ledger transfers link W D`).
    case manual

    public static var list: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
