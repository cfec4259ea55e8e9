import LedgerApp
import LedgerCore
import LedgerRender
import LedgerStore

extension ReplayRunner {
    init(store: Ledger, environment: CommandEnvironment) throws {
        try self.init(store: store, context: environment.app)
    }

    /// Ends a report that may be incomplete: outside the text views (which print the note
    /// themselves) the missing prices are named on stderr; with `--strict` an incomplete
    /// report then fails (exit 1) — after it was printed in full.
    func finish(missing: [MissingPrice], complete: Bool, strict: Bool, noted: Bool) throws {
        let ledgerCurrency = (try? store.settings.ledgerCurrency()).flatMap(AssetSymbol.init)
        if !noted, let sentence = MissingPriceNote.sentence(missing, ledgerCurrency: ledgerCurrency) {
            context.notices.warning(sentence)
        }
        guard strict, !complete else { return }
        let what =
            MissingPrice.eventCount(missing) > 0
            ? MissingPrice.eventsLacking(missing, "a price") : "a holding has no price at as-of"
        throw ReportError.incomplete(
            what: what, fetch: MissingPriceNote.command(for: missing.first?.quote, ledgerCurrency: ledgerCurrency))
    }
}
