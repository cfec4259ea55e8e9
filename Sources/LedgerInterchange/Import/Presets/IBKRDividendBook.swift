import LedgerCore

/// The dividends of a statement and their withholding tax, matched by security, currency and
/// date: `AAPL(US0378331005) Cash Dividend USD 0.24 per Share (Ordinary Dividend)` and
/// `AAPL(US0378331005) Cash Dividend USD 0.24 per Share - US Tax` on the same day are one
/// dividend. Rows of one key are summed, so a reversal (a tax charged, refunded and charged
/// again at another rate) nets out. Each dividend becomes one income event of kind
/// `dividend`, gross, with the tax withheld as its fee (docs/IMPORT-IBKR.md says why).
struct IBKRDividendBook {
    struct Key: Hashable {
        let currency: AssetSymbol
        let time: Timestamp
        let security: String
    }

    struct Entry {
        let line: Int
        let row: ImportRow
        var description: String
        var gross: ExactDecimal = .zero
        var tax: ExactDecimal = .zero
        var hasDividend = false
    }

    private var order: [Key] = []
    private var entries: [Key: Entry] = [:]

    /// Adds one row of Dividends or (`tax`) Withholding Tax.
    mutating func add(_ row: ImportRow, tax: Bool, at time: Timestamp) throws(RowError) {
        let code = row["Currency"]
        guard code.count == 3, let currency = AssetSymbol(code) else {
            throw RowError("Currency '\(code)' is not a currency code")
        }
        let amount = try ImportNumber.required(row["Amount"], "Amount")
        let description = row["Description"]
        let security = String(description.prefix { $0 != ")" && $0 != " " })
        let key = Key(currency: currency, time: time, security: security)
        if entries[key] == nil {
            order.append(key)
            entries[key] = Entry(line: row.line, row: row, description: description)
        }
        if tax {
            entries[key]!.tax += amount
        } else {
            entries[key]!.gross += amount
            if !entries[key]!.hasDividend { entries[key]!.description = description }
            entries[key]!.hasDividend = true
        }
    }

    /// One outcome per dividend (or per tax without its dividend in this statement).
    func outcomes(_ build: OutcomeBuilder) -> [ImportOutcome] {
        order.flatMap { key in outcomes(entries[key]!, key, build) }
    }

    private func outcomes(_ entry: Entry, _ key: Key, _ build: OutcomeBuilder) -> [ImportOutcome] {
        let cash = Asset(key.currency, class: .fiat)
        let withheld = -entry.tax
        var result: [ImportOutcome] = []
        if entry.gross.isNegative {
            return [
                build.problem(
                    entry.row,
                    "the dividend rows of \(key.security) net to \(entry.gross) \(cash); a dividend reversed without being paid in this statement cannot be read"
                )
            ]
        }
        if entry.gross.isPositive {
            let income = EventAction.income(AssetAmount(entry.gross, cash), kind: .dividend, value: nil)
            let fee = withheld.isPositive ? AssetAmount(withheld, cash) : nil
            let note = entry.description + (fee == nil ? "" : "; withholding tax \(withheld) \(cash)")
            result.append(build.event(entry.row, at: key.time, income, fee: fee, note: note))
        } else if withheld.isPositive {
            let note = "withholding tax: " + entry.description
            result.append(build.event(entry.row, at: key.time, .fee(AssetAmount(withheld, cash)), note: note))
        }
        if withheld.isNegative {
            let refund = EventAction.income(AssetAmount(withheld.magnitude, cash), kind: .other, value: nil)
            result.append(
                build.event(entry.row, at: key.time, refund, note: "withholding tax refunded: " + entry.description))
        }
        if result.isEmpty {
            result.append(build.ignored(entry.row, "the rows of \(key.security) on this day net to 0 \(cash)"))
        }
        return result
    }
}
