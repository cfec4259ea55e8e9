import LedgerCore

extension EventSummary {
    /// The refusal for an event of the ledger an import would leave short (named as `log`
    /// shows it): what `ledger import` and the server's upload give LedgerApp's import as
    /// `describeExisting`.
    public static func importWouldLeaveShort(_ event: LedgerEvent) -> String {
        "the import would leave #\(event.sequence) on \(event.occurredAt.date) (\(describe(event))) short of what it takes out; import the rows that bring it in, or void #\(event.sequence)"
    }
}
