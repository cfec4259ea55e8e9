extension PortfolioFold {
    /// The slot lots of the asset with id `assetID` are kept in for `account` (the pooled
    /// account unless valued per account).
    mutating func lotSlot(_ assetID: Int, _ account: String) -> Int {
        state.options.perAccount ? state.positions.slot(account, assetID) : state.positions.pooledSlot(assetID)
    }

    /// Records the class the event gives `asset` (``PortfolioState/assetClasses``).
    mutating func remember(_ asset: Asset?) {
        if let asset { state.positions.remember(asset) }
    }

    mutating func openLot(_ amount: AssetAmount, cost: Valued) {
        let assetID = state.positions.remember(amount.asset)
        state.acquiredCost += cost.value
        if state.recordsTax { recordTax(.acquisition, amount.asset, amount.quantity, cost) }
        let slot = lotSlot(assetID, event.account)
        guard state.keepsLots else { return hold(amount.quantity, at: slot) }
        let lot = Lot(
            source: event.id, acquired: event.occurredAt, quantity: amount.quantity, cost: cost.value,
            costComplete: cost.known)
        state.positions.withBook(slot, method: state.options.method) { $0.add(lot) }
    }

    /// Without lots: `quantity` more held at `slot` (nothing for none, as a book opens no empty lot).
    mutating func hold(_ quantity: ExactDecimal, at slot: Int) {
        if quantity.isPositive { state.positions.withHeld(slot) { $0 += quantity } }
    }

    /// Writes one moment down for the tax rules (docs/TAX.md, "Input").
    mutating func recordTax(_ kind: TaxTransaction.Kind, _ asset: Asset, _ quantity: ExactDecimal, _ amount: Valued) {
        let (acquisition, sale) =
            switch kind {
            case .acquisition: (true, false)
            case .disposal: (false, true)
            default: (false, false)
            }
        state.taxCensus.count(
            asset.symbol, asset.assetClass, acquisition: acquisition, sale: sale, event: event.id, at: event.occurredAt)
        state.taxTransactions.append(
            TaxTransaction(
                kind, asset: asset.symbol, class: asset.assetClass, account: event.account, quantity: quantity,
                amount: amount.value, time: event.occurredAt, event: event.id, complete: amount.known))
    }

    /// Room for `count` tax transactions, about one an event: growing the array by doubling
    /// copied every transaction again and raised the peak by half (`ledger tax` at 1M events).
    public mutating func reserveTaxTransactions(_ count: Int) {
        state.taxTransactions.reserveCapacity(count)
        state.taxCensus.reserveCapacity(count)
    }

    /// Takes lots out of a position; a quantity not covered by lots becomes a warning.
    mutating func take(_ amount: AssetAmount, from account: String) -> Reduction {
        var pieces: [Lot] = []
        let uncovered = take(amount, from: account) { pieces.append($0) }
        return Reduction(pieces: pieces, uncovered: uncovered)
    }

    /// Takes lots out of a position, handing each piece to `taken`; returns the quantity not
    /// covered by lots, which becomes a warning.
    mutating func take(_ amount: AssetAmount, from account: String, taking taken: (Lot) -> Void) -> ExactDecimal {
        let assetID = state.positions.symbolID(amount.asset.symbol)
        let slot = lotSlot(assetID, account)
        let uncovered =
            state.keepsLots
            ? state.positions.withBook(slot, method: state.options.method) {
                $0.reduce(amount.quantity, taking: taken)
            }
            : state.positions.withHeld(slot) { Self.take(amount.quantity, from: &$0) }
        if uncovered.isPositive {
            state.diagnostics.append(
                LedgerDiagnostic(
                    .warning,
                    "takes \(amount) from '\(account)' but only \(amount.quantity - uncovered) was held; the rest is treated as acquired at zero cost",
                    sequence: event.sequence))
        }
        return uncovered
    }

    /// Without lots: what a book's reduction by `quantity` leaves uncovered, taken from `held`
    /// (all of it when it covers `quantity`; a quantity of zero or less takes nothing).
    static func take(_ quantity: ExactDecimal, from held: inout ExactDecimal) -> ExactDecimal {
        guard quantity.isPositive else { return quantity }
        let covered = min(quantity, max(held, .zero))
        held -= covered
        return quantity - covered
    }

    /// Disposes of `amount`, spreading `proceeds` over the lot pieces by quantity with the
    /// largest remainder method at 10⁻¹⁸ (``ExactDecimal/apportioned(by:)``), so the pieces
    /// add up to the proceeds exactly and none is more than 10⁻¹⁸ from its proportion.
    /// `fee` is the part of the sale's fee already deducted from `proceeds` (for the tax rules,
    /// which allow it as a cost of the disposal).
    mutating func dispose(_ amount: AssetAmount, proceeds valued: Valued, fee: Valued = Valued(.zero)) {
        if state.recordsTax {
            recordTax(
                .disposal(fee: fee.value), amount.asset, amount.quantity,
                Valued(valued.value, known: valued.known && fee.known))
        }
        // Without lots there are no pieces to realize: only the held quantity goes down.
        guard state.keepsLots else {
            _ = take(amount, from: event.account)
            return
        }
        let proceeds = valued.value
        guard state.recordsDisposals || proceeds.isOverflow else {
            return realize(amount, proceeds: valued)
        }
        var reduction = take(amount, from: event.account)
        if reduction.uncovered.isPositive {
            reduction.pieces.append(
                Lot(source: event.id, acquired: event.occurredAt, quantity: reduction.uncovered, cost: .zero))
        }
        // One piece (the common case) takes the whole proceeds without the arithmetic.
        let shares =
            reduction.pieces.count == 1 ? [proceeds] : proceeds.apportioned(by: reduction.pieces.map(\.quantity))
        for (piece, share) in zip(reduction.pieces, shares) {
            state.realizedGain += share - piece.cost
            if !piece.costComplete || !valued.known { state.incompleteTotals.insert(.realized) }
            guard state.recordsDisposals else { continue }
            var disposal = Disposal(
                asset: amount.asset.symbol, account: event.account, quantity: piece.quantity,
                acquired: piece.acquired, disposed: event.occurredAt, proceeds: share, cost: piece.cost,
                sequence: event.sequence)
            (disposal.proceedsComplete, disposal.costComplete) = (valued.known, piece.costComplete)
            state.disposals.append(disposal)
        }
    }

    /// ``dispose(_:proceeds:fee:)`` when no piece is kept: the gain is the proceeds less the
    /// pieces' cost, the same sum as the apportioned shares less each piece's cost (the shares
    /// add up to the proceeds exactly), without the shares or an array of pieces. Overflow
    /// comes out as there: a piece's quantity that does not fit (or is negative) gives
    /// overflowed shares when there are two or more pieces.
    private mutating func realize(_ amount: AssetAmount, proceeds valued: Valued) {
        var (pieces, cost, costComplete, weightsFit) = (0, ExactDecimal.zero, true, true)
        let uncovered = take(amount, from: event.account) { piece in
            pieces += 1
            cost += piece.cost
            costComplete = costComplete && piece.costComplete
            weightsFit = weightsFit && !piece.quantity.isOverflow && !piece.quantity.isNegative
        }
        if uncovered.isPositive { (pieces, weightsFit) = (pieces + 1, weightsFit && !uncovered.isOverflow) }
        guard pieces > 0 else { return }
        state.realizedGain += pieces > 1 && !weightsFit ? .overflow : valued.value - cost
        if !costComplete || !valued.known { state.incompleteTotals.insert(.realized) }
    }

    /// Fiat balances are always kept per account, pooled or not: cash does not move between
    /// accounts by itself, so pooling lots must not change what is held or paid in.
    mutating func fiatIn(_ amount: AssetAmount, account: String) {
        let assetID = state.positions.remember(amount.asset)
        let slot = state.positions.slot(account, assetID)
        noteCash(slot, account)
        state.positions.withFiat(slot) { $0 += amount.quantity }
    }

    /// Spends fiat. An imported event takes the balance where its rows say, below zero
    /// included (an overdraft, margin); a typed one treats what the balance does not cover as
    /// paid in from outside.
    mutating func fiatOut(_ amount: AssetAmount, account: String) {
        let assetID = state.positions.remember(amount.asset)
        let slot = state.positions.slot(account, assetID)
        noteCash(slot, account)
        guard event.isManual else { return state.positions.withFiat(slot) { $0 -= amount.quantity } }
        let shortfall = state.positions.withFiat(slot) { Self.spend(amount.quantity, from: &$0) }
        if shortfall.isPositive { addPaidIn(valued(AssetAmount(shortfall, amount.asset))) }
    }

    /// Records whether the event tells the account's cash (a deposit, withdrawal or transfer
    /// of fiat) or only moves it by an imported trade (docs/VALUATION.md, "Cash").
    private mutating func noteCash(_ slot: Int, _ account: String) {
        switch event.kind {
        case .deposit, .withdraw, .transfer: _ = state.positions.markCashKnown(account)
        default: if !event.isManual { state.positions.markCashImplied(slot) }
        }
    }

    /// Takes `quantity` from `balance` (one dictionary access through the inout); returns
    /// what the balance did not cover. A balance never goes below zero here, and one already
    /// below (an imported overdraft) covers nothing.
    private static func spend(_ quantity: ExactDecimal, from balance: inout ExactDecimal) -> ExactDecimal {
        if balance >= quantity {
            balance -= quantity
            return .zero
        }
        let covered = balance.isPositive ? balance : .zero
        balance -= covered
        return quantity - covered
    }

    /// The value of `amount` in the valuation currency at the event's time, if priced.
    mutating func lookUp(_ amount: AssetAmount) -> ExactDecimal? {
        if amount.asset.symbol == currency { return amount.quantity }
        state.usedPrices = true
        guard let derivation = prices.derivation(of: amount.asset.symbol, in: currency, at: event.occurredAt) else {
            return nil
        }
        if state.recordsTax {
            let rate = TaxRate(
                asset: amount.asset.symbol, quote: currency, at: event.occurredAt, derivation: derivation)
            if !state.taxRates.contains(rate) { state.taxRates.insert(rate) }
        }
        return derivation.quote(at: event.occurredAt).value * amount.quantity
    }

    /// The value of `amount`; when it is unpriced, the missing price is recorded and the
    /// value is its known part, 0, marked unknown.
    mutating func valued(_ amount: AssetAmount) -> Valued {
        if let value = lookUp(amount) { return Valued(value) }
        let key = MissingPriceKey(asset: amount.asset.symbol, quote: currency, day: event.occurredAt.date)
        if state.missing[key]?.last != event.sequence {
            state.missing[key, default: []].append(event.sequence)
            state.valuationsMissed += 1
        }
        return Valued(.zero, known: false)
    }

    mutating func addPaidIn(_ paid: Valued) {
        state.netFiatPaidIn += paid.value
        if !paid.known { state.incompleteTotals.insert(.netFiatPaidIn) }
    }

    mutating func addFees(_ fees: Valued) {
        state.feesPaid += fees.value
        if !fees.known { state.incompleteTotals.insert(.fees) }
    }
}
