import LedgerCore

extension EventRecordV1 {
    /// Why the record of `event` would not read back as an event (``event()``), nil when it
    /// would: the one rule of what the store writes (the appender refuses such a draft) and of
    /// what `verify`'s fast walk takes from a replay row without reading the record.
    ///
    /// A record whose canonical JSON is the event's can still be refused by ``event()``, none of
    /// which a replay row's decoding refuses: a time outside ``Timestamp/recordable``; a
    /// reference, a total or a link its record version does not hold; a reference that is not
    /// printable ASCII; a number written as `overflow` (``ExactDecimal/overflow``'s text, which
    /// no decimal's parse reads); a split's ratio its text does not read back as. The tool
    /// never makes such an event from what it reads (its version is the lowest that holds it,
    /// its references, numbers, ratios and times are checked as they are read). Held to the
    /// general walk by a seeded test of odd drafts (`WalkAgreementTests`).
    public static func readsBack(_ event: LedgerEvent) -> EventRecordError? {
        let fail = { (field: String, problem: String) in
            EventRecordError(sequence: event.sequence, field: field, problem: problem)
        }
        if let field = outOfRange(event) {
            return fail(field, timeProblem(field == "occurred_at" ? event.occurredAt : event.recordedAt))
        }
        // Copied out of the event once (an action's copy is ~100 instructions).
        let action = event.action
        let needed = LedgerEvent.minimumSchemaVersion(action, chain: event.chain)
        // A version below 1 holds no field that needs one, and no reader refuses it (the
        // general walk neither): only a field above its record's version is refused.
        if needed > 1 && event.schemaVersion < needed {
            return fail(
                versioned(event, action),
                "needs record version \(needed), but the record is version \(event.schemaVersion)")
        }
        if let chain = event.chain, let problem = event.checkChain(chain) {
            guard case .invalidChainReference(let field, _) = problem else { return fail("kind", problem.message) }
            return fail(field, problem.message)
        }
        if event.fee?.quantity.isOverflow == true { return fail("fee", overflowed) }
        return unreadable(action).map { fail($0, $0 == "split_ratio" ? splitProblem(action) : overflowed) }
    }

    /// The field that needs a later record version than the event's: a reference (5), a link
    /// (its kind, 4) or a total (2 for a buy or a sell, 3 for an income).
    private static func versioned(_ event: LedgerEvent, _ action: EventAction) -> String {
        if let chain = event.chain, event.schemaVersion < ChainReference.schemaVersion {
            return chain.hash == nil ? "address" : "tx_hash"
        }
        return action.kind == .link ? "kind" : "total"
    }

    /// "occurred_at" or "recorded_at" when that time is outside ``Timestamp/recordable``.
    private static func outOfRange(_ event: LedgerEvent) -> String? {
        let range = Timestamp.recordable
        if !range.contains(event.occurredAt) { return "occurred_at" }
        return range.contains(event.recordedAt) ? nil : "recorded_at"
    }

    /// What ``event()`` and ``readsBack(_:)`` say of a time outside ``Timestamp/recordable``.
    static func timeProblem(_ time: Timestamp) -> String {
        "is \(time.secondsSinceEpoch) seconds from 1970-01-01T00:00:00Z, \(Timestamp.recordableRangeText)"
    }

    private static let overflowed = "overflowed (no exact decimal holds it; it would be written as 'overflow')"

    private static func splitProblem(_ action: EventAction) -> String {
        guard case .split(_, let ratio) = action else { return overflowed }
        return "'\(ratio)' does not read back as that ratio (each of its numbers is at most 1000000)"
    }

    /// The field of the first number the record of `action` writes (``init(_:)``) that does
    /// not read back, nil when all do.
    private static func unreadable(_ action: EventAction) -> String? {
        switch action {
        case .buy(let amount, let term), .sell(let amount, let term): unreadable(amount, term)
        case .income(let amount, _, let term):
            term.map { unreadable(amount, $0) } ?? (amount.quantity.isOverflow ? "quantity" : nil)
        case .trade(let given, let received):
            given.quantity.isOverflow ? "quantity" : received.quantity.isOverflow ? "counter_quantity" : nil
        case .deposit(let amount), .withdraw(let amount), .fee(let amount), .transfer(let amount, _):
            amount.quantity.isOverflow ? "quantity" : nil
        case .link(let link): link.arrived.quantity.isOverflow ? "quantity" : nil
        // Its parser's limits, not a copy of them (a split is rare).
        case .split(_, let ratio): SplitRatio(ratio.description) == ratio ? nil : "split_ratio"
        case .void: nil
        }
    }

    /// An amount and the price term of a buy, a sell or an income: the record writes the
    /// quantity, the term's amount and, for a total, the unit price derived from it.
    private static func unreadable(_ amount: AssetAmount, _ term: PriceTerm) -> String? {
        if amount.quantity.isOverflow { return "quantity" }
        if term.givenAmount.isOverflow { return term.total == nil ? "price" : "total" }
        return term.total != nil && term.unitPrice(for: amount.quantity).amount.isOverflow ? "price" : nil
    }
}
