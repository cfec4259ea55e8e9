import LedgerCore

/// The sections of an activity statement that become events one row at a time.
extension IBKRStatementLayout {
    /// A `Trades` row: an `Order` (or `Trade`) of stocks or currencies. `Execution` rows
    /// repeat the parts of the order above them and `ClosedLot` rows the lots a sale closed:
    /// counting them too would count the trade twice.
    func trade(_ row: ImportRow) throws(RowError) -> ImportOutcome? {
        let discriminator = row["DataDiscriminator"]
        if discriminator == "Execution" || discriminator == "ClosedLot" {
            return build.ignored(row, "a '\(discriminator)' row repeats part of the order above it")
        }
        if isTotal(row["Asset Category"]) || isTotal(row["Currency"]) { return nil }
        let time = try date(row["Date/Time"], "Date/Time")
        switch row["Asset Category"] {
        case "Stocks": return try stockTrade(row, at: time)
        case "Forex": return try forexTrade(row, at: time)
        case let category:
            throw RowError(
                "asset category '\(category)' is not one the ibkr preset reads (Stocks, Forex); record the trade with 'ledger add'"
            )
        }
    }

    /// Shares bought (a positive `Quantity`) or sold, for `Proceeds` in the row's currency,
    /// with `Comm/Fee` as the fee. Proceeds and commission stay the totals the row states.
    private func stockTrade(_ row: ImportRow, at time: Timestamp) throws(RowError) -> ImportOutcome {
        let shares = try ImportNumber.required(row["Quantity"], "Quantity")
        let cash = try currency(row["Currency"], "Currency")
        let proceeds = try ImportNumber.required(row["Proceeds"], "Proceeds")
        let action = try TradeAction.make(
            shares.isNegative ? .sell : .buy, base: AssetAmount(shares, try stock(row["Symbol"], "Symbol")),
            quote: AssetAmount(proceeds, cash), field: "Quantity")
        let fee = try commission(row["Comm/Fee"], "Comm/Fee", cash)
        var note = row["Code"].isEmpty ? "" : "code \(row["Code"])"
        let realized = try ImportNumber.optional(row["Realized P/L"], "Realized P/L")
        if !realized.isZero { note += (note.isEmpty ? "" : "; ") + "realized P/L \(realized) \(cash) (IBKR)" }
        return build.event(row, at: time, action, fee: fee, note: note)
    }

    /// A currency conversion `EUR.USD`: `Quantity` of the first currency bought (positive) or
    /// sold, `Proceeds` of the second the other way; the commission is in the column's
    /// currency (`Comm in USD`, the account's base currency).
    private func forexTrade(_ row: ImportRow, at time: Timestamp) throws(RowError) -> ImportOutcome {
        let pair = row["Symbol"].split(separator: ".").map(String.init)
        guard pair.count == 2 else { throw RowError("Symbol '\(row["Symbol"])' is not a currency pair like EUR.USD") }
        let base = AssetAmount(try ImportNumber.required(row["Quantity"], "Quantity"), try currency(pair[0], "Symbol"))
        let quote = AssetAmount(try ImportNumber.required(row["Proceeds"], "Proceeds"), try currency(pair[1], "Symbol"))
        guard base.quantity.isPositive != quote.quantity.isPositive else {
            throw RowError(
                "Quantity \(base.quantity) and Proceeds \(quote.quantity) have the same sign; one side must go out")
        }
        let (given, received) = base.quantity.isNegative ? (base, quote) : (quote, base)
        let action = try TradeAction.swap(given: given, received: received)
        let column = row.header.names.first { $0.hasPrefix("Comm in ") } ?? "Comm/Fee"
        let feeCurrency = column.hasPrefix("Comm in ") ? String(column.dropFirst("Comm in ".count)) : pair[1]
        let fee = try commission(row[column], column, try currency(feeCurrency, column))
        return build.event(row, at: time, action, fee: fee, note: "currency conversion \(row["Symbol"])")
    }

    /// A commission, written negative; a positive one (a rebate) is refused rather than
    /// turned around.
    private func commission(_ text: String, _ field: String, _ asset: Asset) throws(RowError) -> AssetAmount? {
        let value = try ImportNumber.optional(text, field)
        guard !value.isPositive else {
            throw RowError("\(field) is \(value), a rebate; record it with 'ledger add income \(asset) \(value)'")
        }
        return value.isZero ? nil : AssetAmount(value.magnitude, asset)
    }

    /// A row of Deposits & Withdrawals (`Settle Date`), Fees or Interest (`Date`): money in
    /// (a deposit, interest, a fee refunded) or out (a withdrawal, a fee, debit interest).
    func cash(_ section: String, _ row: ImportRow) throws(RowError) -> ImportOutcome? {
        if isTotal(row["Currency"]) || isTotal(row["Subtitle"]) { return nil }
        let dateField = section == "Deposits & Withdrawals" ? "Settle Date" : "Date"
        let time = try date(row[dateField], dateField)
        let amount = AssetAmount(
            try ImportNumber.required(row["Amount"], "Amount"), try currency(row["Currency"], "Currency"))
        let description = row["Description"]
        let action: EventAction
        switch section {
        case "Deposits & Withdrawals": action = try TradeAction.movement(amount, field: "Amount")
        case _ where amount.quantity.isNegative: action = .fee(AssetAmount(amount.quantity.magnitude, amount.asset))
        case "Interest": action = .income(amount, kind: .interest, value: nil)
        default: action = .income(amount, kind: .other, value: nil)
        }
        let note = section == "Fees" && amount.quantity.isPositive ? "fee refunded: \(description)" : description
        return build.event(row, at: time, action, note: note)
    }

    /// A corporate action: a split (`AAPL(US0378331005) Split 4 for 1 (AAPL, APPLE INC, …)`)
    /// becomes a split event; any other action is refused with the command that records it.
    func corporateAction(_ row: ImportRow) throws(RowError) -> ImportOutcome? {
        if isTotal(row["Asset Category"]) { return nil }
        let description = row["Description"]
        guard let ratio = Self.splitRatio(description) else {
            throw RowError(
                "the corporate action '\(description)' is not a split, the one kind the ibkr preset reads; record it with 'ledger add'"
            )
        }
        let symbol = String(description.prefix { $0 != "(" })
        let when = row["Date/Time"].isEmpty ? row["Report Date"] : row["Date/Time"]
        let time = try date(when, "Date/Time")
        return build.event(row, at: time, .split(try stock(symbol, "Description"), ratio), note: description)
    }

    /// `… Split 4 for 1 (…)` → 4:1 (`Split 1 for 10`, a reverse split, → 1:10).
    static func splitRatio(_ description: String) -> SplitRatio? {
        let words = description.split(separator: " ")
        guard let at = words.firstIndex(of: "Split"), at + 3 < words.count, words[at + 2] == "for" else { return nil }
        return SplitRatio("\(words[at + 1]):\(words[at + 3])")
    }
}
