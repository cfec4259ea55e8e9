import LedgerCore

/// Bitstamp transactions export, both formats: the RFC 4180 one (since December 2023: `ID`,
/// ISO times with `Z`, amounts and currencies in separate columns) and the old one (`Type,
/// Datetime,Account,Amount,Value,Rate,Fee,Sub Type` with `1.00000000 ETH` cells and times like
/// `Jan. 28, 2022, 12:31 AM`, UTC).
public struct BitstampLayout: ImportLayout {
    public static let preset = "bitstamp"
    public static let title = "transactions export"
    let build = OutcomeBuilder(preset: preset)
    let codes = AssetCodes(aliases: ["ETH2R": "ETH", "ETH2": "ETH"])
    let old: Bool

    public init?(header: ImportHeader, options: ImportOptions) {
        if header.has([
            "ID", "Account", "Type", "Subtype", "Datetime", "Amount", "Amount currency", "Value", "Value currency",
            "Fee", "Fee currency",
        ]) {
            old = false
        } else if header.has(["Type", "Datetime", "Account", "Amount", "Value", "Rate", "Fee", "Sub Type"]) {
            old = true
        } else {
            return nil
        }
    }

    public mutating func read(_ row: ImportRow) -> [ImportOutcome] {
        do throws(RowError) {
            let time = old ? try Self.oldDate(row["Datetime"]) : try ImportDate.iso(row["Datetime"], "Datetime")
            let amount = try money(row, "Amount")
            let fee = try optionalMoney(row, "Fee")
            let type = row["Type"].lowercased()
            let subtype = row[old ? "Sub Type" : "Subtype"].lowercased()
            let id = old || row["ID"].isEmpty ? nil : row["ID"]
            func event(_ action: EventAction, fee: AssetAmount?) -> ImportOutcome {
                build.event(
                    row, at: time, action, fee: fee,
                    note: row["Type"] + (subtype.isEmpty ? "" : " " + row[old ? "Sub Type" : "Subtype"]), id: id)
            }
            switch type {
            case "market", "limit", "instant":
                let value = try money(row, "Value")
                guard subtype == "buy" || subtype == "sell" else {
                    throw RowError("a \(row["Type"]) row with subtype '\(subtype)' (expected Buy or Sell)")
                }
                return [
                    event(try TradeAction.make(subtype == "buy" ? .buy : .sell, base: amount, quote: value), fee: fee)
                ]
            case "deposit", "ripple deposit":
                return [event(try TradeAction.inflow(amount, field: "Amount"), fee: fee)]
            case "withdrawal", "ripple payment":
                return [event(.withdraw(amount.magnitude), fee: fee)]
            case "staking reward":
                return [event(try TradeAction.income(amount, .staking), fee: fee)]
            case "sub account transfer":
                return [build.ignored(row, "a transfer between Bitstamp sub-accounts (no change in holdings)")]
            default:
                throw RowError(
                    "type '\(row["Type"])' is not one the bitstamp preset knows; record it with 'ledger add'")
            }
        } catch {
            return [build.problem(row, error.message)]
        }
    }

    /// `Amount` + `Amount currency` (new) or `1.00000000 ETH` (old).
    private func money(_ row: ImportRow, _ column: String) throws(RowError) -> AssetAmount {
        if old { return try codes.glued(row[column], column) }
        guard !row[column].isEmpty else { throw RowError("\(column) is empty") }
        return AssetAmount(
            try ImportNumber.money(row[column], column),
            try codes.asset(row[column + " currency"], column + " currency"))
    }

    private func optionalMoney(_ row: ImportRow, _ column: String) throws(RowError) -> AssetAmount? {
        guard !row[column].isEmpty, !(!old && row[column + " currency"].isEmpty) else { return nil }
        return try money(row, column).magnitude
    }

    /// `Jan. 28, 2022, 12:31 AM` (AP month names: `March`, `June`, `Sept.` …), UTC.
    static func oldDate(_ text: String) throws(RowError) -> Timestamp {
        let parts = text.replacingOccurrences(of: ",", with: " ").split(separator: " ").map(String.init)
        let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        guard parts.count == 5, let month = months.firstIndex(of: String(parts[0].lowercased().prefix(3))),
            let day = Int(parts[1]), let year = Int(parts[2])
        else { throw ImportDate.invalid(text, "Datetime") }
        let clock = parts[3].split(separator: ":")
        guard clock.count == 2, var hour = Int(clock[0]), let minute = Int(clock[1]), (1...12).contains(hour),
            minute < 60
        else {
            throw ImportDate.invalid(text, "Datetime")
        }
        switch parts[4].uppercased().replacingOccurrences(of: ".", with: "") {
        case "AM": hour = hour == 12 ? 0 : hour
        case "PM": hour = hour == 12 ? 12 : hour + 12
        default: throw ImportDate.invalid(text, "Datetime")
        }
        guard let date = LocalDate(year: year, month: month + 1, day: day) else {
            throw ImportDate.invalid(text, "Datetime")
        }
        return date.startOfDay.adding(seconds: Int64(hour * 3600 + minute * 60))
    }
}
