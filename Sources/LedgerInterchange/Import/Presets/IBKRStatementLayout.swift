import LedgerCore

/// Interactive Brokers' activity statement (CSV): many tables in one file. Every row starts
/// with its section (`Trades`, `Dividends`, …) and `Header`, `Data`, `SubTotal`, `Total` or
/// `Notes`; a `Data` row follows the latest `Header` of its section, which may change within
/// the section (Forex trades have `Comm in USD` where stocks have `Comm/Fee`).
///
/// Trades, deposits and withdrawals, fees, interest, dividends with their withholding tax and
/// splits become events; the summaries (Open Positions, Cash Report, Net Asset Value, …) make
/// nothing, and Financial Instrument Information gives the class of each stock. Every event
/// is held until the end of the file, because that section comes last and a dividend's
/// withholding tax comes after the dividend. Times carry no zone: they are read at
/// `--timezone` (UTC by default). docs/IMPORT-IBKR.md.
public struct IBKRStatementLayout: ImportLayout {
    public static let preset = "ibkr"
    public static let title = "activity statement"
    public static let sectioned = true
    let build = OutcomeBuilder(preset: preset)
    let offset: Int
    /// The latest header of each section.
    var headers: [String: ImportHeader] = [:]
    /// Sections refused once already (their other rows say nothing more).
    var refused: Set<String> = []
    /// Events and refusals, held until the end.
    var held: [ImportOutcome] = []
    var dividends = IBKRDividendBook()
    /// Symbol → class, from Financial Instrument Information.
    var classes: [AssetSymbol: AssetClass] = [:]
    /// The summary sections read, in order, and the line of the first row of them.
    var summaries: [String] = []
    var firstSummaryLine: Int?

    public init?(header: ImportHeader, options: ImportOptions) {
        guard header.names.count >= 4, header.names[0] == "Statement", header.names[1] == "Header",
            header.names[2] == "Field Name", header.names[3] == "Field Value"
        else { return nil }
        offset = options.timeZoneOffset ?? 0
        headers["Statement"] = header
    }

    /// Sections that restate what the others record (or describe the account): read, and
    /// nothing is made of them.
    static let summaries: Set<String> = [
        "Statement", "Account Information", "Net Asset Value", "Change in NAV", "Mark-to-Market Performance Summary",
        "Realized & Unrealized Performance Summary", "Month & Year to Date Performance Summary", "Cash Report",
        "Open Positions", "Forex Balances", "Codes", "Notes/Legal Notes", "Change in Dividend Accruals",
        "Interest Accruals", "Base Currency Exchange Rate", "Net Stock Position Summary", "Location of Customer Assets",
        "Disclosures", "Legal Notes",
    ]

    public mutating func read(_ row: ImportRow) -> [ImportOutcome] {
        let section = row[at: 0]
        switch row[at: 1] {
        case "Header":
            headers[section] = ImportHeader(row.fields)
            return []
        case "Data": break
        case "SubTotal", "Total", "Notes", "MetaInfo": return []
        default:
            return [
                build.problem(row, "'\(row[at: 1])' is not a row kind of a statement (Header, Data, SubTotal, Total)")
            ]
        }
        guard let header = headers[section] else {
            return [build.problem(row, "a Data row of section '\(section)' before the section's Header")]
        }
        let data = ImportRow(line: row.line, fields: row.fields, header: header)
        do throws(RowError) {
            try read(section: section, data)
        } catch {
            held.append(build.problem(row, error.message))
        }
        return []
    }

    private mutating func read(section: String, _ row: ImportRow) throws(RowError) {
        switch section {
        case "Trades": if let outcome = try trade(row) { held.append(outcome) }
        case "Deposits & Withdrawals", "Fees", "Interest":
            if let outcome = try cash(section, row) { held.append(outcome) }
        case "Dividends", "Withholding Tax":
            guard !isTotal(row["Currency"]) else { return }
            try dividends.add(row, tax: section == "Withholding Tax", at: try date(row["Date"], "Date"))
        case "Corporate Actions": if let outcome = try corporateAction(row) { held.append(outcome) }
        case "Financial Instrument Information":
            if let symbol = AssetSymbol(Self.ledgerSymbol(row["Symbol"])) {
                classes[symbol] = IBKRInstrumentClass.assetClass(ofType: row["Type"])
            }
        case _ where Self.summaries.contains(section):
            if !summaries.contains(section) { summaries.append(section) }
            if firstSummaryLine == nil { firstSummaryLine = row.line }
        default:
            guard refused.insert(section).inserted else { return }
            throw RowError(
                "section '\(section)' is not one the ibkr preset reads (Trades, Deposits & Withdrawals, Fees, Interest, Dividends, Withholding Tax, Corporate Actions); record its rows with 'ledger add' and import with --skip-invalid"
            )
        }
    }

    public mutating func finish() -> [ImportOutcome] {
        var outcomes = held + dividends.outcomes(build)
        if let line = firstSummaryLine {
            // One note for every row that makes nothing, so that none is dropped in silence.
            let reason =
                "the sections \(summaries.joined(separator: ", ")) restate or describe the account, and the Total and SubTotal rows sum the rows above them: nothing to record"
            outcomes.insert(.ignored(line: line, reason: reason), at: 0)
        }
        let classes = classes
        return outcomes.map { outcome in
            guard case .event(var imported) = outcome else { return outcome }
            imported.action = Self.reclassed(imported.action) { classes[$0] }
            return .event(imported)
        }
    }

    /// `Total`, `Total in USD`, `Total Dividends in USD`: a sum row written as data.
    func isTotal(_ field: String) -> Bool { field.hasPrefix("Total") }

    /// A date (`2024-02-15`) or a statement time (`2024-01-02, 10:31:07`) at the import's zone.
    func date(_ text: String, _ field: String) throws(RowError) -> Timestamp {
        let parts = text.split(separator: ",", maxSplits: 1).map { ImportText.trimmed($0) }
        return try ImportDate.iso(parts.joined(separator: " "), field, defaultOffset: offset)
    }

    /// IBKR writes share classes with a space (`BRK B`); the ledger's symbols use a dot.
    static func ledgerSymbol(_ text: String) -> String { String(text.map { $0 == " " ? "." : $0 }) }

    /// A stock's asset (class stock until Financial Instrument Information says otherwise).
    func stock(_ text: String, _ field: String) throws(RowError) -> Asset {
        guard !text.isEmpty else { throw RowError("\(field) is empty") }
        guard let symbol = AssetSymbol(Self.ledgerSymbol(text)) else {
            throw RowError("\(field) '\(text)' is not a symbol the ledger can hold")
        }
        return Asset(symbol, class: .stock)
    }

    /// A currency of the statement, always fiat (`CNH` too).
    func currency(_ text: String, _ field: String) throws(RowError) -> Asset {
        guard !text.isEmpty else { throw RowError("\(field) is empty") }
        guard let symbol = AssetSymbol(text), text.count == 3 else {
            throw RowError("\(field) '\(text)' is not a currency code")
        }
        return Asset(symbol, class: .fiat)
    }

    /// The action with every stock given the class its instrument type maps to.
    static func reclassed(_ action: EventAction, _ classOf: (AssetSymbol) -> AssetClass?) -> EventAction {
        func fixed(_ asset: Asset) -> Asset {
            guard asset.assetClass == .stock, let found = classOf(asset.symbol) else { return asset }
            return Asset(asset.symbol, class: found)
        }
        switch action {
        case .buy(let amount, let term): return .buy(AssetAmount(amount.quantity, fixed(amount.asset)), price: term)
        case .sell(let amount, let term): return .sell(AssetAmount(amount.quantity, fixed(amount.asset)), price: term)
        case .split(let asset, let ratio): return .split(fixed(asset), ratio)
        default: return action
        }
    }
}
