/// The replay: a pure function from (events, prices, options) to a ``PortfolioState``.
///
/// Conventions (docs/VALUATION.md has worked examples): a buy's fee is part of its lot's
/// cost; a sell's fee reduces its proceeds; a trade is a sale of one side and a purchase of
/// the other at one value; a fee paid in a non-fiat asset disposes of that asset at market
/// value; transfers move lots with their dates and cost; income opens a lot at market value;
/// splits scale open quantities; voided events are skipped as if never recorded. Fiat is a
/// balance, not lots; a typed event spending fiat never deposited counts it as paid in, an
/// imported one takes the balance where its rows say (docs/VALUATION.md, "Cash").
public struct PortfolioFold {
    /// What has been folded so far.
    public internal(set) var state: PortfolioState
    let prices: PriceTable
    /// The event being applied.
    var event = FoldingEvent()

    /// A fold to feed events one at a time with ``apply(_:)``, in replay order, with voided
    /// events already left out (what `LedgerEvents.forEachEffectiveEvent` yields).
    /// `recordingTax` writes down what the tax rules need (``PortfolioState/taxTransactions``);
    /// without `keepingLots` positions keep only their quantities (``PortfolioState/keepsLots``).
    public init(
        options: ValuationOptions, prices: PriceTable, recordingDisposals: Bool = true, recordingTax: Bool = false,
        keepingLots: Bool = true
    ) {
        var state = PortfolioState(options: options)
        state.recordsDisposals = recordingDisposals
        state.recordsTax = recordingTax
        state.keepsLots = keepingLots
        self.init(state: state, prices: prices)
    }

    /// Continues from a state folded earlier (a snapshot).
    public init(state: PortfolioState, prices: PriceTable) {
        self.state = state
        self.prices = prices
    }

    /// Applies one event (ignored when it happened after the options' as-of), through the
    /// same fold as a replay's batches: its view, its account and destination by name.
    public mutating func apply(_ next: LedgerEvent) {
        guard next.occurredAt <= state.options.asOf else { return }
        let destination = if case .transfer(_, let to) = next.action { to } else { "" }
        event.account = next.account
        apply(FoldEvent(next, account: 0, destination: 1), destination: destination)
    }

    /// Applies a replay's batch of events in order (each ignored when it happened after the
    /// options' as-of). Each view is read where it lies (its action is not copied), and its
    /// account's name taken only when it differs from the event's before.
    public mutating func apply(_ batch: FoldBatch) {
        var named: Int32 = -1
        batch.events.withUnsafeBufferPointer { events in
            for index in events.indices where events[index].occurredAt <= state.options.asOf {
                if events[index].account != named {
                    named = events[index].account
                    event.account = batch.names[Int(named)]
                }
                let destination = events[index].destination
                apply(events[index], destination: destination < 0 ? "" : batch.names[Int(destination)])
            }
        }
    }

    /// Replays `events` (any order; voids applied; those after `options.asOf` left out).
    public static func replay(_ events: [LedgerEvent], options: ValuationOptions, prices: PriceTable) -> PortfolioState
    {
        replay(events, from: PortfolioState(options: options), prices: prices)
    }

    /// Continues a replay: applies `suffix` (events that all follow the ones already folded
    /// into `state` in replay order) on top of `state`. A void in `suffix` of an event inside
    /// `state` cannot be undone here; callers replay from the start in that case.
    public static func replay(_ suffix: [LedgerEvent], from state: PortfolioState, prices: PriceTable) -> PortfolioState
    {
        var fold = PortfolioFold(state: state, prices: prices)
        for event in EventReplay.effective(suffix) { fold.apply(event) }
        return fold.state
    }

    var currency: AssetSymbol { state.options.currency }

    /// The fold of one event, `view` in ``event``'s account (set first), a transfer to
    /// `destination`.
    private mutating func apply(_ view: FoldEvent, destination: String) {
        event.take(view)
        state.eventCount += 1
        state.lastOccurredAt = max(state.lastOccurredAt, view.occurredAt)
        remember(view.action.primaryAsset)
        switch view.action {
        case .buy(let amount, let term):
            let paid = AssetAmount(term.quoteAmount(for: amount.quantity), Asset(term.quote))
            exchange(given: paid, received: amount, value: valued(paid))
        case .sell(let amount, let term):
            let received = AssetAmount(term.quoteAmount(for: amount.quantity), Asset(term.quote))
            exchange(given: amount, received: received, value: valued(received))
        case .trade(let given, let received):
            remember(received.asset)
            exchange(given: given, received: received, value: tradeValue(given, received))
        case .deposit(let amount): deposit(amount)
        case .withdraw(let amount): withdraw(amount)
        case .transfer(let amount): transfer(amount, to: destination)
        case .income(let amount, let kind, let value): receiveIncome(amount, kind: kind, stated: value)
        case .fee(let amount): addFees(payFee(amount))
        case .split(let asset, let ratio): split(asset.symbol, ratio)
        case .void, .link: break
        }
    }

    /// One side leaves, the other arrives, both at `value`. The fee adds to the cost of what
    /// arrives, or (when fiat arrives, as in a sale) reduces the proceeds of what leaves.
    /// A figure is complete when every valuation in it was made: the proceeds need the value
    /// (and the fee, when it comes out of them), the new lot's cost the value (and the fee,
    /// when it adds to it).
    mutating func exchange(given: AssetAmount, received: AssetAmount, value: Valued) {
        // Value the fee first, pay it last: a sale's fee comes out of its own proceeds.
        let fee = event.fee.map { valueOfFee($0) } ?? Valued(.zero)
        let feeOnProceeds = received.asset.isFiat
        if given.asset.isFiat && received.asset.isFiat { addFees(fee) }
        if given.asset.isFiat {
            fiatOut(given, account: event.account)
        } else {
            dispose(given, proceeds: feeOnProceeds ? value - fee : value, fee: feeOnProceeds ? fee : Valued(.zero))
        }
        if received.asset.isFiat {
            fiatIn(received, account: event.account)
        } else {
            openLot(received, cost: feeOnProceeds ? value : value + fee)
        }
        if let paid = event.fee { settleFee(paid, value: fee) }
    }

    /// A trade's value: the fiat side when there is one, else the market value of the side
    /// that has a price (the given side's price is the one reported missing when neither has).
    mutating func tradeValue(_ given: AssetAmount, _ received: AssetAmount) -> Valued {
        if given.asset.isFiat { return valued(given) }
        if received.asset.isFiat { return valued(received) }
        if let value = lookUp(given) ?? lookUp(received) { return Valued(value) }
        return valued(given)
    }
}

/// A value in the valuation currency and whether it is whole: false when a price it needed is
/// missing (``value`` is then the known part). Sums are known only when every term is.
struct Valued {
    var value: ExactDecimal
    var known = true

    init(_ value: ExactDecimal, known: Bool = true) {
        self.value = value
        self.known = known
    }

    static func + (lhs: Valued, rhs: Valued) -> Valued { Valued(lhs.value + rhs.value, known: lhs.known && rhs.known) }
    static func - (lhs: Valued, rhs: Valued) -> Valued { Valued(lhs.value - rhs.value, known: lhs.known && rhs.known) }
    static prefix func - (operand: Valued) -> Valued { Valued(-operand.value, known: operand.known) }
}
