import LedgerCore
import LedgerStore

/// A ledger opened by ``LedgerOpener``, as a shell holds it: it hands it to the use cases and
/// never reaches into its stores (LedgerCLI does not depend on LedgerStore, and
/// `MemberImportVisibility` keeps the stores' members out of its reach). What a command may
/// ask of it directly is below.
public typealias OpenLedger = Ledger

/// A user's books as the reports and `add` use them: a ledger file or a user's rows in the
/// server's database (``BookStores``).
public typealias OpenBooks = any BookStores

/// Where the server keeps its users' books when they are not ledger files (``BooksDatabase``).
public typealias SharedBooks = any BooksDatabase

/// The market data (cache and headlines) the market use cases read and write: a ledger file's,
/// or the one a server shares among its users (``MarketStores``).
public typealias SharedMarket = any MarketStores

extension BookStores {
    /// The ledger's currency setting (USD when never set).
    public func ledgerCurrency() throws -> String {
        try settings.ledgerCurrency()
    }

    /// The ledger's currency as a report names it, nil when unset or unreadable.
    public func displayedLedgerCurrency() -> AssetSymbol? {
        settings.displayedLedgerCurrency()
    }

    /// The ledger's currency as a symbol (USD when never set or not a symbol).
    public func currencySymbol() throws -> AssetSymbol {
        try settings.ledgerCurrency()
    }

    /// The class the ledger's events give `symbol`, nil when no event names it.
    public func recordedClass(of symbol: AssetSymbol) throws -> AssetClass? {
        try events.assetClass(of: symbol)
    }

    /// The event `reference` names (`12`, `#12` or its id), nil when none does.
    public func event(reference: String) throws -> LedgerEvent? {
        try events.event(reference: reference)
    }

    /// Records `observations`, fetched (or typed) at `fetchedAt`, in the books' price table.
    public func recordPrices(_ observations: [PriceObservation], fetchedAt: Timestamp) throws {
        try prices.record(observations, fetchedAt: fetchedAt)
    }

    /// How many events the log holds: the newest one's number.
    public func eventCount() throws -> Int64 {
        try events.chainHead().count
    }
}

extension ValuationQuery {
    /// The valuation options with the currency of `ledger` as the default (read only when no
    /// `--currency` is given).
    public func valuation(ledger: any BookStores, now: @autoclosure () -> Timestamp, perAccount: Bool) throws
        -> ValuationOptions
    {
        try valuation(settings: ledger.settings, now: now(), perAccount: perAccount)
    }
}

extension BooksDatabase {
    /// The market data every server on the database shares: the shells' door to
    /// ``BooksDatabase/marketData()``.
    public func sharedMarket() throws -> SharedMarket {
        try marketData()
    }

    /// `body` with `user`'s books in the database, made (empty) on first use: the shells'
    /// door to ``BooksDatabase/withBooks(of:_:)``.
    public func withUserBooks<T>(_ user: String, _ body: (OpenBooks) throws -> T) throws -> T {
        try withBooks(of: user, body)
    }

    /// Whether this server is the one of all on the database elected to run `job` (the
    /// scheduled fetcher): the shells' door to ``BooksDatabase/leads(_:)``.
    public func elected(toRun job: String) throws -> Bool {
        try leads(job)
    }
}
