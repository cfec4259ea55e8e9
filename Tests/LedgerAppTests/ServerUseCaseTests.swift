import LedgerApp
import LedgerCore
import LedgerStore
import LedgerTestSupport
import Testing

/// The use cases LedgerServer calls instead of reaching the stores (issue 33: it depends on
/// neither LedgerStore nor LedgerMarketData), each against an in-memory ledger.
@Suite("Server use cases: kept portfolios and returns, events by number, watched coins, void without a ledger")
struct ServerUseCaseTests {
    let fixed = FixedEnvironment(start: "2024-06-01T12:00:00Z")
    var context: AppContext { fixed.environment.app }

    func price(_ asset: String, _ value: String, on day: String = "2024-05-01") -> PriceObservation {
        PriceObservation(
            asset: sym(asset), quote: sym("USD"), observedAt: Events.time(day), price: dec(value), source: "test")
    }

    func ledger(_ events: [LedgerEvent]) throws -> Ledger {
        let store = try LedgerOpener.scratch()
        _ = try store.events.append(events) { _ in }
        return store
    }

    @Test("a kept portfolio is the same answer while nothing changes; a price or an event makes a new one")
    func keptPortfolio() throws {
        var events = Events()
        let store = try ledger([events.buy("BTC", "1", at: "30000", on: "2024-01-02")])
        try store.record([price("BTC", "60000")], fetchedAt: Events.time("2024-05-02"))
        let query = PortfolioQuery(valuation: ValuationQuery(asOf: "2024-06-01"))
        let cache = PortfolioCache()
        var made = 0
        func kept(_ slot: String = "alice") throws -> PortfolioCache.Entry {
            try query.kept(query.source(store, context: context), slot: slot, in: cache) {
                made += 1
                return ["note \(made)"]
            }
        }
        let first = try kept()
        #expect(try kept() === first)
        #expect(made == 1 && first.notices == ["note 1"])
        try store.record([price("BTC", "70000", on: "2024-05-02")], fetchedAt: Events.time("2024-05-03"))
        let repriced = try kept()
        #expect(repriced !== first && made == 2 && repriced.report.totals != first.report.totals)
        _ = try store.events.append([events.buy("ETH", "1", at: "2000", on: "2024-02-02")]) { _ in }
        let grown = try kept()
        #expect(grown !== repriced && grown.report.rows.count == 2)
        #expect(try kept("bob") !== grown)
        let fresh = try query.report(query.source(store, context: context))
        #expect(grown.report.rows == fresh.rows && grown.report.totals == fresh.totals)
        #expect(grown.json { "made once" } == "made once" && grown.json { "again" } == "made once")
    }

    @Test(
        "kept returns: made once for the rest of the day while the ledger is the same; made again for a price, an event, a new day, or a moment before something dated later"
    )
    func keptReturns() throws {
        var events = Events()
        let store = try ledger([events.buy("BTC", "1", at: "30000", on: "2024-05-02")])
        try store.record([price("BTC", "60000", on: "2024-05-20")], fetchedAt: Events.time("2024-05-21"))
        let cache = ReturnsCache()
        var made = 0
        func kept(at now: String, _ request: ReturnsRequest = ReturnsRequest(period: "30d")) throws -> ReturnsReport {
            let context = FixedEnvironment(start: now).environment.app
            return try cache.report(request, slot: "alice", now: Events.time(now), store: store) {
                made += 1
                return try ReturnsStatement.make(request, store: store, context: context)
            }
        }
        let first = try kept(at: "2024-06-01T12:00:00Z")
        #expect(try kept(at: "2024-06-01T18:30:00Z").asOf == first.asOf)
        #expect(made == 1)
        try store.record([price("BTC", "61000", on: "2024-06-01")], fetchedAt: Events.time("2024-06-01T18:31:00Z"))
        #expect(try kept(at: "2024-06-01T18:31:00Z").asOf != first.asOf)
        #expect(made == 2)
        #expect(try kept(at: "2024-06-02T00:00:05Z").last == LocalDate(year: 2024, month: 6, day: 2))
        #expect(made == 3)
        // An event dated after the moment: a later moment may count it, so nothing is served.
        _ = try store.events.append([events.buy("ETH", "1", at: "2000", on: "2024-06-02T20:00:00Z")]) { _ in }
        _ = try kept(at: "2024-06-02T10:00:00Z")
        _ = try kept(at: "2024-06-02T10:00:01Z")
        #expect(made == 5)
        // An as-of given does not move with the clock.
        let given = ReturnsRequest(period: "30d", valuation: ValuationQuery(asOf: "2024-05-31"))
        _ = try kept(at: "2024-06-02T10:00:02Z", given)
        _ = try kept(at: "2024-06-03T10:00:00Z", given)
        #expect(made == 6)
    }

    @Test("an event by its number, how many there are, the currency as a symbol")
    func ledgerReads() throws {
        var events = Events()
        let store = try ledger([
            events.buy("BTC", "1", at: "30000", on: "2024-01-02"), events.buy("ETH", "2", at: "2000", on: "2024-02-02"),
        ])
        #expect(try store.eventCount() == 2)
        #expect(try store.event(reference: "2")?.action.primaryAsset?.symbol == sym("ETH"))
        #expect(try store.event(reference: "9") == nil)
        #expect(try store.currencySymbol() == sym("USD"))
        try store.settings.setSetting(LedgerSetting.currency, "EUR")
        #expect(try store.currencySymbol() == sym("EUR"))
    }

    @Test("a void where no ledger exists is 'not found' (404) and creates nothing; a blank reason is refused first")
    func voidWithoutLedger() throws {
        let path = makeTemporaryDirectory("server-void") + "/none.ledger"
        let opener = LedgerOpener(locator: LedgerLocator(flag: path, context: context), context: context)
        let recorder = EventRecorder(context: context)
        do {
            _ = try recorder.void(reference: "1", reason: "typo", opener: opener)
            Issue.record("a void was recorded without a ledger")
        } catch {
            #expect(AdapterFailure.isMissing(error))
        }
        #expect(try !opener.exists())
        #expect(throws: VoidError.self) { try recorder.void(reference: "1", reason: " ", opener: opener) }
        #expect(!AdapterFailure.isMissing(VoidError.missingReason(id: "1")))
    }

    @Test("the watched coins of no ledger are none; a ledger without a cached top list has none")
    func watchedAndCached() throws {
        #expect(try Watchlist.watched(in: nil).isEmpty)
        let store = try ledger([])
        try Watchlist.add([sym("BTC"), sym("ETH")], to: store)
        #expect(Set(try Watchlist.watched(in: store)) == [sym("BTC"), sym("ETH")])
        #expect(try store.cachedTopList(in: sym("USD")) == nil)
        #expect(FetchResult().reasons(sym("BTC")).isEmpty)
    }
}
