import LedgerCore

/// Why an import wrote nothing, with the one line the user sees beside each case.
public enum ImportError: UserFacingError, Equatable {
    case importLayout(String)
    case importHeader(file: String, problem: String)
    case invalidRows(count: Int, files: [String])
    case ledgerWouldNotAddUp
    case rowsTakeMoreThanHeld(count: Int)
    case invalidEventLines(count: Int, file: String)
    case eventLineTooLong(file: String, line: Int)
    /// The import's own check before its COMMIT failed: what `verify` would reject.
    case resultUnverified(String)

    public var category: ErrorCategory {
        switch self {
        case .importLayout: .usage
        default: .data
        }
    }

    public var description: String {
        switch self {
        case .importLayout(let message):
            message
        case .importHeader(let file, let problem):
            "cannot import '\(file)': \(problem)"
        case .invalidRows(let count, let files):
            "nothing imported: "
                + (count == 1 ? "1 line is invalid; correct it" : "\(count) lines are invalid; correct them")
                + " and \(files.count == 1 ? "import '\(files[0])' again" : "import the files again"), or pass --skip-invalid to import the other rows"
        case .ledgerWouldNotAddUp:
            "nothing imported: the ledger would no longer add up"
        case .rowsTakeMoreThanHeld(let count):
            "nothing imported: \(count == 1 ? "1 line takes" : "\(count) lines take") out more than is held; import the rows that bring it in first, or pass --allow-zero-basis to record what is missing at zero cost (--skip-invalid leaves such rows out)"
        case .invalidEventLines(let count, let file):
            "nothing imported: \(count == 1 ? "1 line is invalid; correct it" : "\(count) lines are invalid; correct them") and import '\(file)' again"
        case .resultUnverified(let problem):
            "nothing imported: the result would fail 'ledger verify' (\(problem)); this is a defect in ledger, please report it with the file"
        case .eventLineTooLong(let file, let line):
            "\(file):\(line): the line is longer than 1 MiB, the most an event's line may hold; is this an event file?"
        }
    }
}
