import LedgerApp
import LedgerInterchange

/// An argument or option of `ledger import` that is not what it must be (exit 64), found
/// before anything is read or written.
enum ImportOptionsError: UserFacingError, Equatable {
    case historyWithFiles
    case missingFile
    /// `-O FORMAT` without `--history`.
    case formatWithoutHistory(String)
    case badAccount(problem: String)
    case fetchPricesWithDryRun
    case notAFormat(String)
    /// A pipe or device whose format would have to be guessed.
    case cannotGuessFormat(file: String)
    case notATimezone(String)
    case notADelimiter(String)
    case mappingOptionsWithoutGeneric
    case missingMapping
    case badMapping(RowError)

    var category: ErrorCategory { .usage }

    var description: String {
        switch self {
        case .historyWithFiles: "--history takes no files; run 'ledger import --history' alone"
        case .missingFile: "missing expected argument '<file>'"
        case .formatWithoutHistory(let format):
            "-O \(format) goes with --history; an import prints its summary as text"
        case .badAccount(let problem): problem
        case .fetchPricesWithDryRun: "--fetch-prices writes prices and --dry-run writes nothing; drop one of them"
        case .notAFormat(let format): "--format '\(format)' is not supported; use \(ImportPresets.formatList)"
        case .cannotGuessFormat(let file):
            "cannot tell what '\(file)' holds without reading it twice (it is not a regular file); say it with --format, e.g. --format jsonl or --format coinbase"
        case .notATimezone(let text):
            "--timezone '\(text)' is not UTC or an offset such as +02:00; named zones are not supported"
        case .notADelimiter(let text): "--delimiter '\(text)' must be one character such as ';' or 'tab'"
        case .mappingOptionsWithoutGeneric:
            "--map, --map-file, --date-format and --decimal-comma apply to --format generic only"
        case .missingMapping:
            "--format generic needs --map or --map-file, e.g. --map date=Time,side=Type,asset=Coin,quantity=Amount,price=Price"
        case .badMapping(let error): error.message
        }
    }
}
