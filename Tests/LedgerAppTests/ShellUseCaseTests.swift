import LedgerApp
import LedgerCore
import LedgerStore
import LedgerTestSupport
import Testing

/// The use cases LedgerCLI calls instead of reaching the stores (issue 33: LedgerCLI depends
/// on neither LedgerStore nor LedgerMarketData), each against an in-memory ledger.
@Suite("Shell use cases: init, export, price book, conversion, watchlist, currencies")
struct ShellUseCaseTests {
    let fixed = FixedEnvironment(start: "2024-06-01T12:00:00Z")

    func price(_ asset: String, _ value: String, _ quote: String = "USD", on day: String = "2024-05-01")
        -> PriceObservation
    {
        PriceObservation(
            asset: sym(asset), quote: sym(quote), observedAt: Events.time(day), price: dec(value), source: "test")
    }

    func ledger(_ events: [LedgerEvent] = []) throws -> Ledger {
        let store = try LedgerOpener.scratch()
        _ = try store.events.append(events) { _ in }
        return store
    }

    func threeBuys() -> [LedgerEvent] {
        var events = Events()
        return [
            events.buy("BTC", "1", at: "30000", on: "2024-01-02"),
            events.buy("ETH", "2", at: "2000", on: "2024-02-02"),
            events.buy("BTC", "1", at: "40000", on: "2024-03-02"),
        ]
    }

    @Test("init reads what the ledger held, then writes the currency and the tax rules")
    func initialization() throws {
        let store = try ledger()
        let first = try LedgerInitialization(store)
        #expect(first.storedCurrency == nil && first.eventCount == 0)
        try first.apply(currency: "EUR", taxRules: .uk)
        #expect(try store.settings.setting(LedgerSetting.currency) == "EUR")
        #expect(try store.settings.setting(LedgerSetting.taxRules) == "uk")
        #expect(try store.ledgerCurrency() == "EUR" && store.displayedLedgerCurrency() == sym("EUR"))

        _ = try store.events.append(threeBuys()) { _ in }
        let second = try LedgerInitialization(store)
        #expect(second.storedCurrency == "EUR" && second.eventCount == 3)
        try second.apply(currency: "EUR", taxRules: nil)
        #expect(try store.settings.setting(LedgerSetting.taxRules) == "uk")
    }

    @Test("export reads the days asked for, both ends included, streamed or at once")
    func exportRange() throws {
        let export = EventExport(
            try ledger(threeBuys()), from: LocalDate.parse("2024-02-02"), to: LocalDate.parse("2024-03-02"))
        let events = try export.events()
        #expect(events.map(\.action.primaryAsset?.symbol) == [sym("ETH"), sym("BTC")])
        var streamed: [LedgerEvent] = []
        try export.forEachEvent { streamed.append($0) }
        #expect(streamed == events)
        #expect(try export.allEvents().count == 3)
        #expect(try export.currencySetting() == LedgerSetting.defaultCurrency)
        let open = EventExport(try ledger(threeBuys()), from: nil, to: LocalDate.parse("2024-01-02"))
        #expect(try open.events().count == 1)
    }

    @Test("the price book records prices with when they were fetched, and reads them back per asset")
    func priceBook() throws {
        let store = try ledger()
        let fetchedAt = Events.time("2024-05-02")
        try store.record([price("BTC", "60000"), price("ETH", "3000")], fetchedAt: fetchedAt)
        let btc = try store.recordedPrices(of: sym("BTC"))
        #expect(btc == [RecordedPrice(price("BTC", "60000"), fetchedAt: fetchedAt)])
        #expect(try store.recordedPrices(of: nil).count == 2)
        var result = FetchResult()
        result.observations = [price("SOL", "150", on: "2024-05-03")]
        try result.record(in: store, fetchedAt: fetchedAt)
        #expect(try store.recordedPrices(of: sym("SOL")).map(\.observation.price) == [dec("150")])
        #expect(try store.recordedClass(of: sym("BTC")) == nil)
        _ = try store.events.append(threeBuys()) { _ in }
        #expect(try store.recordedClass(of: sym("BTC")) != nil)
    }

    @Test("convert offline: from the cache, refused by the check before anything is recorded")
    func conversion() throws {
        let store = try ledger()
        try store.record([price("EUR", "1.08", on: "2024-05-31")], fetchedAt: Events.time("2024-05-31"))
        let request = ConversionRequest(amount: dec("100"), from: sym("EUR"), to: sym("USD"), date: nil)
        let now = Events.time("2024-06-01")
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try Converter.run(
                request, in: store, context: fixed.environment.market, now: now, offline: true, warn: { _ in },
                check: { _ in throw Refused() })
        }
        #expect(try Converter.history(in: store).isEmpty)
        var warnings: [String] = []
        let conversion = try Converter.run(
            request, in: store, context: fixed.environment.market, now: now, offline: true,
            warn: { warnings.append($0) }, check: { _ in })
        #expect(conversion.record.result == dec("108") && conversion.record.rate == dec("1.08"))
        #expect(warnings.isEmpty)
        #expect(try Converter.history(in: store) == [conversion.record])
    }

    @Test("the watchlist of a ledger: added once, removed all or nothing, listed from its prices")
    func watchlist() throws {
        let store = try ledger()
        #expect(try Watchlist.add([sym("BTC"), sym("ETH")], to: store) == [sym("BTC"), sym("ETH")])
        #expect(try Watchlist.add([sym("BTC")], to: store).isEmpty)
        #expect(throws: WatchError.self) { try Watchlist.remove([sym("SOL"), sym("ETH")], from: store) }
        try Watchlist.remove([sym("ETH")], from: store)
        try store.record([price("BTC", "60000")], fetchedAt: Events.time("2024-05-01"))
        let listed = try Watchlist.listed(store, topLists: store, quote: sym("USD"))
        #expect(listed.coins.map(\.symbol) == [sym("BTC")])
        #expect(listed.coins[0].price?.price == dec("60000"))
        #expect(listed.topList == nil)
        #expect(throws: WatchError.self) { try Watchlist.remove([sym("BTC")], from: nil as Ledger?) }
    }

    @Test("currencies: by code or name, any case, sorted; the published ones marked")
    func currencies() {
        #expect(CurrencyCatalog.matching(nil).count == FiatCurrency.named.count)
        #expect(CurrencyCatalog.matching(nil) == CurrencyCatalog.matching(nil).sorted())
        let dollars = CurrencyCatalog.matching("DOLLAR")
        #expect(dollars.contains("USD") && dollars.contains("AUD") && !dollars.contains("EUR"))
        #expect(CurrencyCatalog.matching("eur").contains("EUR"))
        #expect(CurrencyCatalog.matching("no such currency").isEmpty)
        let known = Set(FiatCurrency.named.keys)
        #expect(CurrencyCatalog.published.contains("EUR") && CurrencyCatalog.published.isSubset(of: known))
    }

    @Test("an adapter's failure is said in its own sentence; any other error is not one")
    func adapterFailures() {
        let missing = StoreError.eventNotFound(reference: "01ABC")
        #expect(AdapterFailure.sentence(missing) == missing.description)
        #expect(AdapterFailure.sentence(AppError.emptyLedgerPath) == nil)
    }
}
