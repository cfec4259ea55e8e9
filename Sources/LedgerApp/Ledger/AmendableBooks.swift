import LedgerCore
import LedgerStore

/// A user's books as the alert, watchlist and market routes use them, wherever they are: a
/// ledger file (``PriceLedger``: read when it exists, created with its currency only when
/// something is recorded) or a user's books in the server's database (always there).
public struct AmendableBooks {
    /// The books as they are; nil for a ledger file not made yet.
    public let existing: OpenBooks?
    private let create: () throws -> OpenBooks
    private let currency: () throws -> AssetSymbol

    /// A ledger file (a read-only handle serves reads only).
    public init(_ ledger: PriceLedger) {
        existing = ledger.existing
        create = { try ledger.storeForWriting() }
        currency = { try ledger.currency() }
    }

    /// Books that exist (a user's in the server's database).
    public init(_ books: OpenBooks) {
        existing = books
        create = { books }
        currency = { try books.currencySymbol() }
    }

    /// The books to record into, the ledger file created now when there is none.
    public func storeForWriting() throws -> OpenBooks {
        try create()
    }

    /// The quote for prices that name none: `flag` checked as `--currency` is, else the books'
    /// currency (for a ledger file not made yet, what a new one would take).
    public func defaultQuote(_ flag: String?) throws -> AssetSymbol {
        try PriceLedger.quote(flag, otherwise: currency)
    }
}
