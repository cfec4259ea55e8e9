import LedgerCore

extension EventRecordV1 {
    /// The domain event this record describes, or the first field that is missing or invalid.
    public func event() throws(EventRecordError) -> LedgerEvent {
        guard let eventID = EventID(id) else { throw fail("id", "is not an event id: '\(id)'") }
        guard let eventKind = EventKind(rawValue: kind) else {
            throw fail("kind", "is '\(kind)'; expected one of \(EventKind.list)")
        }
        guard total == nil || [.buy, .sell, .income].contains(eventKind) else {
            throw fail("total", "is only for a buy, a sell or an income, not a \(kind)")
        }
        guard (linkWithdrawal == nil && linkDeposit == nil) || eventKind == .link else {
            throw fail(linkWithdrawal == nil ? "link_deposit" : "link_withdrawal", "is only for a link, not a \(kind)")
        }
        try recordable("occurred_at", occurredAt)
        try recordable("recorded_at", recordedAt)
        var event = LedgerEvent(
            sequence: sequence, id: eventID, schemaVersion: schemaVersion,
            occurredAt: Timestamp(secondsSinceEpoch: occurredAt),
            recordedAt: Timestamp(secondsSinceEpoch: recordedAt),
            account: account, action: try action(eventKind), note: note, chain: try chain(eventKind)
        )
        if let fee {
            event.fee = AssetAmount(try number("fee", fee), try assetValue("fee_asset", feeAsset, feeClass))
        }
        guard source == "import" || source == "manual" else {
            throw fail("source", "is '\(source)'; expected manual or import")
        }
        if source == "import" {
            event.provenance = .imported(batch: batch ?? "", fingerprint: ImportFingerprint(fingerprint ?? ""))
        }
        return event
    }

    private func action(_ kind: EventKind) throws(EventRecordError) -> EventAction {
        switch kind {
        case .buy: return .buy(try main(), price: try priceTerm(since: 2))
        case .sell: return .sell(try main(), price: try priceTerm(since: 2))
        case .trade:
            let received = AssetAmount(
                try number("counter_quantity", counterQuantity),
                try assetValue("counter_asset", counterAsset, counterClass)
            )
            return .trade(given: try main(), received: received)
        case .deposit: return .deposit(try main())
        case .withdraw: return .withdraw(try main())
        case .fee: return .fee(try main())
        case .transfer:
            guard let toAccount else { throw fail("to_account", "is missing") }
            return .transfer(try main(), toAccount: toAccount)
        case .income:
            guard let name = incomeKind, let incomeKind = IncomeKind(rawValue: name) else {
                throw fail("income_kind", "must be one of \(IncomeKind.list)")
            }
            return .income(
                try main(), kind: incomeKind, value: price == nil && total == nil ? nil : try priceTerm(since: 3))
        case .split:
            guard let text = splitRatio, let ratio = SplitRatio(text) else {
                throw fail("split_ratio", "must look like 4:1")
            }
            return .split(try assetValue("asset", asset, assetClass), ratio)
        case .void:
            guard let text = voidTarget, let target = EventID(text) else {
                throw fail("void_target", "is not an event id")
            }
            return .void(target: target, reason: reason ?? "")
        case .link: return .link(try link())
        }
    }

    /// A deposit's or withdrawal's transaction hash and address (version 5), if it has them.
    private func chain(_ kind: EventKind) throws(EventRecordError) -> ChainReference? {
        guard txHash != nil || address != nil else { return nil }
        let field = txHash == nil ? "address" : "tx_hash"
        guard kind == .deposit || kind == .withdraw else {
            throw fail(field, "is only for a deposit or a withdrawal, not a \(kind.rawValue)")
        }
        guard schemaVersion >= ChainReference.schemaVersion else {
            throw fail(
                field,
                "needs record version \(ChainReference.schemaVersion), but the record is version \(schemaVersion)")
        }
        for (name, value) in [("tx_hash", txHash), ("address", address)] {
            if let value, !ChainReference.isValid(value) {
                throw fail(
                    name,
                    "'\(value)' must be 1 to \(ChainReference.maximumLength) printable ASCII characters without spaces")
            }
        }
        return ChainReference(hash: txHash, address: address)
    }

    /// A transfer link (version 4): the two events' ids, what arrived where, and the rule.
    private func link() throws(EventRecordError) -> TransferLink {
        guard schemaVersion >= 4 else {
            throw fail("kind", "link needs record version 4, but the record is version \(schemaVersion)")
        }
        guard let text = linkWithdrawal, let withdrawal = EventID(text) else {
            throw fail("link_withdrawal", "is not an event id")
        }
        guard let text = linkDeposit, let deposit = EventID(text) else {
            throw fail("link_deposit", "is not an event id")
        }
        guard let toAccount else { throw fail("to_account", "is missing") }
        guard let name = reason, let rule = TransferRule(rawValue: name) else {
            throw fail("reason", "must be the rule that linked the transfer: \(TransferRule.list)")
        }
        return TransferLink(
            withdrawal: withdrawal, deposit: deposit, arrived: try main(), toAccount: toAccount, rule: rule)
    }

    private func main() throws(EventRecordError) -> AssetAmount {
        AssetAmount(try number("quantity", quantity), try assetValue("asset", asset, assetClass))
    }

    /// A unit price, or (version 2 for a buy or sell, 3 for an income) a total, whose `price`
    /// must then be the unit price derived from it: a reader of `price` alone must not see
    /// another number than the ledger keeps.
    private func priceTerm(since version: Int) throws(EventRecordError) -> PriceTerm {
        let unit = try unitPrice()
        guard let total else { return .unit(unit) }
        guard schemaVersion >= version else {
            throw fail("total", "needs record version \(version), but the record is version \(schemaVersion)")
        }
        let amount = try main()
        let term = PriceTerm.total(try number("total", total), quote: unit.currency)
        let derived = term.unitPrice(for: amount.quantity).amount
        // A quantity of 0 derives no price; validation refuses the quantity itself.
        guard derived == unit.amount || derived.isOverflow else {
            throw fail(
                "price",
                "is \(unit.amount) but must be \(derived): the total \(total) ÷ the quantity \(amount.quantity), rounded half to even at 18 places"
            )
        }
        return term
    }

    private func unitPrice() throws(EventRecordError) -> Price {
        guard let quote, let symbol = AssetSymbol(quote) else { throw fail("quote", "is not an asset symbol") }
        return Price(try number("price", price), symbol)
    }

    private func number(_ field: String, _ text: String?) throws(EventRecordError) -> ExactDecimal {
        guard let text else { throw fail(field, "is missing") }
        switch ExactDecimal.parse(text) {
        case .success(let value): return value
        case .failure(let error): throw fail(field, "'\(text)' \(error.reason)")
        }
    }

    private func assetValue(_ field: String, _ symbol: String?, _ classText: String?) throws(EventRecordError) -> Asset
    {
        guard let symbol, let parsed = AssetSymbol(symbol) else { throw fail(field, "is not an asset symbol") }
        guard let classText else { return Asset(parsed) }
        guard let assetClass = AssetClass(rawValue: classText) else {
            throw fail(field + "_class", "must be \(AssetClass.list)")
        }
        return Asset(parsed, class: assetClass)
    }

    /// A time the ledger can record (``Timestamp/recordable``): beyond it, reports could not
    /// work out its date.
    private func recordable(_ field: String, _ seconds: Int64) throws(EventRecordError) {
        let time = Timestamp(secondsSinceEpoch: seconds)
        guard Timestamp.recordable.contains(time) else { throw fail(field, Self.timeProblem(time)) }
    }

    private func fail(_ field: String, _ problem: String) -> EventRecordError {
        EventRecordError(sequence: sequence, field: field, problem: problem)
    }
}
