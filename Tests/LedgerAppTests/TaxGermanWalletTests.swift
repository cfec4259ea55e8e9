import LedgerApp
import LedgerCore
import LedgerStore
import LedgerTestSupport
import Testing

/// Germany, FIFO per wallet (§ 23 EStG; BMF letter of 10 May 2022, Rz. 61 ff.; docs/TAX.md,
/// "Germany") end to end: the events in a EUR ledger, the link the transfer matching writes,
/// the real replay and ``TaxStatement``, as `ledger tax --rules de` runs it.
///
/// Kraken buys A (1 BTC, 20,000 €, 2023-03-01), Coinbase buys B (1 BTC, 40,000 €,
/// 2024-02-01). On 2024-02-10, 0.5 BTC leave Kraken and arrive in a hardware wallet (`cold`),
/// linked as a transfer. Coinbase sells 0.5 BTC on 2024-03-02 for 30,000 €: its own wallet's
/// FIFO takes B (held a month: taxable, gain 10,000 €), where one FIFO across the accounts
/// would have taken A (tax-free). `cold` sells 0.5 BTC on 2024-06-01 for 32,000 €: the half
/// of A that moved there, still dated 2023-03-01 (a transfer is not a disposal, the one-year
/// period runs from the purchase): tax-free, gain 22,000 €.
@Suite("Tax, Germany: FIFO per wallet through the replay, with a linked transfer")
struct TaxGermanWalletTests {
    let fixed = FixedEnvironment(start: "2025-01-15T12:00:00Z")
    var context: AppContext { fixed.environment.app }

    struct Ledgered {
        let store: Ledger
        let events: [LedgerEvent]
    }

    func ledger(linked: Bool = true) throws -> Ledgered {
        var make = Events()
        let events = [
            make.buy("BTC", "1", at: "20000", in: "EUR", on: "2023-03-01", account: "kraken"),
            make.buy("BTC", "1", at: "40000", in: "EUR", on: "2024-02-01", account: "coinbase"),
            make.withdraw("BTC", "0.5", on: "2024-02-10T12:00:00Z", account: "kraken"),
            make.deposit("BTC", "0.5", on: "2024-02-10T12:30:00Z", account: "cold"),
            make.sell("BTC", "0.5", at: "60000", in: "EUR", on: "2024-03-02", account: "coinbase"),
            make.sell("BTC", "0.5", at: "64000", in: "EUR", on: "2024-06-01", account: "cold"),
        ]
        let store = try LedgerOpener.scratch()
        try store.settings.setSetting(LedgerSetting.currency, "EUR")
        _ = try store.events.append(events) { _ in }
        let price = PriceObservation(
            asset: sym("BTC"), quote: sym("EUR"), observedAt: Events.time("2024-02-10"), price: dec("45000"),
            source: "test")
        try store.prices.record([price], fetchedAt: Events.time("2024-02-10"))
        if linked {
            let summary = try TransferService(context: context).match(in: store.events)
            #expect(summary.linked.count == 1, "the matching links the withdrawal and the deposit")
        }
        return Ledgered(store: store, events: events)
    }

    func statement(_ ledger: Ledgered) throws -> TaxStatement {
        try TaxStatement.make(TaxRequest(rules: "de", year: "2024", method: nil), store: ledger.store, context: context)
    }

    @Test("each wallet sells its own lots by FIFO; the moved lot keeps its 2023 date and is tax-free")
    func perWallet() throws {
        let ledger = try ledger()
        let statement = try statement(ledger)
        let sales = statement.disposals
        #expect(sales.map(\.event) == [ledger.events[4].id, ledger.events[5].id])
        // Coinbase: its own lot B, bought a month before: taxable.
        #expect(sales[0].account == "coinbase" && sales[0].quantity == dec("0.5"))
        #expect(sales[0].acquired == ledger.events[1].occurredAt && sales[0].costBasis == 20_000)
        #expect(sales[0].proceeds == 30_000 && sales[0].gain == 10_000)
        #expect(sales[0].term == .short && sales[0].treatment == .taxable)
        // cold: half of A, moved from Kraken, dated by its purchase: more than a year, tax-free.
        #expect(sales[1].account == "cold" && sales[1].quantity == dec("0.5"))
        #expect(sales[1].acquired == ledger.events[0].occurredAt && sales[1].costBasis == 10_000)
        #expect(sales[1].proceeds == 32_000 && sales[1].gain == 22_000)
        #expect(sales[1].term == .long && sales[1].treatment == .taxFree)
        let year = try #require(statement.years.first)
        #expect(year.figures.disposals == 1 && year.figures.proceeds == 30_000 && year.figures.costBasis == 20_000)
        #expect(year.figures.net == 10_000 && year.taxFree?.net == 22_000 && year.taxFree?.disposals == 1)
        #expect(year.exemptAmount == 1_000 && year.lossesCarriedForward == 0 && year.taxableGain == 10_000)
        let held = statement.report.holdings
        #expect(held.map(\.account) == ["kraken", "coinbase"])
        #expect(held.map(\.quantity) == [dec("0.5"), dec("0.5")])
        #expect(held.map(\.costBasis) == [10_000, 20_000])
        #expect(held.map(\.acquired) == [ledger.events[0].occurredAt, ledger.events[1].occurredAt])
        #expect(statement.complete)
    }

    @Test("unlinked, the deposit is bought at its day's value and the sale from it is taxable")
    func unlinked() throws {
        let ledger = try ledger(linked: false)
        let sales = try statement(ledger).disposals
        let cold = try #require(sales.first { $0.account == "cold" })
        #expect(cold.acquired == ledger.events[3].occurredAt && cold.costBasis == 22_500)
        #expect(cold.gain == 9_500 && cold.treatment == .taxable)
        let year = try #require(try statement(ledger).years.first)
        #expect(year.figures.net == 19_500 && year.taxFree?.disposals == 0 && year.taxableGain == 19_500)
    }
}
