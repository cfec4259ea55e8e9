import LedgerApp

/// Why `ledger init` refused: a currency that is no code (exit 64), or a change of currency
/// under recorded events (exit 1).
enum InitError: UserFacingError, Equatable {
    case notACurrency(String)
    /// `count` events are priced in `current`; `wanted` would reinterpret them.
    case currencyChange(events: Int64, current: String, wanted: String)

    var category: ErrorCategory {
        switch self {
        case .notACurrency: .usage
        case .currencyChange: .data
        }
    }

    var description: String {
        switch self {
        case .notACurrency(let currency): "'\(currency)' is not a currency code; use a code such as USD, EUR or GBP"
        case .currencyChange(let count, let current, let wanted):
            "the ledger holds \(count) event\(count == 1 ? "" : "s") priced in \(current), which would read as \(wanted) if its currency changed; "
                + "keep \(current) and show reports in \(wanted) with --currency \(wanted) (e.g. 'ledger portfolio --currency \(wanted)'), "
                + "or start a new ledger with 'ledger --ledger PATH init --currency \(wanted)'"
        }
    }
}
