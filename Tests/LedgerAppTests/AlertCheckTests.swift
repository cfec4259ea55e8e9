import LedgerApp
import LedgerCore
import LedgerStore
import LedgerTestSupport
import Testing

/// ``AlertCheck``, what `ledger alert check` and the server's fetcher evaluate, against the
/// in-memory alert and price stores (the doubles the store contract suites hold to the SQLite
/// stores), and offline against an in-memory ledger.
@Suite("AlertCheck: evaluate every alert once per crossing")
struct AlertCheckTests {
    let start = Events.time("2024-06-01T12:00:00Z")

    func draft(_ asset: String, _ condition: AlertCondition) -> AlertDraft {
        AlertDraft(asset: sym(asset), assetClass: nil, quote: sym("USD"), condition: condition, note: "")
    }

    func price(_ asset: String, _ value: String, at time: Timestamp) -> PriceObservation {
        PriceObservation(asset: sym(asset), quote: sym("USD"), observedAt: time, price: dec(value), source: "test")
    }

    /// The outcome of each verdict as a word: fired, quiet, rearmed or failed.
    func outcomes(_ verdicts: [AlertVerdict]) -> [String] {
        verdicts.map { verdict in
            switch verdict.outcome {
            case .fired: "fired"
            case .quiet(_, let rearmed): rearmed ? "rearmed" : "quiet"
            case .failed: "failed"
            }
        }
    }

    @Test("a crossing fires once; the alert re-arms when the price goes back; the states are stored")
    func firesOnce() throws {
        let (alerts, prices) = (InMemoryAlertStore(), InMemoryPriceStore())
        _ = try alerts.addAlert(draft("BTC", .above(dec("50000"))), createdAt: start)
        _ = try alerts.addAlert(draft("ETH", .below(dec("2000"))), createdAt: start)
        try prices.record(
            [price("BTC", "60000", at: start), price("ETH", "2500", at: start)], fetchedAt: start)
        let now = start.adding(seconds: 60)
        let first = try AlertCheck.evaluate(alerts: alerts, prices: prices, now: now, maxAge: nil)
        #expect(outcomes(first) == ["fired", "quiet"])
        #expect(try alerts.alerts().map(\.state) == [.fired, .armed])
        #expect(try alerts.alerts()[0].lastFiredAt == now)
        let again = try AlertCheck.evaluate(alerts: alerts, prices: prices, now: now.adding(seconds: 60), maxAge: nil)
        #expect(outcomes(again) == ["quiet", "quiet"], "a fired alert does not fire again while the price stays")
        let later = start.adding(seconds: 600)
        try prices.record([price("BTC", "40000", at: later)], fetchedAt: later)
        let back = try AlertCheck.evaluate(alerts: alerts, prices: prices, now: later, maxAge: nil)
        #expect(outcomes(back) == ["rearmed", "quiet"])
        #expect(try alerts.alerts().map(\.state) == [.armed, .armed])
    }

    @Test("a price older than the maximum age does not count: the alert fails and keeps its state")
    func stalePrice() throws {
        let (alerts, prices) = (InMemoryAlertStore(), InMemoryPriceStore())
        _ = try alerts.addAlert(draft("BTC", .above(dec("50000"))), createdAt: start)
        try prices.record([price("BTC", "60000", at: start)], fetchedAt: start)
        let verdicts = try AlertCheck.evaluate(
            alerts: alerts, prices: prices, now: start.adding(seconds: 3600), maxAge: 600)
        #expect(outcomes(verdicts) == ["failed"])
        #expect(try alerts.alerts().map(\.state) == [.armed])
    }

    @Test("offline, run reads the ledger's own alerts and prices and asks no source")
    func offlineRun() throws {
        let fixed = FixedEnvironment(start: "2024-06-01T12:01:00Z")
        let store = try LedgerOpener.scratch()
        _ = try store.alerts.addAlert(draft("BTC", .below(dec("70000"))), createdAt: start)
        try store.prices.record([price("BTC", "60000", at: start)], fetchedAt: start)
        let check = AlertCheck(context: fixed.environment.market, offline: true, maxAge: nil)
        let (verdicts, checkedAt) = try check.run(store: store)
        #expect(outcomes(verdicts) == ["fired"])
        #expect(checkedAt > start)
        #expect(try AlertBook.list(in: store).map(\.state) == [.fired])
    }
}
