import LedgerApp
import LedgerCore
import LedgerRender

extension ReplayRunner {
    init(store: OpenLedger, environment: CommandEnvironment) throws {
        try self.init(store: store, context: environment.app)
    }

    /// ``ReportFinish/finish(missing:complete:strict:noted:ledgerCurrency:notices:)`` with the
    /// ledger's currency read from the store.
    func finish(missing: [MissingPrice], complete: Bool, strict: Bool, noted: Bool) throws {
        try ReportFinish.finish(
            missing: missing, complete: complete, strict: strict, noted: noted,
            ledgerCurrency: store.displayedLedgerCurrency(), notices: context.notices)
    }
}

extension ReportSource {
    /// ``ReportFinish/finish(missing:complete:strict:noted:ledgerCurrency:notices:)`` with the
    /// currency this source read.
    func finish(missing: [MissingPrice], complete: Bool, strict: Bool, noted: Bool) throws {
        try ReportFinish.finish(
            missing: missing, complete: complete, strict: strict, noted: noted, ledgerCurrency: ledgerCurrency,
            notices: context.notices)
    }
}

enum ReportFinish {
    /// Ends a report that may be incomplete: outside the text views (which print the note
    /// themselves) the missing prices are named on stderr; with `--strict` an incomplete
    /// report then fails (exit 1) — after it was printed in full.
    static func finish(
        missing: [MissingPrice], complete: Bool, strict: Bool, noted: Bool, ledgerCurrency: AssetSymbol?,
        notices: any NoticeSink
    ) throws {
        if !noted, let sentence = MissingPriceNote.sentence(missing, ledgerCurrency: ledgerCurrency) {
            notices.warning(sentence)
        }
        guard strict, !complete else { return }
        let what =
            MissingPrice.eventCount(missing) > 0
            ? MissingPrice.eventsLacking(missing, "a price") : "a holding has no price at as-of"
        throw ReportError.incomplete(
            what: what, fetch: MissingPriceNote.command(for: missing.first?.quote, ledgerCurrency: ledgerCurrency))
    }
}
