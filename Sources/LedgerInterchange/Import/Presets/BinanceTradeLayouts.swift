import LedgerCore

/// Binance spot trade history (`Date(UTC),Pair,Side,Price,Executed,Amount,Fee[,Fee Coin]`):
/// amounts glued to their asset (`0.1800000000SOL`, `1,234.56USDT`), pairs without a
/// separator (`SOLBUSD`), newest first; and the legacy layout
/// (`Date(UTC),Market,Type,Price,Amount,Total,Fee,Fee Coin`) with plain numbers.
public struct BinanceTradeLayout: ImportLayout {
    public static let preset = "binance"
    public static let title = "spot trade history"
    let build = OutcomeBuilder(preset: preset)
    let codes = AssetCodes()
    let legacy: Bool
    let dateColumn: String

    public init?(header: ImportHeader, options: ImportOptions) {
        guard let date = header.names.first(where: { $0.hasPrefix("Date(UTC") }) else { return nil }
        if header.has(["Pair", "Side", "Price", "Executed", "Amount", "Fee"]) {
            legacy = false
        } else if header.has(["Market", "Type", "Price", "Amount", "Total", "Fee", "Fee Coin"]) {
            legacy = true
        } else {
            return nil
        }
        dateColumn = date
    }

    public mutating func read(_ row: ImportRow) -> [ImportOutcome] {
        do throws(RowError) {
            let pair = try codes.pair(row[legacy ? "Market" : "Pair"], legacy ? "Market" : "Pair")
            let base: AssetAmount
            let quote: AssetAmount
            let fee: AssetAmount
            if legacy {
                base = AssetAmount(try ImportNumber.money(row["Amount"], "Amount"), pair.base)
                quote = AssetAmount(try ImportNumber.money(row["Total"], "Total"), pair.quote)
                fee = AssetAmount(
                    try ImportNumber.optional(row["Fee"], "Fee"), try codes.asset(row["Fee Coin"], "Fee Coin"))
            } else {
                base = try codes.glued(row["Executed"], "Executed", expected: [pair.base])
                quote = try codes.glued(row["Amount"], "Amount", expected: [pair.quote])
                fee =
                    row["Fee Coin"].isEmpty
                    ? try codes.glued(row["Fee"], "Fee", expected: [pair.base, pair.quote])
                    : AssetAmount(
                        try ImportNumber.money(row["Fee"], "Fee"), try codes.asset(row["Fee Coin"], "Fee Coin"))
            }
            guard base.asset == pair.base, quote.asset == pair.quote else {
                throw RowError(
                    "the amounts (\(base.asset), \(quote.asset)) do not match the pair \(pair.base)/\(pair.quote)")
            }
            let side = try Self.side(row[legacy ? "Type" : "Side"])
            let time = try ImportDate.iso(
                row[dateColumn], dateColumn, defaultOffset: ImportDate.headerOffset(dateColumn) ?? 0)
            return [
                build.event(row, at: time, try TradeAction.make(side, base: base, quote: quote), fee: fee.magnitude)
            ]
        } catch {
            return [build.problem(row, error.message)]
        }
    }

    static func side(_ text: String) throws(RowError) -> TradeAction.Side {
        switch text.uppercased() {
        case "BUY": return .buy
        case "SELL": return .sell
        default: throw RowError("side '\(text)' is neither BUY nor SELL")
        }
    }
}

/// Binance convert history (`Date,Pair,Type,Sell,Buy,Price,Inverse Price,Date Updated,Status`,
/// amounts as `0.05 ETH`) and crypto deposit / withdrawal history
/// (`Date(UTC+0),Coin,Network,Amount,Address,TXID,Status`, withdrawals with `Fee`). Only
/// successful / completed rows count; the others are listed as ignored.
public struct BinanceHistoryLayout: ImportLayout {
    public static let preset = "binance"
    public static let title = "convert or deposit/withdrawal history"
    let build = OutcomeBuilder(preset: preset)
    let codes = AssetCodes()
    let convert: Bool
    let dateColumn: String
    let withdrawals: Bool

    public init?(header: ImportHeader, options: ImportOptions) {
        if header.has(["Date", "Pair", "Type", "Sell", "Buy", "Price", "Status"]) {
            (convert, dateColumn, withdrawals) = (true, "Date", false)
        } else if let date = header.names.first(where: { $0.hasPrefix("Date(UTC") }),
            header.has(["Coin", "Network", "Amount", "Address", "TXID", "Status"])
        {
            (convert, dateColumn, withdrawals) = (false, date, header.has(["Fee"]))
        } else {
            return nil
        }
    }

    public mutating func read(_ row: ImportRow) -> [ImportOutcome] {
        let status = row["Status"]
        guard ["successful", "completed", "success"].contains(status.lowercased()) else {
            return [build.ignored(row, "status '\(status)' (only successful rows change holdings)")]
        }
        do throws(RowError) {
            let time = try ImportDate.iso(
                row[dateColumn], dateColumn, defaultOffset: ImportDate.headerOffset(dateColumn) ?? 0)
            if convert {
                let given = try codes.glued(row["Sell"], "Sell")
                let received = try codes.glued(row["Buy"], "Buy")
                return [
                    build.event(
                        row, at: time, try TradeAction.swap(given: given, received: received), note: "Binance Convert")
                ]
            }
            let signed = AssetAmount(
                try ImportNumber.money(row["Amount"], "Amount"), try codes.asset(row["Coin"], "Coin"))
            if !withdrawals, signed.quantity.isNegative {
                throw RowError(
                    "Amount is \(signed.quantity) on a deposit; a deposit brings the asset in, so it cannot be negative"
                )
            }
            let amount = signed.magnitude
            guard amount.quantity.isPositive else { throw RowError("Amount is 0") }
            let fee = AssetAmount(try ImportNumber.optional(row["Fee"], "Fee").magnitude, amount.asset)
            let id = row["TXID"].isEmpty ? nil : row["TXID"] + ":" + amount.asset.symbol.text
            let action: EventAction = withdrawals ? .withdraw(amount) : .deposit(amount)
            return [
                build.event(
                    row, at: time, action, fee: fee, note: row["Network"], id: id,
                    idKind: withdrawals ? "withdrawal" : "deposit", hash: row["TXID"], address: row["Address"])
            ]
        } catch {
            return [build.problem(row, error.message)]
        }
    }
}
