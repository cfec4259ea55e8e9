import LedgerApp
import LedgerCore
import LedgerStore
import LedgerTestSupport
import Testing

/// The read use cases called directly, as both shells call them: ``PortfolioQuery`` and
/// ``ReportSource`` against an in-memory ledger, ``LedgerVerification`` against a ledger file
/// (its anchor lives in the state directory).
@Suite("Read use cases: portfolio, report source, verify")
struct ReadUseCaseTests {
    let fixed = FixedEnvironment(start: "2024-06-01T12:00:00Z")
    var context: AppContext { fixed.environment.app }

    /// An in-memory ledger holding `events` (appended without a balance check) and `prices`.
    func memoryLedger(_ events: [LedgerEvent], prices: [PriceObservation] = [], currency: String? = nil) throws
        -> Ledger
    {
        let store = try LedgerOpener.scratch()
        _ = try store.events.append(events) { _ in }
        try store.prices.record(prices, fetchedAt: Events.time("2024-05-01"))
        if let currency { try store.settings.setSetting(LedgerSetting.currency, currency) }
        return store
    }

    func price(_ asset: String, _ value: String, _ quote: String = "USD", on day: String = "2024-05-01")
        -> PriceObservation
    {
        PriceObservation(
            asset: sym(asset), quote: sym(quote), observedAt: Events.time(day), price: dec(value), source: "test")
    }

    func twoBuys() -> [LedgerEvent] {
        var events = Events()
        return [
            events.buy("BTC", "0.5", at: "30000", on: "2024-01-02", fee: "10"),
            events.buy("BTC", "0.25", at: "40000", on: "2024-02-02", account: "cold"),
        ]
    }

    @Test("a portfolio is valued from the price table, at as-of, in the ledger's currency")
    func portfolioValued() throws {
        let store = try memoryLedger(twoBuys(), prices: [price("BTC", "60000")])
        let query = PortfolioQuery(valuation: ValuationQuery(asOf: "2024-05-31"))
        let source = try query.source(store, context: context)
        let report = try query.report(source)
        #expect(source.options.asOf == Events.time("2024-05-31").adding(seconds: 86_399))
        #expect(source.options.currency == sym("USD") && source.ledgerCurrency == sym("USD"))
        #expect(report.rows.map(\.asset) == [sym("BTC")])
        #expect(report.rows[0].quantity == dec("0.75"))
        #expect(report.rows[0].costBasis == dec("25010"))
        #expect(report.totals.value == dec("45000"))
        #expect(report.complete)
    }

    @Test("per account, one row per account; a full replay gives the report a snapshot gives")
    func perAccountAndSnapshots() throws {
        var environment = fixed.environment
        environment.variables["LGR_SNAPSHOT_EVERY"] = "1"
        let store = try memoryLedger(twoBuys(), prices: [price("BTC", "60000")])
        let byAccount = PortfolioQuery(valuation: ValuationQuery(), perAccount: true)
        let rows = try byAccount.report(byAccount.source(store, context: environment.app)).rows
        #expect(rows.count == 2)
        #expect(Set(rows.compactMap(\.account)) == ["default", "cold"])
        let pooled = PortfolioQuery(valuation: ValuationQuery())
        let first = try pooled.report(pooled.source(store, context: environment.app))
        let again = try pooled.report(pooled.source(store, context: environment.app))
        let full = PortfolioQuery(valuation: ValuationQuery(), useSnapshots: false)
        let replayed = try full.report(full.source(store, context: environment.app))
        #expect(first.rows == replayed.rows && again.rows == replayed.rows)
        #expect(first.totals == replayed.totals && again.totals == replayed.totals)
    }

    @Test("the ledger's currency is read once and is the default; --currency overrides it for the figures only")
    func ledgerCurrency() throws {
        let store = try memoryLedger([], currency: "EUR")
        let plain = try ReportSource(store: store, query: ValuationQuery(), perAccount: false, context: context)
        #expect(plain.options.currency == sym("EUR") && plain.ledgerCurrency == sym("EUR"))
        let other = try ReportSource(
            store: store, query: ValuationQuery(currency: "gbp"), perAccount: false, context: context)
        #expect(other.options.currency == sym("GBP") && other.ledgerCurrency == sym("EUR"))
        #expect(store.settings.displayedLedgerCurrency() == sym("EUR"))
    }

    @Test("a bad option is refused before the ledger is opened, with the CLI's message")
    func optionsCheckedFirst() throws {
        let opener = LedgerOpener(
            locator: LedgerLocator(flag: makeTemporaryDirectory() + "/missing.ledger", context: context),
            context: context)
        #expect(throws: OptionValueError.self) {
            _ = try PortfolioQuery(valuation: ValuationQuery(method: "fofi")).answer(opener)
        }
        #expect(throws: (any Error).self) { _ = try PortfolioQuery(valuation: ValuationQuery()).answer(opener) }
        #expect(throws: OptionValueError.self) {
            _ = try PortfolioQuery(valuation: ValuationQuery(asOf: "yesterday")).source(
                LedgerOpener.scratch(), context: context)
        }
    }

    @Test("an empty ledger reads as an empty portfolio, never an error")
    func emptyLedger() throws {
        let query = PortfolioQuery(valuation: ValuationQuery())
        let report = try query.report(query.source(LedgerOpener.scratch(), context: context))
        #expect(report.rows.isEmpty && report.totals.value == .zero)
    }

    /// A ledger file in its own directory (also HOME, so the anchor has a state directory).
    struct Books {
        let directory = makeTemporaryDirectory()
        let fixed: FixedEnvironment
        init() { fixed = FixedEnvironment(variables: ["HOME": directory]) }
        var opener: LedgerOpener {
            let context = fixed.environment.app
            return LedgerOpener(
                locator: LedgerLocator(flag: directory + "/books.ledger", context: context), context: context)
        }
        func append(_ events: [LedgerEvent]) throws {
            _ = try opener.open(.create).events.append(events) { _ in }
        }
    }

    @Test("verify: a sound ledger gives its count and head; --head names the event with that hash")
    func verifySound() throws {
        let books = Books()
        try books.append(twoBuys())
        let verification = LedgerVerification(opener: books.opener)
        let verified = try verification.run(expectedHead: nil, accept: false)
        #expect(verified.events == 2 && verified.head.utf8.count == 64 && verified.headEvent == nil)
        let named = try verification.run(expectedHead: verified.head, accept: false)
        #expect(named.headEvent == 2)
        let unknown = String(repeating: "ab", count: 32)
        #expect(throws: VerifyError.unknownHead(hash: unknown)) {
            _ = try verification.run(expectedHead: unknown, accept: false)
        }
    }

    @Test("verify: an event that is not valid on its own is named, the chain walk having checked it")
    func verifyInvalidEvent() throws {
        let books = Books()
        var events = Events()
        var negativeFee = events.buy("ETH", "1", at: "2000", on: "2024-01-03")
        negativeFee.fee = Events.amount("-1", "USD")
        try books.append([events.buy("ETH", "1", at: "2000", on: "2024-01-02"), negativeFee])
        let store = try books.opener.open(.read(checkingAnchor: false))
        let problem = try #require(try LedgerVerification.invariantProblem(in: store))
        #expect(problem.hasPrefix("event #2 is not a valid event: "))
        #expect(throws: VerifyError.invariant(problem)) {
            _ = try LedgerVerification(opener: books.opener).run(expectedHead: nil, accept: false)
        }
    }

    @Test("verify: --head must be 64 hex digits (a usage error), upper case is accepted")
    func verifyHeadSyntax() throws {
        #expect(throws: VerifyError.notAChainHead("abc")) { _ = try LedgerVerification.parseHead("abc") }
        #expect(
            try LedgerVerification.parseHead(String(repeating: "AB", count: 32)) == String(repeating: "ab", count: 32))
        #expect(VerifyError.notAChainHead("x").category == .usage)
    }

    @Test("verify: an event that takes out more than was held breaks an invariant, named by its number")
    func verifyShortfall() throws {
        var events = Events()
        let store = try memoryLedger([
            events.buy("ETH", "1", at: "2000", on: "2024-01-02"),
            events.sell("ETH", "2", at: "2100", on: "2024-01-03"),
        ])
        let problem = try #require(try LedgerVerification.invariantProblem(in: store))
        #expect(problem.hasPrefix("event #2 (sell 2 ETH @ 2100 USD) takes "))
        #expect(problem.hasSuffix(" ETH from 'default' where 1 was held"))
        #expect(try LedgerVerification.invariantProblem(in: memoryLedger(twoBuys())) == nil)
    }

    @Test("verify: a void of an event that does not exist, or of one already voided, is named")
    func verifyVoids() throws {
        var events = Events()
        let buy = events.buy("ETH", "1", at: "2000", on: "2024-01-02")
        let twice = try memoryLedger([
            buy, events.void(buy, on: "2024-01-03"), events.void(buy, on: "2024-01-04"),
        ])
        #expect(try LedgerVerification.invariantProblem(in: twice) == "event #3 voids #1 a second time")
    }
}
