import LedgerApp
import LedgerCore
import LedgerStore
import LedgerTestSupport
import Testing

/// ``GainsQuery``, what `ledger gains` reads, against an in-memory ledger: two lots of BTC and
/// two sales, one in March and one in May.
@Suite("GainsQuery: realized gains by method, compared, between two days")
struct GainsQueryTests {
    let fixed = FixedEnvironment(start: "2024-06-01T12:00:00Z")

    func source(_ query: GainsQuery) throws -> ReportSource {
        var events = Events()
        let store = try LedgerOpener.scratch()
        _ = try store.events.append([
            events.buy("BTC", "1", at: "30000", on: "2024-01-02"),
            events.buy("BTC", "1", at: "40000", on: "2024-02-02"),
            events.sell("BTC", "0.5", at: "50000", on: "2024-03-02"),
            events.sell("BTC", "0.5", at: "60000", on: "2024-05-02"),
        ]) { _ in }
        return try ReportSource(store: store, query: query.valuation, perAccount: false, context: fixed.environment.app)
    }

    @Test("the options' method alone: FIFO sells the January lot first")
    func oneMethod() throws {
        let query = GainsQuery(valuation: ValuationQuery())
        let reports = try query.reports(source(query))
        #expect(reports.map(\.method) == [.fifo])
        #expect(reports[0].disposals.count == 2)
        #expect(reports[0].totals.proceeds == dec("55000"))
        #expect(reports[0].totals.costBasis == dec("30000"))
        #expect(reports[0].totals.gain == dec("25000"))
        #expect(reports[0].totals.complete)
    }

    @Test("methods compared: one report each, in the order asked, from one replay")
    func compared() throws {
        let query = GainsQuery(valuation: ValuationQuery(method: "lifo"), methods: [.hifo, .fifo])
        let reports = try query.reports(source(query))
        #expect(reports.map(\.method) == [.hifo, .fifo], "the methods asked for, not the option's")
        #expect(reports.map(\.totals.gain) == [dec("15000"), dec("25000")])
    }

    @Test("since and until keep the disposals of those days; the lots are the whole log's")
    func period() throws {
        let may = LocalDate(year: 2024, month: 5, day: 1)
        let query = GainsQuery(valuation: ValuationQuery(), since: may, until: LocalDate(year: 2024, month: 5, day: 31))
        let reports = try query.reports(source(query))
        #expect(reports[0].disposals.count == 1)
        #expect(reports[0].totals.gain == dec("15000"), "the May sale's lot is January's, after March took half")
    }
}
