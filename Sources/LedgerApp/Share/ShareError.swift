import LedgerCore

/// Why `ledger share` made no card.
public enum ShareError: UserFacingError, Equatable {
    case notASymbol(String)
    case notHeld(AssetSymbol, on: LocalDate, held: [AssetSymbol])
    case nothingHeld(on: LocalDate)
    case notATrade(reference: String, kind: EventKind)
    case voided(reference: String)
    case afterAsOf(reference: String, occurred: LocalDate, asOf: LocalDate)

    public var category: ErrorCategory {
        switch self {
        case .notASymbol: .usage
        case .notHeld, .nothingHeld, .notATrade, .voided, .afterAsOf: .data
        }
    }

    public var description: String {
        switch self {
        case .notASymbol(let text):
            "'\(text)' is not a symbol; name a holding such as BTC or AAPL, e.g. 'ledger share holding BTC'"
        case .notHeld(let asset, let day, let held):
            "no \(asset) is held on \(day) (\(Self.listed(held))); 'ledger portfolio' lists the holdings"
        case .nothingHeld(let day):
            "no holding other than cash on \(day), so there is no card to make; record a holding with 'ledger add buy …' or 'ledger import FILE'"
        case .notATrade(let reference, let kind):
            "\(reference) is a \(kind.rawValue); share trade takes a buy, a sell or a trade ('ledger log' lists them)"
        case .voided(let reference):
            "\(reference) is voided; share a trade that stands ('ledger log' lists them)"
        case .afterAsOf(let reference, let occurred, let asOf):
            "\(reference) happened on \(occurred), after --as-of \(asOf); give a later --as-of or none"
        }
    }

    private static func listed(_ held: [AssetSymbol]) -> String {
        held.isEmpty ? "nothing is held" : "held: " + held.map(\.text).joined(separator: " ")
    }
}
