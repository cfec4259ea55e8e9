import LedgerCore

/// What a Coinbase `Transaction Type` means for the books.
enum CoinbaseType: Equatable {
    case buy, sell, advancedBuy, advancedSell, convert, deposit, withdrawal, spend, internalMove, unknown
    /// A move to or from the user's own Coinbase Pro/Exchange/Prime account, or an asset
    /// migration: the sign of the quantity decides; `towardsAccount` is the direction when the
    /// layout writes quantities unsigned.
    case bySign(towardsAccount: Bool)
    case income(IncomeKind)

    init(_ type: String, notes: String) {
        let lower = type.lowercased()
        switch lower {
        case "buy": self = .buy
        case "sell": self = .sell
        case "advanced trade buy", "advance trade buy": self = .advancedBuy
        case "advanced trade sell", "advance trade sell": self = .advancedSell
        case "convert", "retail simple dust": self = .convert
        case "deposit": self = .deposit
        case "withdrawal": self = .withdrawal
        case "send", "admin debit", "subscription", "card spend", "donation", "retail mgx dex send": self = .spend
        case "receive", "credit":
            let rewarded = ["Coinbase Referral", "Coinbase Earn", "Coinbase Rewards"].contains { notes.contains($0) }
            self = rewarded ? .income(.reward) : .deposit
        case "exchange withdrawal", "pro withdrawal": self = .bySign(towardsAccount: true)
        case "exchange deposit", "pro deposit", "prime deposit": self = .bySign(towardsAccount: false)
        case "asset migration", "retail eth2 deprecation": self = .bySign(towardsAccount: true)
        case "coinbase earn", "learning reward", "rewards income", "reward income",
            "subscription rebate", "subscription rebates", "retail simple price improvement":
            self = .income(.reward)
        case "inflation reward", "staking income": self = .income(.staking)
        case "interest payout": self = .income(.interest)
        case "vault withdrawal", "cash to savings", "savings to cash", "transfer",
            "retail staking transfer", "retail unstaking transfer":
            self = .internalMove
        default: self = .unknown
        }
    }
}

extension CoinbaseLayout {
    /// Advanced Trade rows name the real pair in Notes: `Bought 7.07 ADA for £2.48 GBP on
    /// ADA-GBP`, `Bought 0.5 ETH for 1,350.75 USDC on ETH-USDC at 2,700.00 USDC/ETH`. The quote
    /// comes from the pair, not from the price currency, and the Notes amount is what moved in
    /// it (the money columns only value the row in the price currency).
    func advancedTrade(_ row: ImportRow, _ amount: AssetAmount, buying: Bool) throws(RowError) -> (
        EventAction, AssetAmount?
    ) {
        let words = row["Notes"].split(separator: " ").map(String.init)
        guard let on = words.firstIndex(of: "on"), on + 1 < words.count else {
            return try tradeWithFee(row, amount, buying: buying)
        }
        let pair = try codes.pair(words[on + 1], "Notes")
        let fiat = try currency(row)
        if pair.quote.symbol == fiat.symbol { return try tradeWithFee(row, amount, buying: buying) }
        var moved: ExactDecimal?
        if let forIndex = words.firstIndex(of: "for"), forIndex + 2 < words.count,
            words[forIndex + 2].uppercased() == pair.quote.symbol.text
        {
            moved = try ImportNumber.money(words[forIndex + 1], "the amount in Notes").magnitude
        }
        var rate: ExactDecimal?
        if let at = words.firstIndex(of: "at"), at + 1 < words.count {
            rate = try ImportNumber.money(words[at + 1], "the rate in Notes").magnitude
        }
        switch (moved, rate) {
        case (let moved?, let rate?):
            return try Self.atRate(buying, amount, rate: rate, moved: AssetAmount(moved, pair.quote))
        case (let moved?, nil):
            return (
                try TradeAction.make(buying ? .buy : .sell, base: amount, quote: AssetAmount(moved, pair.quote)), nil
            )
        case (nil, let rate?):
            return (
                try TradeAction.make(
                    buying ? .buy : .sell, base: amount,
                    quote: AssetAmount(
                        try ImportNumber.total(amount.quantity.magnitude, rate, "the rate in Notes"), pair.quote)), nil
            )
        case (nil, nil):
            throw RowError(
                "the Notes name the pair \(words[on + 1]) but not the \(pair.quote) amount (only its value in \(fiat)); record this trade with 'ledger add'"
            )
        }
    }

    /// A trade at `rate` whose quote moved by `moved`: the difference from quantity × rate is
    /// the fee in the quote (a buy paid more, a sale received less). When the difference goes
    /// the other way the rate cannot be the price, and the trade is of the two exact amounts.
    static func atRate(_ buying: Bool, _ amount: AssetAmount, rate: ExactDecimal, moved: AssetAmount) throws(RowError)
        -> (EventAction, AssetAmount?)
    {
        // A gross that would need rounding is not the price: the trade is of the exact amounts.
        guard let gross = amount.quantity.magnitude.multipliedExactly(by: rate),
            case let fee = buying ? moved.quantity - gross : gross - moved.quantity, !fee.isNegative
        else {
            return (try TradeAction.make(buying ? .buy : .sell, base: amount, quote: moved), nil)
        }
        let action = try TradeAction.make(buying ? .buy : .sell, base: amount, quote: AssetAmount(gross, moved.asset))
        return (action, fee.isZero ? nil : AssetAmount(fee, moved.asset))
    }

    /// `Converted 0.05 ETH to 0.00326812 BTC` (numbers may group thousands: `2,000 USDC`), or
    /// the two-row form: one row per asset with the same ID.
    mutating func convertRow(_ row: ImportRow, _ amount: AssetAmount, id: String?, time: Timestamp) throws(RowError)
        -> ImportOutcome?
    {
        let words = row["Notes"].split(separator: " ").map(String.init)
        if let to = words.firstIndex(of: "to"), to >= 2, to + 2 < words.count {
            let given = AssetAmount(
                try ImportNumber.money(words[to - 2], "the amount converted in Notes"),
                try codes.asset(words[to - 1], "Notes"))
            let received = AssetAmount(
                try ImportNumber.money(words[to + 1], "the amount received in Notes"),
                try codes.asset(words[to + 2], "Notes"))
            return build.event(
                row, at: time, try TradeAction.swap(given: given, received: received), note: row["Notes"], id: id,
                spot: given.asset == amount.asset ? try? unitValue(row) ?? nil : nil)
        }
        guard let id else { throw RowError("a Convert row needs 'Converted AMOUNT ASSET to AMOUNT ASSET' in Notes") }
        guard let pending = pendingConvert else {
            pendingConvert = (row, amount, id)
            return nil
        }
        pendingConvert = nil
        let (given, received) = pending.amount.quantity.isNegative ? (pending.amount, amount) : (amount, pending.amount)
        guard given.quantity.isNegative, received.quantity.isPositive else {
            throw RowError("the two Convert rows with ID \(id) must have one negative and one positive quantity")
        }
        return build.event(
            pending.row, at: time, try TradeAction.swap(given: given, received: received), note: pending.row["Notes"],
            id: id)
    }
}
