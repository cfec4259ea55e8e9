extension PortfolioFold {
    /// The position lots are kept under for `account`.
    func lotKey(_ asset: AssetSymbol, _ account: String) -> PositionKey {
        PositionKey(account: state.options.perAccount ? account : ValuationOptions.pooledAccount, asset: asset)
    }

    mutating func remember(_ asset: Asset?) {
        // Most events name the same two assets as the one before (an asset and its quote
        // currency), and each is remembered two or three times per event: the two assets last
        // remembered skip the dictionary.
        guard let asset, asset != recentAssets.0, asset != recentAssets.1 else { return }
        // Read before writing: the class rarely changes, and a write costs a second lookup.
        if state.assetClasses[asset.symbol] != asset.assetClass {
            state.assetClasses[asset.symbol] = asset.assetClass
        }
        // A symbol whose class just changed must not stay behind with its old class.
        recentAssets = (asset, recentAssets.0?.symbol == asset.symbol ? nil : recentAssets.0)
    }

    mutating func openLot(_ amount: AssetAmount, cost: ExactDecimal) {
        remember(amount.asset)
        let lot = Lot(source: event.id, acquired: event.occurredAt, quantity: amount.quantity, cost: cost)
        state.books[lotKey(amount.asset.symbol, event.account), default: LotBook(method: state.options.method)].add(lot)
        state.acquiredCost += cost
    }

    /// Takes lots out of a position; a quantity not covered by lots becomes a warning.
    mutating func take(_ amount: AssetAmount, from account: String) -> Reduction {
        let key = lotKey(amount.asset.symbol, account)
        let reduction = state.books[key, default: LotBook(method: state.options.method)].reduce(amount.quantity)
        if reduction.uncovered.isPositive {
            state.diagnostics.append(LedgerDiagnostic(.warning,
                "takes \(amount) from '\(account)' but only \(amount.quantity - reduction.uncovered) was held; the rest is treated as acquired at zero cost",
                sequence: event.sequence))
        }
        return reduction
    }

    /// Disposes of `amount`, spreading `proceeds` over the lot pieces by quantity with the
    /// largest remainder method at 10⁻¹⁸ (``ExactDecimal/apportioned(by:)``), so the pieces
    /// add up to the proceeds exactly and none is more than 10⁻¹⁸ from its proportion.
    mutating func dispose(_ amount: AssetAmount, proceeds: ExactDecimal) {
        var reduction = take(amount, from: event.account)
        if reduction.uncovered.isPositive {
            reduction.pieces.append(Lot(source: event.id, acquired: event.occurredAt, quantity: reduction.uncovered, cost: .zero))
        }
        // One piece (the common case) takes the whole proceeds without the arithmetic.
        let shares = reduction.pieces.count == 1 ? [proceeds] : proceeds.apportioned(by: reduction.pieces.map(\.quantity))
        for (piece, share) in zip(reduction.pieces, shares) {
            state.realizedGain += share - piece.cost
            guard state.recordsDisposals else { continue }
            state.disposals.append(Disposal(
                asset: amount.asset.symbol, account: event.account, quantity: piece.quantity,
                acquired: piece.acquired, disposed: event.occurredAt, proceeds: share, cost: piece.cost,
                sequence: event.sequence))
        }
    }

    /// Fiat balances are always kept per account, pooled or not: cash does not move between
    /// accounts by itself, so pooling lots must not change what is held or paid in.
    mutating func fiatIn(_ amount: AssetAmount, account: String) {
        remember(amount.asset)
        state.fiat[PositionKey(account: account, asset: amount.asset.symbol), default: .zero] += amount.quantity
    }

    /// Spends fiat; what the balance does not cover was paid in from outside.
    mutating func fiatOut(_ amount: AssetAmount, account: String) {
        remember(amount.asset)
        let shortfall = Self.spend(amount.quantity, from: &state.fiat[PositionKey(account: account, asset: amount.asset.symbol), default: .zero])
        if shortfall.isPositive {
            state.netFiatPaidIn += valueOrError(AssetAmount(shortfall, amount.asset), purpose: "payment")
        }
    }

    /// Takes `quantity` from `balance` (one dictionary access through the inout); returns
    /// what the balance did not cover, leaving it at zero.
    private static func spend(_ quantity: ExactDecimal, from balance: inout ExactDecimal) -> ExactDecimal {
        if balance >= quantity {
            balance -= quantity
            return .zero
        }
        let shortfall = quantity - balance
        balance = .zero
        return shortfall
    }

    /// The value of `amount` in the valuation currency at the event's time, if priced.
    mutating func value(_ amount: AssetAmount) -> ExactDecimal? {
        if amount.asset.symbol == currency { return amount.quantity }
        state.usedPrices = true
        return prices.price(of: amount.asset.symbol, in: currency, at: event.occurredAt).map { $0.value * amount.quantity }
    }

    /// The value, or 0 with an error naming the missing pair and date (the report fails).
    mutating func valueOrError(_ amount: AssetAmount, purpose: String) -> ExactDecimal {
        if let value = value(amount) { return value }
        if reportedMissing.insert(amount.asset.symbol).inserted {
            state.diagnostics.append(LedgerDiagnostic(.error, missingPrice(amount.asset.symbol, purpose), sequence: event.sequence))
        }
        return .zero
    }

    /// The value, or 0 with a warning (deposits, income and fees of unpriced assets).
    mutating func valueOrWarning(_ amount: AssetAmount, purpose: String) -> ExactDecimal {
        if let value = value(amount) { return value }
        guard reportedMissing.insert(amount.asset.symbol).inserted else { return .zero }
        state.diagnostics.append(LedgerDiagnostic(.warning, missingPrice(amount.asset.symbol, purpose) + "; valued at 0 until a price is recorded", sequence: event.sequence))
        return .zero
    }

    func missingPrice(_ asset: AssetSymbol, _ purpose: String) -> String {
        let date = event.occurredAt.date
        return "no \(asset)/\(currency) price on or before \(date) to value this \(purpose); add one with 'ledger prices set \(asset) PRICE --currency \(currency) --date \(date)'"
    }
}
