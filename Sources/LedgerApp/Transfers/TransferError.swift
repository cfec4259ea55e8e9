import LedgerCore

/// Why `ledger transfers` refused; nothing is written.
public enum TransferError: UserFacingError, Equatable {
    /// Exit 64: the two events cannot be one transfer.
    case cannotLink(TransferLinkError)
    /// Exit 64: `unlink` was given an event that is not a transfer link.
    case notALink(sequence: Int64, kind: EventKind)
    /// Exit 64: a window that is not whole hours from 0 to 8760 (`--window 24`).
    case badWindow(option: String, String)
    /// Exit 64: a tolerance that is not a percentage from 0 to 100 (`--tolerance 1`).
    case badTolerance(option: String, String)

    public var category: ErrorCategory { .usage }

    public var description: String {
        switch self {
        case .cannotLink(let problem): "cannot link: \(problem.message)"
        case .notALink(let sequence, let kind):
            "#\(sequence) is a \(kind.rawValue), not a transfer link; 'ledger transfers' lists the links and their numbers"
        case .badWindow(let option, let text):
            "\(option) '\(text)' is not a whole number of hours from 0 to 8760; e.g. \(option) 48"
        case .badTolerance(let option, let text):
            "\(option) '\(text)' is not a percentage from 0 to 100; e.g. \(option) 1.5"
        }
    }
}
