import LedgerCore

/// Coinbase (retail) transaction history, every layout since 2021: with `ID` and signed
/// quantities (2023+, with or without the address columns), `Spot Price Currency` (2021–2023)
/// and the fiat code in the column names (`EUR Spot Price at Transaction`, before mid 2021).
/// Times are UTC; the file may be newest-first and starts with a preamble.
public struct CoinbaseLayout: ImportLayout {
    public static let preset = "coinbase"
    public static let title = "transaction history"

    let columns: Columns
    let build = OutcomeBuilder(preset: preset)
    let codes = AssetCodes()
    /// The first row of a two-row convert (one row per asset, sharing an ID).
    var pendingConvert: (row: ImportRow, amount: AssetAmount, id: String)?

    struct Columns {
        var currency: String?, currencyColumn: String?
        var price: String, subtotal: String, total: String, fees: String
    }

    public init?(header: ImportHeader, options: ImportOptions) {
        guard header.has(["Timestamp", "Transaction Type", "Asset", "Quantity Transacted"]) else { return nil }
        let names = header.names
        let total = names.first { $0.hasPrefix("Total (inclusive") || $0.hasSuffix("Total (inclusive of fees)") }
        let fees = names.first { $0 == "Fees and/or Spread" || $0 == "Fees" || $0.hasSuffix(" Fees") }
        if header.has(["Price Currency", "Price at Transaction", "Subtotal"]), let total, let fees {
            columns = Columns(
                currencyColumn: "Price Currency", price: "Price at Transaction", subtotal: "Subtotal", total: total,
                fees: fees)
        } else if header.has(["Spot Price Currency", "Spot Price at Transaction", "Subtotal"]), let total, let fees {
            columns = Columns(
                currencyColumn: "Spot Price Currency", price: "Spot Price at Transaction", subtotal: "Subtotal",
                total: total, fees: fees)
        } else if let price = names.first(where: { $0.hasSuffix(" Spot Price at Transaction") }), let total, let fees {
            let code = String(price.prefix { $0 != " " })
            columns = Columns(currency: code, price: price, subtotal: code + " Subtotal", total: total, fees: fees)
        } else {
            return nil
        }
    }

    public mutating func read(_ row: ImportRow) -> [ImportOutcome] {
        var outcomes: [ImportOutcome] = []
        if let pending = pendingConvert, pending.id != row["ID"] || row["ID"].isEmpty {
            outcomes.append(
                build.problem(
                    pending.row,
                    "a Convert row without 'Converted … to …' in Notes must be followed by the row of the other asset with the same ID"
                ))
            pendingConvert = nil
        }
        do throws(RowError) {
            if let outcome = try convert(row) { outcomes.append(outcome) }
        } catch {
            outcomes.append(build.problem(row, error.message))
        }
        return outcomes
    }

    public mutating func finish() -> [ImportOutcome] {
        guard let pending = pendingConvert else { return [] }
        pendingConvert = nil
        return [
            build.problem(
                pending.row,
                "a Convert row without 'Converted … to …' in Notes must be followed by the row of the other asset with the same ID"
            )
        ]
    }

    private mutating func convert(_ row: ImportRow) throws(RowError) -> ImportOutcome? {
        let type = row["Transaction Type"]
        let time = try ImportDate.iso(row["Timestamp"], "Timestamp")
        let asset = try codes.asset(row["Asset"], "Asset")
        let amount = AssetAmount(
            try ImportNumber.required(row["Quantity Transacted"], "Quantity Transacted", unit: asset), asset)
        let id = row["ID"].isEmpty ? nil : row["ID"]
        let notes = row["Notes"]
        // Every row states the spot price of its asset: recorded as an observed price.
        let spot = try? unitValue(row)
        let kind = CoinbaseType(type, notes: notes)
        if let made = try action(kind, row, amount) {
            return build.event(
                row, at: time, made.0, fee: made.1, note: notes, id: id, spot: spot ?? nil, hash: Self.hash(row),
                address: row["Recipient Address"])
        }
        switch kind {
        case .convert:
            return try convertRow(row, amount, id: id, time: time)
        case .internalMove:
            return build.ignored(row, "'\(type)' moves \(amount.magnitude) within Coinbase (no change in holdings)")
        default:
            throw RowError(
                "transaction type '\(type)' is not one the coinbase preset knows; record it with 'ledger add'")
        }
    }

    /// The event and fee of a row that is one event by itself; nil for a Convert leg, a move
    /// within Coinbase and an unknown type.
    private func action(_ kind: CoinbaseType, _ row: ImportRow, _ amount: AssetAmount) throws(RowError) -> (
        EventAction, AssetAmount?
    )? {
        switch kind {
        case .buy, .sell: return try tradeWithFee(row, amount, buying: kind == .buy)
        case .advancedBuy, .advancedSell: return try advancedTrade(row, amount, buying: kind == .advancedBuy)
        case .deposit: return (try TradeAction.inflow(amount, field: "Quantity Transacted"), nil)
        case .withdrawal, .spend: return (.withdraw(amount.magnitude), nil)
        case .bySign(let towardsAccount):
            let signed =
                amount.quantity.isNegative
                ? amount : AssetAmount(towardsAccount ? amount.quantity : amount.quantity.negated, amount.asset)
            return (try TradeAction.movement(signed, field: "Quantity Transacted"), nil)
        case .income(let kind): return (try TradeAction.income(amount, kind, value: try incomeValue(row)), nil)
        case .convert, .internalMove, .unknown: return nil
        }
    }

    /// The on-chain transaction hash of a Send or Receive, where the file has a column for it.
    /// The 2025 layout has none (only `Sender Address` and `Recipient Address`; the address a
    /// Send or Receive keeps is the recipient's: where the coins went, as the other side's
    /// deposit row names it).
    static func hash(_ row: ImportRow) -> String? {
        ["Transaction Hash", "Tx Hash", "TXID", "Hash"].lazy.map { row[$0] }.first { !$0.isEmpty }
    }

    /// The fiat currency the money columns are in.
    func currency(_ row: ImportRow) throws(RowError) -> Asset {
        if let code = columns.currency { return try codes.asset(code, "the price column") }
        return try codes.asset(row[columns.currencyColumn ?? ""], columns.currencyColumn ?? "Price Currency")
    }

    /// Buy or Sell against the price currency, and its fee: the fiat that moved is `Total`;
    /// the fee is inside it (a buy's cost, a sale's deduction). The currency and the fee are
    /// read once for both.
    func tradeWithFee(_ row: ImportRow, _ amount: AssetAmount, buying: Bool) throws(RowError) -> (
        action: EventAction, fee: AssetAmount?
    ) {
        let fiat = try currency(row)
        let fee = try ImportNumber.optional(row[columns.fees], columns.fees, unit: fiat).magnitude
        return (try trade(row, amount, buying: buying, fiat: fiat, fee: fee), fee.isZero ? nil : AssetAmount(fee, fiat))
    }

    private func trade(_ row: ImportRow, _ amount: AssetAmount, buying: Bool, fiat: Asset, fee: ExactDecimal)
        throws(RowError) -> EventAction
    {
        var total = try ImportNumber.optional(row[columns.total], columns.total, unit: fiat).magnitude
        if total.isZero {
            total =
                try ImportNumber.optional(row[columns.subtotal], columns.subtotal, unit: fiat).magnitude
                + (buying ? fee : fee.negated)
        }
        guard total.isPositive else { throw RowError("\(columns.total) is empty; the row does not say what was paid") }
        let quote = buying ? total - fee : total + fee
        guard quote.isPositive || quote.isZero else {
            throw RowError("the fee \(fee) is larger than the total \(total)")
        }
        return try TradeAction.make(buying ? .buy : .sell, base: amount, quote: AssetAmount(quote, fiat))
    }

    /// What a reward was worth: the row's `Subtotal` as a total where it has one (the file's
    /// own figure, kept as given), else its spot price per unit.
    func incomeValue(_ row: ImportRow) throws(RowError) -> PriceTerm? {
        let subtotal = try ImportNumber.optional(row[columns.subtotal], columns.subtotal).magnitude
        if subtotal.isPositive { return .total(subtotal, quote: try currency(row).symbol) }
        return try unitValue(row).map { .unit($0) }
    }

    func unitValue(_ row: ImportRow) throws(RowError) -> Price? {
        let text = row[columns.price]
        guard !text.isEmpty else { return nil }
        let fiat = try currency(row)
        return Price(try ImportNumber.money(text, columns.price, unit: fiat).magnitude, fiat.symbol)
    }
}

extension AssetAmount {
    /// The same amount with a non-negative quantity.
    var magnitude: AssetAmount { AssetAmount(quantity.magnitude, asset) }
}
