import LedgerCore

/// Why `ledger void` refused (``HoldingsError`` when the void would leave an event short).
public enum VoidError: UserFacingError, Equatable {
    /// Exit 64: no `--reason`, or one of only spaces.
    case missingReason(id: String)
    /// Exit 64: a reason longer than an event's text may be.
    case reasonTooLong(bytes: Int)
    /// Exit 1: the target is a void itself (of `cancelled`: `#12`, or its id when not found).
    case targetIsVoid(sequence: Int64, cancelled: String)
    /// Exit 1: the target was voided before, by `voidSequence` for `reason`.
    case alreadyVoided(sequence: Int64, voidSequence: Int64, reason: String)

    public var category: ErrorCategory {
        switch self {
        case .missingReason, .reasonTooLong: .usage
        case .targetIsVoid, .alreadyVoided: .data
        }
    }

    public var description: String {
        switch self {
        case .missingReason(let id): "a void needs a reason; e.g. ledger void \(id) --reason \"entered twice\""
        case .reasonTooLong(let bytes): EventValidationError.textTooLong(field: "reason", bytes: bytes).message
        case .targetIsVoid(let sequence, let cancelled):
            "#\(sequence) is itself a void (of \(cancelled)); to restore that event, record it again with 'ledger add'"
        case .alreadyVoided(let sequence, let voidSequence, let reason):
            "#\(sequence) is already voided by #\(voidSequence) (\(reason))"
        }
    }
}
