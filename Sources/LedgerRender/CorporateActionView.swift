import LedgerCore

/// The splits and dividends `prices fetch --history` reports, one line each, with what the
/// ledger makes of it:
///
///     Splits and dividends the sources report, 2020-01-01 to 2024-06-01:
///       AAPL  2020-08-31  split 4:1                   missing: ledger add split AAPL 4:1 --date 2020-08-31
///       AAPL  2024-02-12  split 4:1                   in the ledger
///       AAPL  2024-05-10  dividend 0.25 USD a share   not held then
///     Nothing was recorded; run the commands above for those you want in the ledger.
public enum CorporateActionView {
    public static func text(_ findings: [CorporateActionFinding], from start: LocalDate, through end: LocalDate)
        -> String
    {
        guard !findings.isEmpty else { return "No splits or dividends reported between \(start) and \(end).\n" }
        let rows = findings.map { finding in
            (finding.action.asset.text, finding.action.date.description, what(finding.action), status(finding))
        }
        let symbolWidth = rows.map(\.0.count).max() ?? 0
        let whatWidth = rows.map(\.2.count).max() ?? 0
        var text = "Splits and dividends the sources report, \(start) to \(end):\n"
        for (symbol, date, what, status) in rows {
            text +=
                "  " + padded(symbol, symbolWidth) + "  " + date + "  " + padded(what, whatWidth) + "  " + status + "\n"
        }
        if findings.contains(where: { $0.command != nil }) {
            text += "Nothing was recorded; run the commands above for those you want in the ledger.\n"
        }
        return text
    }

    static func what(_ action: CorporateAction) -> String {
        switch action.kind {
        case .split(let ratio): "split \(ratio)"
        case .dividend(let perShare, let currency): "dividend \(perShare) \(currency) a share"
        }
    }

    static func status(_ finding: CorporateActionFinding) -> String {
        if finding.recorded { return "in the ledger" }
        if let command = finding.command { return "missing: " + command }
        return "not held then"
    }

    private static func padded(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
