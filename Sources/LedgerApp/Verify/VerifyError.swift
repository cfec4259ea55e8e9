import LedgerStore

/// Why `ledger verify` failed: the ledger does not hold what it must (exit 1), or `--head`
/// is not a chain head (exit 64).
public enum VerifyError: UserFacingError, Equatable {
    case brokenChain(ChainBreak)
    /// An invariant beyond the chain does not hold (``LedgerVerification/invariantProblem(in:)``).
    case invariant(String)
    case noStateDirectory
    case anchorMismatch(AnchorMismatch)
    case notAChainHead(String)
    case unknownHead(hash: String)

    public var category: ErrorCategory {
        switch self {
        case .notAChainHead: .usage
        default: .data
        }
    }

    public var description: String {
        switch self {
        case .brokenChain(let broken):
            "event #\(broken.sequence) (\(broken.id)) fails verification: \(broken.reason)"
        case .invariant(let problem): problem
        case .noStateDirectory: "there is no state directory to anchor the ledger in; set XDG_STATE_HOME or HOME"
        case .anchorMismatch(let mismatch):
            "the chain verifies, but \(mismatch); if you put this file in place yourself (a backup, another machine), 'ledger verify --accept' anchors it where it now ends"
        case .notAChainHead(let text):
            "--head '\(text)' is not a chain head; give the 64 hex digits 'ledger verify' printed after 'chain head'"
        case .unknownHead(let hash):
            "no event has hash \(hash): this ledger does not hold the history that head was printed for (events were removed or replaced)"
        }
    }
}
