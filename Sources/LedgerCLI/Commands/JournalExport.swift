import LedgerApp
import LedgerCore
import LedgerInterchange

/// Wires `ledger export -O beancount|ledger`: the ledger's events, currency and price cache
/// into ``JournalBuilder``, and its failures into one-line errors.
struct JournalExport {
    let export: EventExport
    let environment: CommandEnvironment

    /// The journal, or a failure after every event that cannot be valued was printed.
    func document(method: BookingMethod, since: LocalDate?, until: LocalDate?) throws -> JournalDocument {
        guard let currency = AssetSymbol(try export.currencySetting()) else {
            throw ExportError.notACurrencySetting
        }
        let result = JournalBuilder.build(
            events: try export.allEvents(), prices: try export.priceTable(),
            currency: currency, method: method, since: since, until: until)
        switch result {
        case .success(let document): return document
        case .failure(let error):
            if case .unvalued(let diagnostics) = error {
                var seen = Set<LedgerDiagnostic>()
                for diagnostic in diagnostics where seen.insert(diagnostic).inserted {
                    environment.writeError("\(diagnostic)")
                }
            }
            throw ExportError.journal(error)
        }
    }
}
