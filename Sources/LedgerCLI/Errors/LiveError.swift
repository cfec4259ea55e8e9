/// An argument or option of `ledger live` that is not what it must be (exit 64).
enum LiveError: UserFacingError, Equatable {
    case missingAssets
    case notAPollingPeriod(String)
    case updatesBelowOne(Int)
    case notADuration(String)

    var category: ErrorCategory { .usage }

    var description: String {
        switch self {
        case .missingAssets: "live needs at least one asset, e.g. 'ledger live BTC ETH'"
        case .notAPollingPeriod(let text):
            "--interval '\(text)' is not a polling period; use whole seconds of at least 1, e.g. 10, 10s, 1m"
        case .updatesBelowOne(let updates): "--updates \(updates) is out of range; use 1 or more"
        case .notADuration(let text): "--duration '\(text)' is not a duration; use e.g. 90s, 5m or 1h"
        }
    }
}
