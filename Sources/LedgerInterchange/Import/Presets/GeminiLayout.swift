import LedgerCore

/// Gemini transaction history (the XLSX statement saved as CSV): a dynamic block of
/// `<CUR> Amount <CUR>`, `Fee (<CUR>) <CUR>`, `<CUR> Balance <CUR>` columns per currency;
/// display values (`$766.12 `, `($1.92)`, `(0.07 BTC)`, `"3,595.150506 DAI "`); `Buy`/`Sell`
/// with concatenated pairs (`BTCUSD`), `Credit`/`Debit` for transfers; times UTC. The closing
/// row that repeats only balances (no `Date`) is ignored.
public struct GeminiLayout: ImportLayout {
    public static let preset = "gemini"
    public static let title = "transaction history"
    let build = OutcomeBuilder(preset: preset)
    let codes = AssetCodes()
    /// Every `Fee (<CUR>) <CUR>` / `Trading Fee (<CUR>) <CUR>` column, with its currency.
    let feeColumns: [(name: String, currency: String)]

    public init?(header: ImportHeader, options: ImportOptions) {
        guard header.has(["Date", "Time (UTC)", "Type", "Symbol", "Specification"]),
            header.names.contains(where: { $0.hasSuffix(" Amount " + $0.prefix { $0 != " " }) })
        else { return nil }
        feeColumns = header.names.compactMap { name in
            guard name.hasPrefix("Fee (") || name.hasPrefix("Trading Fee ("), let close = name.firstIndex(of: ")")
            else { return nil }
            return (name, String(name[name.index(after: close)...].drop { $0 == " " }))
        }
    }

    public mutating func read(_ row: ImportRow) -> [ImportOutcome] {
        guard !row["Date"].isEmpty else { return [build.ignored(row, "a closing row of balances, without a date")] }
        do throws(RowError) {
            let time = try ImportDate.dateAndTime(row["Date"], row["Time (UTC)"], "Date")
            let type = row["Type"]
            switch type.lowercased() {
            case "buy", "sell": return [try trade(row, at: time, buying: type.lowercased() == "buy")]
            case "credit", "debit": return [try movement(row, at: time, credit: type.lowercased() == "credit")]
            default:
                throw RowError(
                    "type '\(type)' is not one the gemini preset knows (Buy, Sell, Credit, Debit); record it with 'ledger add'"
                )
            }
        } catch {
            return [build.problem(row, error.message)]
        }
    }

    /// A `Buy` or `Sell` row.
    private func trade(_ row: ImportRow, at time: Timestamp, buying: Bool) throws(RowError) -> ImportOutcome {
        let pair = try codes.pair(row["Symbol"], "Symbol")
        let base = try amount(row, pair.base)
        let quote = try amount(row, pair.quote)
        let fee = try self.fee(row)
        let action = try TradeAction.make(buying ? .buy : .sell, base: base, quote: quote)
        let id = row["Trade ID"].isEmpty ? nil : row["Trade ID"]
        return build.event(row, at: time, action, fee: fee, note: row["Specification"], id: id, idKind: "trade")
    }

    /// A `Credit` or `Debit` row: a deposit or withdrawal, or income when the specification says
    /// interest, a reward, staking or earn.
    private func movement(_ row: ImportRow, at time: Timestamp, credit: Bool) throws(RowError) -> ImportOutcome {
        let asset = try codes.asset(row["Symbol"], "Symbol")
        let moved = try amount(row, asset)
        let spec = row["Specification"].lowercased()
        let action: EventAction
        if credit, ["interest", "reward", "staking", "earn"].contains(where: { spec.contains($0) }) {
            action = try TradeAction.income(
                moved, spec.contains("staking") ? .staking : spec.contains("interest") ? .interest : .reward)
        } else {
            action = try TradeAction.movement(
                credit ? moved.magnitude : AssetAmount(moved.quantity.magnitude.negated, asset), field: "Amount")
        }
        let hash = row["Tx Hash"]
        return build.event(
            row, at: time, action, fee: try fee(row), note: row["Specification"],
            id: hash.isEmpty ? nil : hash + ":" + asset.symbol.text, idKind: "transfer", hash: hash,
            address: row[credit ? "Deposit Destination" : "Withdrawal Destination"])
    }

    /// The `<CUR> Amount <CUR>` column of `asset`.
    private func amount(_ row: ImportRow, _ asset: Asset) throws(RowError) -> AssetAmount {
        let column = "\(asset) Amount \(asset)"
        guard row.header.position(column) != nil else { throw RowError("there is no '\(column)' column for \(asset)") }
        return AssetAmount(try ImportNumber.required(row[column], column), asset)
    }

    /// The row's fee: the one fee column (`Fee (<CUR>) <CUR>`, `Trading Fee (<CUR>) <CUR>`)
    /// that is not zero, in whichever currency; a fee charged in two currencies is refused
    /// rather than half dropped. Amounts exclude the fee: balance = previous + amount − fee.
    private func fee(_ row: ImportRow) throws(RowError) -> AssetAmount? {
        var found: [AssetAmount] = []
        for column in feeColumns {
            let value = try ImportNumber.optional(row[column.name], column.name).magnitude
            if value.isPositive { found.append(AssetAmount(value, try codes.asset(column.currency, column.name))) }
        }
        guard found.count <= 1 else {
            throw RowError(
                "the row charges fees in \(found.map(\.asset.description).joined(separator: " and ")); record the second with 'ledger add fee'"
            )
        }
        return found.first
    }
}
