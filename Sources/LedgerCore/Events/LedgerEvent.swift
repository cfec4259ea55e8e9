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
///
/// The fields live in one shared, copy-on-write box: a replay hands each event from the
/// decoder through the pipe's batch and the consumer's loop to the fold, and a copy of the
/// fields themselves (an enum with strings, an optional fee, the provenance) cost a value
/// witness call with a retain per string at every step, about a sixth of a cold replay's
/// instructions (docs/PERFORMANCE.md, "Cold replay, twenty-third round"). A copy of the box is
/// one retain; a change to a shared event copies its fields first.
public struct LedgerEvent: Hashable, Sendable {
    /// The newest record version this build reads and writes. An event is written at the
    /// lowest version that holds it (``minimumSchemaVersion``), so events without a total or
    /// an on-chain reference stay version 1, byte for byte.
    public static let currentSchemaVersion = 5

    private var box: Box

    /// Position in this ledger's log, from 1; 0 until appended.
    public var sequence: Int64 {
        get { box.fields.sequence }
        set { unique().fields.sequence = newValue }
    }
    public var id: EventID {
        get { box.fields.id }
        set { unique().fields.id = newValue }
    }
    /// The record version (``EventAction/minimumSchemaVersion`` unless read from a record).
    public var schemaVersion: Int {
        get { box.fields.schemaVersion }
        set { unique().fields.schemaVersion = newValue }
    }
    /// When the thing happened (UTC): the replay order.
    public var occurredAt: Timestamp {
        get { box.fields.occurredAt }
        set { unique().fields.occurredAt = newValue }
    }
    /// When it was written down.
    public var recordedAt: Timestamp {
        get { box.fields.recordedAt }
        set { unique().fields.recordedAt = newValue }
    }
    public var account: String {
        get { box.fields.account }
        set { unique().fields.account = newValue }
    }
    public var action: EventAction {
        get { box.fields.action }
        set { unique().fields.action = newValue }
    }
    /// A fee paid with this event, in the quote currency or any asset.
    public var fee: AssetAmount? {
        get { box.fields.fee }
        set { unique().fields.fee = newValue }
    }
    public var note: String {
        get { box.fields.note }
        set { unique().fields.note = newValue }
    }
    public var provenance: Provenance {
        get { box.fields.provenance }
        set { unique().fields.provenance = newValue }
    }
    /// The transaction hash and address a deposit's or withdrawal's row gave (version 5).
    public var chain: ChainReference? {
        get { box.fields.chain }
        set { unique().fields.chain = newValue }
    }

    public init(
        sequence: Int64 = 0, id: EventID, schemaVersion: Int? = nil,
        occurredAt: Timestamp, recordedAt: Timestamp, account: String = LedgerEvent.defaultAccount,
        action: EventAction, fee: AssetAmount? = nil, note: String = "", provenance: Provenance = .manual,
        chain: ChainReference? = nil
    ) {
        box = Box(
            Fields(
                sequence: sequence, id: id,
                schemaVersion: schemaVersion ?? Self.minimumSchemaVersion(action, chain: chain),
                occurredAt: occurredAt, recordedAt: recordedAt, account: account, action: action, fee: fee,
                note: note, provenance: provenance, chain: chain))
    }

    /// The event of these fields (as ``init(sequence:id:schemaVersion:occurredAt:recordedAt:account:action:fee:note:provenance:chain:)``),
    /// written into `spare`'s box when no other event shares it, and `spare` taken: a replay's
    /// decoder reuses the boxes of the events the fold is done with, so a replayed event
    /// costs no allocation and no free (docs/PERFORMANCE.md, "Cold replay, twenty-fifth round").
    public init(
        reusing spare: inout LedgerEvent?, sequence: Int64, id: EventID, schemaVersion: Int,
        occurredAt: Timestamp, recordedAt: Timestamp, account: String,
        action: EventAction, fee: AssetAmount?, note: String, provenance: Provenance, chain: ChainReference?
    ) {
        let fields = Fields(
            sequence: sequence, id: id, schemaVersion: schemaVersion, occurredAt: occurredAt,
            recordedAt: recordedAt, account: account, action: action, fee: fee, note: note,
            provenance: provenance, chain: chain)
        if var reused = spare.take(), isKnownUniquelyReferenced(&reused.box) {
            reused.box.fields = fields
            self = reused
        } else {
            box = Box(fields)
        }
    }

    public static func == (lhs: LedgerEvent, rhs: LedgerEvent) -> Bool {
        lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(box.fields) }

    /// The box, copied first when another event shares it.
    private mutating func unique() -> Box {
        if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
        return box
    }

    /// What an event records, as stored values.
    private struct Fields: Hashable, Sendable {
        var sequence: Int64
        var id: EventID
        var schemaVersion: Int
        var occurredAt: Timestamp
        var recordedAt: Timestamp
        var account: String
        var action: EventAction
        var fee: AssetAmount?
        var note: String
        var provenance: Provenance
        var chain: ChainReference?
    }

    /// Unchecked: the fields change only through ``unique()``, when no other event holds the
    /// box, so no other thread can read them meanwhile; reads then need no run-time
    /// exclusivity check (one per field read would cost more than the copies saved).
    private final class Box: @unchecked Sendable {
        @exclusivity(unchecked) var fields: Fields

        init(_ fields: Fields) { self.fields = fields }
    }

    public static let defaultAccount = "default"

    /// The lowest record version that holds `action` and `chain`: the action's own, or 5 for
    /// a deposit or withdrawal that keeps an on-chain reference (docs/EVENTS.md).
    public static func minimumSchemaVersion(_ action: EventAction, chain: ChainReference?) -> Int {
        chain == nil ? action.minimumSchemaVersion : max(action.minimumSchemaVersion, ChainReference.schemaVersion)
    }

    public var kind: EventKind { box.fields.action.kind }

    /// True for an event typed by the user (``Provenance/manual``), read in place: the fold
    /// asks on every cash movement, and a copy of an imported event's provenance retains and
    /// releases its two strings.
    public var isManual: Bool {
        if case .manual = box.fields.provenance { true } else { false }
    }

    /// Replay order: occurred-at, then sequence.
    public static func replayOrder(_ lhs: LedgerEvent, _ rhs: LedgerEvent) -> Bool {
        (lhs.occurredAt, lhs.sequence) < (rhs.occurredAt, rhs.sequence)
    }
}
