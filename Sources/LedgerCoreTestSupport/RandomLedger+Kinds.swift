import LedgerCore

/// The event kinds ``RandomLedger`` draws from, with their weights.
extension RandomLedgerGenerator {
    enum Kind: CaseIterable {
        case depositFiat, withdrawFiat, buy, sell, trade, transfer, income, fee, depositCrypto, withdrawCrypto

        var weight: Int {
            switch self {
            case .depositFiat: 3
            case .withdrawFiat: 1
            case .buy: 6
            case .sell: 5
            case .trade: 3
            case .transfer: 2
            case .income: 2
            case .fee: 1
            case .depositCrypto, .withdrawCrypto: 1
            }
        }
    }

    mutating func drawKind() -> Kind {
        let kinds = Kind.allCases.filter { options.cryptoInOut || ($0 != .depositCrypto && $0 != .withdrawCrypto) }
        var roll = Int.random(in: 0..<kinds.map(\.weight).reduce(0, +), using: &rng)
        for kind in kinds {
            if roll < kind.weight { return kind }
            roll -= kind.weight
        }
        return .buy
    }

    /// One random event that may or may not fit what is held (the caller checks).
    mutating func candidate() -> LedgerEvent? {
        let account = pick(options.accounts)
        let asset = pick(options.assets)
        switch drawKind() {
        case .depositFiat: return fiat(deposit: true, account: account)
        case .withdrawFiat: return fiat(deposit: false, account: account)
        case .buy: return buyOrSell(asset, account: account, buying: true)
        case .sell: return buyOrSell(asset, account: account, buying: false)
        case .trade:
            return trade(asset, account: account)
        case .transfer:
            guard let quantity = share(of: asset, in: account) else { return nil }
            let destination = pick(options.accounts.filter { $0 != account })
            return make.make(
                .transfer(Self.amount(quantity, asset), toAccount: destination), on: now, account: account,
                fee: fee(asset, account: account))
        case .income:
            return income(asset, account: account)
        case .fee:
            let paid =
                fee(asset, account: account) ?? Self.amount(Self.money(Int64.random(in: 1...1_000, using: &rng)), "USD")
            return make.make(.fee(paid), on: now, account: account)
        case .depositCrypto:
            return make.make(.deposit(Self.amount(purchaseQuantity(asset), asset)), on: now, account: account)
        case .withdrawCrypto:
            guard let quantity = share(of: asset, in: account) else { return nil }
            return make.make(
                .withdraw(Self.amount(quantity, asset)), on: now, account: account, fee: fee(asset, account: account))
        }
    }

    /// A deposit of up to $20,000, or a withdrawal of a share of the account's dollars.
    private mutating func fiat(deposit: Bool, account: String) -> LedgerEvent? {
        if deposit {
            return make.make(
                .deposit(Self.amount(Self.money(Int64.random(in: 10_000...2_000_000, using: &rng)), "USD")),
                on: now, account: account)
        }
        guard let quantity = share(of: "USD", in: account) else { return nil }
        return make.make(
            .withdraw(Self.amount(quantity.rounded(places: 2, rule: .towardZero), "USD")), on: now, account: account)
    }

    /// A purchase at the asset's traded price, or the sale of a share of what the account holds.
    private mutating func buyOrSell(_ asset: String, account: String, buying: Bool) -> LedgerEvent? {
        if buying {
            let amount = Self.amount(purchaseQuantity(asset), asset)
            let term = priceTerm(amount.quantity, tradedPrice(asset))
            return make.make(.buy(amount, price: term), on: now, account: account, fee: fee(asset, account: account))
        }
        guard let quantity = share(of: asset, in: account) else { return nil }
        let term = priceTerm(quantity, tradedPrice(asset))
        return make.make(
            .sell(Self.amount(quantity, asset), price: term), on: now, account: account,
            fee: fee(asset, account: account))
    }

    /// A unit price in USD, or (for every fourth event, as an exchange's CSV gives it) the
    /// total in cents: no random draw, so a seed makes the same kinds and quantities as before.
    func priceTerm(_ quantity: ExactDecimal, _ price: ExactDecimal) -> PriceTerm {
        events.count % 4 == 3
            ? .total((quantity * price).rounded(places: 2), quote: sym("USD")) : .unit(Price(price, sym("USD")))
    }

    /// Some of `given` (held) for about the same value of another asset.
    mutating func trade(_ given: String, account: String) -> LedgerEvent? {
        guard let quantity = share(of: given, in: account) else { return nil }
        let received = pick(options.assets.filter { $0 != given })
        let receivedQuantity = Self.truncated(quantity * price(given) / tradedPrice(received))
        guard receivedQuantity.isPositive else { return nil }
        return make.make(
            .trade(given: Self.amount(quantity, given), received: Self.amount(receivedQuantity, received)),
            on: now, account: account, fee: fee(given, account: account))
    }

    /// Income at market value, or (one time in three) at a stated unit value in USD.
    mutating func income(_ asset: String, account: String) -> LedgerEvent? {
        let quantity = max(Self.quantity(1), Self.truncated(purchaseQuantity(asset) / ExactDecimal(20)))
        // The kinds before `dividend` was added: a seed keeps making the same ledger.
        let kind = pick([IncomeKind.staking, .airdrop, .interest, .mining, .reward, .other])
        let unitValue =
            Int.random(in: 0..<3, using: &rng) == 0 ? PriceTerm.unit(Price(tradedPrice(asset), sym("USD"))) : nil
        return make.make(
            .income(Self.amount(quantity, asset), kind: kind, value: unitValue), on: now, account: account)
    }

    /// No fee, a USD fee, a fee in `asset`, or a fee in another crypto the account holds.
    mutating func fee(_ asset: String, account: String) -> AssetAmount? {
        switch Int.random(in: 0..<6, using: &rng) {
        case 0, 1: return nil
        case 2, 3: return Self.amount(Self.money(Int64.random(in: 1...2_000, using: &rng)), "USD")
        case 4: return cryptoFee(asset, account: account)
        default: return cryptoFee(pick(options.assets), account: account)
        }
    }

    /// A small part (0.01 % to 1 %) of what `account` holds of `asset`, if anything.
    mutating func cryptoFee(_ asset: String, account: String) -> AssetAmount? {
        let held = book.balance(PositionKey(account: account, asset: sym(asset)))
        let part = Self.truncated(held * ExactDecimal(Int.random(in: 1...100, using: &rng)) / ExactDecimal(10_000))
        return part.isPositive ? Self.amount(part, asset) : nil
    }
}
