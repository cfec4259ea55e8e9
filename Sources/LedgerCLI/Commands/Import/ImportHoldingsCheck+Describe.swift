import LedgerApp
import LedgerCore
import LedgerRender

extension ImportHoldingsCheck {
    /// The refusal for an event of the ledger the import would leave short (named as `log`
    /// shows it, through ``EventSummary``).
    static func describeExisting(_ event: LedgerEvent) -> String {
        "the import would leave #\(event.sequence) on \(event.occurredAt.date) (\(EventSummary.describe(event))) short of what it takes out; import the rows that bring it in, or void #\(event.sequence)"
    }
}
