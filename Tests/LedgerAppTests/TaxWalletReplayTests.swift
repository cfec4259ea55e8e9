import LedgerApp
import LedgerCore
import LedgerStore
import LedgerTestSupport
import Testing

/// Basis per wallet (US, from 2025; docs/TAX.md, "Basis per wallet from 2025") end to end: the
/// events in a ledger, the link the import's transfer matching writes, the real replay and
/// ``TaxStatement`` — as `ledger tax` runs it.
///
/// Coinbase buys A (1 BTC, $20,000, 2023-03-01) and C (1 BTC, $40,000, 2024-02-01); Kraken buys
/// B (1 BTC, $30,000, 2023-06-01). In 2024 one pool: Kraken's sale of 0.5 takes half of A
/// (Coinbase's), and the move of 1 BTC Coinbase → Kraken (0.999 arrive, a 0.001 network fee)
/// takes Coinbase's lots FIFO (A 0.5, C 0.499), the fee the pool's oldest (A). At 2025-01-01
/// Kraken holds 1.499 BTC but its lots hold 1.999: A 0.499 and B 1 stay, C's moved 0.499 goes
/// to Coinbase, which holds 1 BTC with only C's 0.501 (Rev. Proc. 2024-28 safe harbor, our
/// standing rule). In 2025 each account sells 1 BTC from its own lots.
@Suite("Tax, US: basis per wallet through the replay, with a linked transfer")
struct TaxWalletReplayTests {
    /// After every event: the replay reads through the clock's now.
    let fixed = FixedEnvironment(start: "2026-01-15T12:00:00Z")
    var context: AppContext { fixed.environment.app }

    struct Ledgered {
        let store: Ledger
        let events: [LedgerEvent]
    }

    /// The ledger, its withdrawal and deposit linked by the transfer matching when `linked`.
    func ledger(linked: Bool = true) throws -> Ledgered {
        var make = Events()
        let events = [
            make.buy("BTC", "1", at: "20000", on: "2023-03-01", account: "coinbase"),
            make.buy("BTC", "1", at: "30000", on: "2023-06-01", account: "kraken"),
            make.buy("BTC", "1", at: "40000", on: "2024-02-01", account: "coinbase"),
            make.sell("BTC", "0.5", at: "65000", on: "2024-04-01", account: "kraken"),
            make.withdraw("BTC", "1", on: "2024-06-03T12:00:00Z", account: "coinbase"),
            make.deposit("BTC", "0.999", on: "2024-06-03T13:00:00Z", account: "kraken"),
            make.sell("BTC", "1", at: "90000", on: "2025-01-15", account: "coinbase"),
            make.sell("BTC", "1", at: "80000", on: "2025-04-01", account: "kraken"),
        ]
        let store = try LedgerOpener.scratch()
        _ = try store.events.append(events) { _ in }
        let price = PriceObservation(
            asset: sym("BTC"), quote: sym("USD"), observedAt: Events.time("2024-06-03"), price: dec("70000"),
            source: "test")
        try store.prices.record([price], fetchedAt: Events.time("2024-06-03"))
        if linked {
            let summary = try TransferService(context: context).match(in: store.events)
            #expect(summary.linked.count == 1, "the matching links the withdrawal and the deposit")
        }
        return Ledgered(store: store, events: events)
    }

    func statement(_ ledger: Ledgered, year: String? = nil) throws -> TaxStatement {
        try TaxStatement.make(TaxRequest(rules: "us", year: year, method: nil), store: ledger.store, context: context)
    }

    @Test("2025: each account sells its own lots; the moved lot keeps its 2023 date and basis")
    func perWallet() throws {
        let ledger = try ledger()
        let statement = try statement(ledger, year: "2025")
        let sales = statement.disposals
        #expect(sales.map(\.event) == [ledger.events[6].id, ledger.events[7].id, ledger.events[7].id])
        // Coinbase: all of C (its two parts taken as one piece), held under a year.
        #expect(sales[0].account == "coinbase" && sales[0].quantity == 1 && sales[0].costBasis == 40_000)
        #expect(sales[0].acquired == ledger.events[2].occurredAt && sales[0].term == .short)
        #expect(sales[0].gain == 50_000)
        // Kraken: A's 0.499 that came from Coinbase by the transfer, then B.
        #expect(sales[1].account == "kraken" && sales[1].quantity == dec("0.499"))
        #expect(sales[1].acquired == ledger.events[0].occurredAt && sales[1].costBasis == 9_980)
        #expect(sales[1].proceeds == 39_920 && sales[1].gain == 29_940 && sales[1].term == .long)
        #expect(sales[2].quantity == dec("0.501") && sales[2].acquired == ledger.events[1].occurredAt)
        #expect(sales[2].costBasis == 15_030 && sales[2].proceeds == 40_080 && sales[2].gain == 25_050)
        let year = try #require(statement.years.first)
        #expect(year.shortTerm?.proceeds == 90_000 && year.shortTerm?.costBasis == 40_000)
        #expect(year.longTerm?.proceeds == 80_000 && year.longTerm?.costBasis == 25_010)
        #expect(year.longTerm?.net == 54_990 && year.figures.net == 104_990 && year.taxableGain == 104_990)
        let held = try #require(statement.report.holdings.first)
        #expect(statement.report.holdings.count == 1)
        #expect(held.account == "kraken" && held.quantity == dec("0.499") && held.costBasis == 14_970)
        #expect(held.acquired == ledger.events[1].occurredAt)
        #expect(statement.complete)
    }

    @Test("2024: one pool; the network fee is a sale at market value, the move itself is none")
    func universalBefore2025() throws {
        let ledger = try ledger()
        let sales = try statement(ledger, year: "2024").disposals
        #expect(sales.count == 2)
        #expect(sales[0].account == "kraken" && sales[0].acquired == ledger.events[0].occurredAt)
        #expect(sales[0].costBasis == 10_000 && sales[0].gain == 22_500 && sales[0].term == .long)
        #expect(sales[1].event == ledger.events[4].id && sales[1].quantity == dec("0.001"))
        #expect(sales[1].proceeds == 70 && sales[1].costBasis == 20 && sales[1].acquired == ledger.events[0].occurredAt)
    }

    @Test("one pool in 2025 too (the engine's universalBasis) gives other gains for the same sales")
    func universalThroughout() throws {
        let ledger = try ledger()
        let state = try ReplayRunner(store: ledger.store, context: context).replayForTax(currency: sym("USD"))
        let report = TaxEngine.report(
            state.taxTransactions, income: state.taxIncome, rules: .us, options: TaxOptions(universalBasis: true))
        let year = try #require(report.year(2025))
        #expect(year.shortTerm?.disposals == 0 && year.longTerm?.costBasis == 60_020)
        #expect(year.figures.net == 109_980)
    }

    @Test("unlinked, the withdrawal loses its basis and the deposit is bought at market value")
    func unlinked() throws {
        let ledger = try ledger(linked: false)
        let sales = try statement(ledger, year: "2025").disposals.filter { $0.account == "kraken" }
        let deposited = try #require(sales.first { $0.acquired == ledger.events[5].occurredAt })
        #expect(deposited.term == .short && deposited.costBasis == 35_000)
    }
}
