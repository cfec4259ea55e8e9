/// An event as ``PortfolioFold`` reads it: its place, time, account, fee and action, with no
/// class, `String` or array inside, so it copies as plain bytes.
///
/// A replay's reader thread decodes the replay rows straight into these and hands them to the
/// fold in batches (``FoldBatch``): no box per event to allocate, retain on one core and
/// release on the other (a fifth of a full replay's samples went to those atomics,
/// docs/PERFORMANCE.md, "Cold replay, thirty-first round"). Accounts are indices into the
/// names that travel with the events. Every other path converts its ``LedgerEvent`` into one
/// (``init(_:account:destination:)``), so there is one fold of each kind.
public struct FoldEvent: Sendable, Equatable {
    public var sequence: Int64
    public var id: EventID
    public var occurredAt: Timestamp
    /// The event's account: an index into the names handed with it (``FoldBatch/names``).
    public var account: Int32
    /// A transfer's destination account, an index like ``account``; -1 for other kinds.
    public var destination: Int32
    /// True for an event typed by the user (``Provenance/manual``).
    public var isManual: Bool
    public var fee: AssetAmount?
    public var action: FoldAction

    public init(
        sequence: Int64, id: EventID, occurredAt: Timestamp, account: Int32, destination: Int32 = -1,
        isManual: Bool, fee: AssetAmount?, action: FoldAction
    ) {
        self.sequence = sequence
        self.id = id
        self.occurredAt = occurredAt
        self.account = account
        self.destination = destination
        self.isManual = isManual
        self.fee = fee
        self.action = action
    }

    /// `event` as the fold reads it, its account and a transfer's destination given as
    /// indices `account` and `destination` into the names it will be folded with.
    public init(_ event: LedgerEvent, account: Int32, destination: Int32) {
        self.init(
            sequence: event.sequence, id: event.id, occurredAt: event.occurredAt, account: account,
            destination: event.kind == .transfer ? destination : -1, isManual: event.isManual, fee: event.fee,
            action: FoldAction(event.action))
    }

    /// `event` as the fold reads it, its account and a transfer's destination indexed by `index`.
    public init(_ event: LedgerEvent, indexing index: (String) -> Int32) {
        let destination = if case .transfer(_, let to) = event.action { index(to) } else { Int32(-1) }
        self.init(event, account: index(event.account), destination: destination)
    }

    public var kind: EventKind { action.kind }
}

/// What an event does to the fold: ``EventAction`` without its strings (a transfer's
/// destination is ``FoldEvent/destination``) and without the kinds the fold skips.
public enum FoldAction: Sendable, Equatable {
    case buy(AssetAmount, price: PriceTerm)
    case sell(AssetAmount, price: PriceTerm)
    case trade(given: AssetAmount, received: AssetAmount)
    case deposit(AssetAmount)
    case withdraw(AssetAmount)
    case transfer(AssetAmount)
    case income(AssetAmount, kind: IncomeKind, value: PriceTerm?)
    case fee(AssetAmount)
    case split(Asset, SplitRatio)
    /// A void or a link: nothing for the fold (a replay leaves them out before).
    case void
    case link

    /// The action the fold reads of `action`.
    public init(_ action: EventAction) {
        switch action {
        case .buy(let amount, let term): self = .buy(amount, price: term)
        case .sell(let amount, let term): self = .sell(amount, price: term)
        case .trade(let given, let received): self = .trade(given: given, received: received)
        case .deposit(let amount): self = .deposit(amount)
        case .withdraw(let amount): self = .withdraw(amount)
        case .transfer(let amount, _): self = .transfer(amount)
        case .income(let amount, let kind, let value): self = .income(amount, kind: kind, value: value)
        case .fee(let amount): self = .fee(amount)
        case .split(let asset, let ratio): self = .split(asset, ratio)
        case .void: self = .void
        case .link: self = .link
        }
    }

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

    /// The main asset the action is about (nil for a void or a link, which the fold skips).
    public var primaryAsset: Asset? {
        switch self {
        case .buy(let amount, _), .sell(let amount, _), .deposit(let amount), .withdraw(let amount),
            .transfer(let amount), .income(let amount, _, _), .fee(let amount):
            amount.asset
        case .trade(let given, _): given.asset
        case .split(let asset, _): asset
        case .void, .link: nil
        }
    }
}

extension EventAction {
    /// The event action of `action` (a void or a link has no payload here: nil), a transfer to
    /// `destination`: the replay row decoder reads the common kinds' payloads once, for both.
    package init?(_ action: FoldAction, destination: @autoclosure () -> String) {
        switch action {
        case .buy(let amount, let term): self = .buy(amount, price: term)
        case .sell(let amount, let term): self = .sell(amount, price: term)
        case .trade(let given, let received): self = .trade(given: given, received: received)
        case .deposit(let amount): self = .deposit(amount)
        case .withdraw(let amount): self = .withdraw(amount)
        case .transfer(let amount): self = .transfer(amount, toAccount: destination())
        case .income(let amount, let kind, let value): self = .income(amount, kind: kind, value: value)
        case .fee(let amount): self = .fee(amount)
        case .split(let asset, let ratio): self = .split(asset, ratio)
        case .void, .link: return nil
        }
    }
}

/// The event a fold is applying: what the fold's steps read of its view (not its action,
/// which the fold reads where the view lies), and its account by name.
struct FoldingEvent {
    var sequence: Int64 = 0
    var id = EventID(milliseconds: 0, random: (0, 0))
    var occurredAt = Timestamp(secondsSinceEpoch: 0)
    var fee: AssetAmount?
    var isManual = true
    var kind = EventKind.void
    var account = ""

    /// Takes `view`'s fields (its account's name is set apart).
    @inline(__always)
    mutating func take(_ view: FoldEvent) {
        (sequence, id, occurredAt, fee) = (view.sequence, view.id, view.occurredAt, view.fee)
        (isManual, kind) = (view.isManual, view.action.kind)
    }
}
