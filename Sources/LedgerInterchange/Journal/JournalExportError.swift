import LedgerCore

/// Why a ledger cannot be written as a journal. Nothing is written in either case.
public enum JournalExportError: Error, Equatable, Sendable {
    /// The replay could not value some events (a missing price, a quantity not held): the
    /// journal would carry wrong costs. Each diagnostic names its event.
    case unvalued([LedgerDiagnostic])
    /// Prices are missing: a journal states every cost and value, so none is written until
    /// they are recorded.
    case missingPrices([MissingPrice])
    /// Two of our accounts map to one journal account name.
    case accountCollision(String, String, String)

    /// The one-line message (after the diagnostics, for `unvalued`).
    public var message: String {
        switch self {
        case .unvalued(let diagnostics):
            let events = Set(diagnostics.map { $0.sequence ?? 0 }).count
            return
                "nothing exported: \(events) event\(events == 1 ? "" : "s") cannot be valued (see above); record the missing prices, then export again"
        case .missingPrices(let missing):
            let summary = MissingPrice.summary(missing) ?? "prices are missing"
            return
                "nothing exported: a journal needs every cost and value, and \(summary); fetch them with '\(MissingPrice.fillCommand)', then export again"
        case .accountCollision(let first, let second, let name):
            return
                "accounts '\(first)' and '\(second)' would both be written as '\(name)'; journal names capitalise and write '_' and '.' as '-'; export this ledger with -O jsonl or -O csv instead"
        }
    }
}
