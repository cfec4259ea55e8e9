import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerRender

/// What the books' pages and API do with a user's ledger, each the way the CLI command does it
/// (`portfolio`, `report`, `log`, `add`, `void`), through the same LedgerApp services. A user
/// without a ledger reads an empty one (``LedgerOpener/scratch()``), never an error.
struct BooksService {
    let books: UserBooks

    /// `ledger portfolio -O json`.
    func portfolioJSON(_ query: ValuationQuery, perAccount: Bool) throws -> String {
        let entry = try holdings(query, perAccount: perAccount)
        return entry.json { ReportJSON.portfolio(entry.report) }
    }

    /// `ledger portfolio [--by-account]`: from a snapshot when there is one, or the last one
    /// made from the same ledger, prices and options (LedgerApp's ``PortfolioCache``, one per
    /// server), which a page keeps its body with.
    func holdings(_ query: ValuationQuery, perAccount: Bool) throws -> PortfolioCache.Entry {
        let portfolio = PortfolioQuery(valuation: query, perAccount: perAccount)
        try query.validate()
        let entry = try books.readingBooks { ledger in
            let empty: () throws -> OpenBooks = { try LedgerOpener.scratch() }
            let source = try portfolio.source(ledger ?? empty(), context: books.app)
            return try portfolio.kept(source, slot: books.path, in: books.state.portfolios) { books.notices.messages }
        }
        if books.notices.messages.isEmpty { entry.notices.forEach(books.notices.note) }
        return entry
    }

    /// The assets the user holds now, sorted: the add form's suggestions. From the kept
    /// portfolio (the page's own); none when it cannot be made (the form works without them).
    func heldAssets() -> [String] {
        guard let entry = try? holdings(ValuationQuery(), perAccount: false) else { return [] }
        return Array(Set(entry.report.rows.map(\.asset.text))).sorted()
    }

    /// `ledger report --period P`.
    func report(_ query: ValuationQuery, period: String?) throws -> PeriodReport {
        let kind = try ValuationQuery.period(period ?? "month")
        try query.validate()
        return try books.readingBooks { ledger in
            let source = try ReportSource(
                store: ledger ?? LedgerOpener.scratch(), query: query, perAccount: false, context: books.app)
            return try ReportAssembly.build(source, kind: kind)
        }
    }

    /// `ledger returns` with its options (docs/RETURNS.md).
    func returns(_ request: ReturnsRequest) throws -> ReturnsReport {
        try request.validate()
        return try books.readingBooks { ledger in
            try ReturnsStatement.make(request, store: ledger ?? LedgerOpener.scratch(), context: books.app)
        }
    }

    /// `ledger returns` as the portfolio page shows it at `now`, its holdings' moment: kept
    /// between requests while it would be made the same (LedgerApp's ``ReturnsCache``, one per
    /// server).
    func keptReturns(_ request: ReturnsRequest, now: Timestamp) throws -> ReturnsReport {
        try request.validate()
        return try books.readingBooks { ledger in
            guard let ledger else {
                return try ReturnsStatement.make(request, store: LedgerOpener.scratch(), context: books.app)
            }
            return try books.state.returns.report(request, slot: books.path, now: now, store: ledger) {
                try ReturnsStatement.make(request, store: ledger, context: books.app)
            }
        }
    }

    /// `ledger log` with its filters, newest first.
    func log(_ request: LogRequest) throws -> [LogEntry] {
        let filter = try request.filter()
        return try books.readingBooks { store in
            guard let store else { return [] }
            return try request.entries(matching: filter, in: store)
        }
    }

    /// One event by its number, for the page that shows what was just recorded.
    func event(_ reference: String) throws -> LedgerEvent? {
        try books.readingBooks { try $0?.event(reference: reference) }
    }

    /// The ledger's currency (the default quote), or nil without a ledger.
    func ledgerCurrency() -> AssetSymbol? {
        (try? books.readingBooks { try $0?.currencySymbol() }) ?? nil
    }

    /// `ledger add`: the user's ledger is created by the first event that is valid. How a
    /// symbol new to the ledger was classified is a notice (`VOO: etf (yahoo: ETF)`). A buy or
    /// sell is posted to the messages when the user opted in.
    func add(_ input: AddInput) throws -> [LedgerEvent] {
        let market = books.state.marketContext(notices: books.notices, interactive: true)
        let recorder = EventRecorder(context: books.app)
        let recorded =
            if let database = books.state.database {
                try database.withUserBooks(books.user.name) { try recorder.add(input, to: $0, market: market) }
            } else {
                try recorder.add(input, creatingIfMissing: PriceLedger(opener: books.opener), market: market)
            }
        for answer in recorded.classified { books.notices.note(answer.line) }
        books.state.postTrades(books.user.name, recorded.events)
        return recorded.events
    }

    /// `ledger void ID --reason R`; the voided trade's post (if any) goes.
    func void(_ reference: String, reason: String?) throws -> LedgerEvent {
        let recorder = EventRecorder(context: books.app)
        let voided =
            if let database = books.state.database {
                try database.withUserBooks(books.user.name) {
                    try recorder.void(reference: reference, reason: reason, in: $0)
                }
            } else {
                try recorder.void(reference: reference, reason: reason, opener: books.opener)
            }
        books.state.removeTradePost(books.user.name, of: voided.target)
        return voided.void
    }
}
