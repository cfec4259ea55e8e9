extension PortfolioFold {
    mutating func deposit(_ amount: AssetAmount) {
        if amount.asset.isFiat {
            fiatIn(amount, account: event.account)
            addPaidIn(valued(amount))
        } else {
            openLot(amount, cost: valued(amount))
        }
        if let fee = event.fee { addFees(payFee(fee)) }
    }

    mutating func withdraw(_ amount: AssetAmount) {
        if amount.asset.isFiat {
            fiatOut(amount, account: event.account)
            addPaidIn(-valued(amount))
        } else {
            var cost = ExactDecimal.zero
            _ = take(amount, from: event.account) { cost += $0.cost }
            if state.recordsTax { recordTax(.removal, amount.asset, amount.quantity, Valued(.zero)) }
            state.withdrawnCost += cost
        }
        if let fee = event.fee { addFees(payFee(fee)) }
    }

    mutating func transfer(_ amount: AssetAmount, to destination: String) {
        if amount.asset.isFiat {
            fiatOut(amount, account: event.account)
            fiatIn(amount, account: destination)
        } else if state.recordsTax {
            recordTax(.transfer(to: destination), amount.asset, amount.quantity, Valued(.zero))
        }
        if !amount.asset.isFiat, state.options.perAccount {
            let reduction = take(amount, from: event.account)
            let slot = state.positions.slot(destination, amount.asset.symbol)
            if !state.keepsLots { hold(amount.quantity - reduction.uncovered, at: slot) }
            for piece in reduction.pieces {
                state.positions.withBook(slot, method: state.options.method) { $0.add(piece) }
            }
        }
        if let fee = event.fee { addFees(payFee(fee)) }
    }

    /// Income at its value; its fee (a dividend's withholding tax) is a fee paid.
    mutating func receiveIncome(_ amount: AssetAmount, kind: IncomeKind, stated: PriceTerm?) {
        let value = valued(stated.map { AssetAmount($0.quoteAmount(for: amount.quantity), Asset($0.quote)) } ?? amount)
        state.income += value.value
        if state.recordsTax {
            state.taxIncome.append(
                TaxIncomeRecord(
                    kind: kind, asset: amount.asset.symbol, account: event.account, quantity: amount.quantity,
                    value: value.value, time: event.occurredAt, event: event.id, complete: value.known))
        }
        if !value.known { state.incompleteTotals.insert(.income) }
        if amount.asset.isFiat {
            fiatIn(amount, account: event.account)
        } else {
            openLot(amount, cost: value)
        }
        let fee = event.fee.map { payFee($0) } ?? Valued(.zero)
        addFees(fee)
        if kind == .dividend, state.recordsDisposals {
            state.dividends.append(
                DividendRecord(
                    received: event.occurredAt, asset: amount.asset.symbol, gross: value.value, withheld: fee.value,
                    complete: value.known && fee.known))
        }
    }

    mutating func split(_ symbol: AssetSymbol, _ ratio: SplitRatio) {
        if state.recordsTax {
            let (numerator, denominator) = (ExactDecimal(ratio.numerator), ExactDecimal(ratio.denominator))
            let asset = Asset(symbol, class: state.assetClass(of: symbol) ?? symbol.inferredClass)
            recordTax(.split(numerator: numerator, denominator: denominator), asset, .zero, Valued(.zero))
        }
        let (numerator, denominator) = (ExactDecimal(ratio.numerator), ExactDecimal(ratio.denominator))
        for slot in state.positions.slots(of: symbol) {
            state.positions.split(slot, numerator: numerator, denominator: denominator)
        }
    }

    /// Pays a fee and returns its value.
    mutating func payFee(_ fee: AssetAmount) -> Valued {
        let value = valueOfFee(fee)
        settleFee(fee, value: value)
        return value
    }

    /// A fee's value in the valuation currency (the known part, 0, when unpriced).
    mutating func valueOfFee(_ fee: AssetAmount) -> Valued {
        guard fee.quantity.isPositive else { return Valued(.zero) }
        return valued(fee)
    }

    /// Fiat leaves the balance; any other asset is disposed of at its market value.
    mutating func settleFee(_ fee: AssetAmount, value: Valued) {
        guard fee.quantity.isPositive else { return }
        if fee.asset.isFiat {
            fiatOut(fee, account: event.account)
        } else {
            dispose(fee, proceeds: value)
        }
    }
}
