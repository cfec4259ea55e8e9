import LedgerCore
import LedgerStore

/// Adding and removing a price alert, as `ledger alert add|remove` and the server's alert
/// form and API do it, in a ledger file or a user's books in the server's database
/// (``BookStores``).
public enum AlertBook {
    /// `alert add`: `request` checked against its quote (`currency`, else the ledger's) and
    /// stored armed, made at `now` (read after the request is checked); the ledger is created
    /// when there is none yet.
    public static func add(
        _ request: AlertRequest, currency: String?, to ledger: PriceLedger, at now: @autoclosure () -> Timestamp
    ) throws -> Alert {
        try add(request, currency: currency, to: AmendableBooks(ledger), at: now())
    }

    /// `alert add` into a ledger file or a user's books in the server's database.
    public static func add(
        _ request: AlertRequest, currency: String?, to books: AmendableBooks, at now: @autoclosure () -> Timestamp
    ) throws -> Alert {
        let draft = try request.draft(quote: try books.defaultQuote(currency))
        return try books.storeForWriting().alerts.addAlert(draft, createdAt: now())
    }

    /// `alert remove ID`: the alert removed from `store` (nil: no ledger, so no alert), or
    /// ``AlertCommandError/noAlert(_:)``.
    public static func remove(_ number: Int64, from store: OpenBooks?) throws -> Alert {
        guard let removed = try store?.alerts.removeAlert(id: number) else { throw AlertCommandError.noAlert(number) }
        return removed
    }

    /// `alert list`: every alert of `store`, by number.
    public static func list(in store: some BookStores) throws -> [Alert] {
        try store.alerts.alerts()
    }
}
