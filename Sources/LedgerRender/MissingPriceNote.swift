import LedgerCore

/// The one summary a report ends with when valuations are missing: which pairs on which days,
/// grouped into runs, and the one command that fetches them.
public enum MissingPriceNote {
    /// The command that fills every gap.
    public static let command = MissingPrice.fillCommand

    /// The note, wrapped to `width` columns, ending with a newline; empty when nothing is missing.
    public static func text(_ missing: [MissingPrice], width: Int) -> String {
        guard let sentence = sentence(missing) else { return "" }
        return ReportTextView.wrap(sentence, width: max(40, width), indent: "  ").joined(separator: "\n") + "\n"
    }

    /// The note as one line, or nil when nothing is missing.
    public static func sentence(_ missing: [MissingPrice]) -> String? {
        MissingPrice.summary(missing).map { "Incomplete (\(NumberFormat.incompleteMark)): \($0); fetch them with '\(command)'." }
    }
}
