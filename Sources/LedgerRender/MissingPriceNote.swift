import LedgerCore

/// The one summary a report ends with when valuations are missing: which pairs on which days,
/// grouped into runs, and the one command that fetches them.
public enum MissingPriceNote {
    /// The command that fills every gap.
    public static let command = MissingPrice.fillCommand

    /// The command that fetches what `missing` lacks: with `--currency Q` when the report is
    /// in another currency than the ledger's (`prices fetch --missing` works in the ledger's
    /// currency by default). `ledgerCurrency` nil: the report's currency is the ledger's.
    public static func command(for quote: AssetSymbol?, ledgerCurrency: AssetSymbol?) -> String {
        guard let quote, let ledgerCurrency, quote != ledgerCurrency else { return command }
        return command + " --currency \(quote)"
    }

    /// The note, wrapped to `width` columns, ending with a newline; empty when nothing is missing.
    public static func text(_ missing: [MissingPrice], width: Int, ledgerCurrency: AssetSymbol? = nil) -> String {
        guard let sentence = sentence(missing, ledgerCurrency: ledgerCurrency) else { return "" }
        return ReportTextView.wrap(sentence, width: max(40, width), indent: "  ").joined(separator: "\n") + "\n"
    }

    /// The note as one line, or nil when nothing is missing.
    public static func sentence(_ missing: [MissingPrice], ledgerCurrency: AssetSymbol? = nil) -> String? {
        let fill = command(for: missing.first?.quote, ledgerCurrency: ledgerCurrency)
        return MissingPrice.summary(missing).map {
            "Incomplete (\(NumberFormat.incompleteMark)): \($0); fetch them with '\(fill)'."
        }
    }
}
