/// What an event records, with the data each kind needs.
public enum EventAction: Hashable, Sendable {
    /// Acquire `amount` at a unit price or for a total (in a quote currency, or another asset).
    case buy(AssetAmount, price: PriceTerm)
    /// Dispose of `amount` at a unit price or for a total.
    case sell(AssetAmount, price: PriceTerm)
    /// Swap one asset for another: `given` leaves, `received` arrives, at the same value.
    case trade(given: AssetAmount, received: AssetAmount)
    /// Money or an asset arriving from outside the ledger.
    case deposit(AssetAmount)
    /// Money or an asset leaving for outside the ledger.
    case withdraw(AssetAmount)
    /// Moving an asset from the event's account to another, lots and cost basis included.
    case transfer(AssetAmount, toAccount: String)
    /// Staking, airdrops, interest, mining: acquired at market value, or at the value the source
    /// gave: per unit (`@ 2900`) or the total (`@@ 51.2`, kept as given).
    case income(AssetAmount, kind: IncomeKind, value: PriceTerm?)
    /// A fee paid on its own, in any asset.
    case fee(AssetAmount)
    /// A split of every open lot of the asset, in every account.
    case split(Asset, SplitRatio)
    /// Cancels an earlier event, which stays in the log and the chain.
    case void(target: EventID, reason: String)
    /// Reads a withdrawal and a deposit of the log as one transfer (record version 4).
    case link(TransferLink)

    public var kind: EventKind {
        switch self {
        case .buy: .buy
        case .sell: .sell
        case .trade: .trade
        case .deposit: .deposit
        case .withdraw: .withdraw
        case .transfer: .transfer
        case .income: .income
        case .fee: .fee
        case .split: .split
        case .void: .void
        case .link: .link
        }
    }

    /// The main asset the event is about (nil for a void).
    public var primaryAsset: Asset? {
        switch self {
        case .buy(let amount, _), .sell(let amount, _), .deposit(let amount), .withdraw(let amount),
            .transfer(let amount, _), .income(let amount, _, _), .fee(let amount):
            amount.asset
        case .trade(let given, _): given.asset
        case .split(let asset, _): asset
        case .link(let link): link.arrived.asset
        case .void: nil
        }
    }

    /// The lowest record version that can hold this action: 2 for a buy or sell that keeps a
    /// total (the `total` field), 3 for an income that keeps one, 4 for a transfer link
    /// (`link_withdrawal`, `link_deposit`), 1 for everything else (docs/EVENTS.md, "Schema version").
    public var minimumSchemaVersion: Int {
        switch self {
        case .buy(_, let term), .sell(_, let term): term.total == nil ? 1 : 2
        case .income(_, _, let value?): value.total == nil ? 1 : 3
        case .link: 4
        default: 1
        }
    }
}

/// One fact in the ledger's log.
public struct LedgerEvent: Hashable, Sendable {
    /// The newest record version this build reads and writes. An event is written at the
    /// lowest version that holds it (``minimumSchemaVersion``), so events without a total or
    /// an on-chain reference stay version 1, byte for byte.
    public static let currentSchemaVersion = 5

    /// Position in this ledger's log, from 1; 0 until appended.
    public var sequence: Int64
    public var id: EventID
    /// The record version (``EventAction/minimumSchemaVersion`` unless read from a record).
    public var schemaVersion: Int
    /// When the thing happened (UTC): the replay order.
    public var occurredAt: Timestamp
    /// When it was written down.
    public var recordedAt: Timestamp
    public var account: String
    public var action: EventAction
    /// A fee paid with this event, in the quote currency or any asset.
    public var fee: AssetAmount?
    public var note: String
    public var provenance: Provenance
    /// The transaction hash and address a deposit's or withdrawal's row gave (version 5).
    public var chain: ChainReference?

    public init(
        sequence: Int64 = 0, id: EventID, schemaVersion: Int? = nil,
        occurredAt: Timestamp, recordedAt: Timestamp, account: String = LedgerEvent.defaultAccount,
        action: EventAction, fee: AssetAmount? = nil, note: String = "", provenance: Provenance = .manual,
        chain: ChainReference? = nil
    ) {
        self.sequence = sequence
        self.id = id
        self.schemaVersion = schemaVersion ?? Self.minimumSchemaVersion(action, chain: chain)
        self.chain = chain
        self.occurredAt = occurredAt
        self.recordedAt = recordedAt
        self.account = account
        self.action = action
        self.fee = fee
        self.note = note
        self.provenance = provenance
    }

    public static let defaultAccount = "default"

    /// The lowest record version that holds `action` and `chain`: the action's own, or 5 for
    /// a deposit or withdrawal that keeps an on-chain reference (docs/EVENTS.md).
    public static func minimumSchemaVersion(_ action: EventAction, chain: ChainReference?) -> Int {
        chain == nil ? action.minimumSchemaVersion : max(action.minimumSchemaVersion, ChainReference.schemaVersion)
    }

    public var kind: EventKind { action.kind }

    /// Replay order: occurred-at, then sequence.
    public static func replayOrder(_ lhs: LedgerEvent, _ rhs: LedgerEvent) -> Bool {
        (lhs.occurredAt, lhs.sequence) < (rhs.occurredAt, rhs.sequence)
    }
}
