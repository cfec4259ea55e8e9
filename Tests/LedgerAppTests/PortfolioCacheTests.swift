import Glibc
import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerStore
import LedgerTestSupport
import Synchronization
import Testing

/// The server's kept portfolios (issue 38): an answer "now" made once for the seconds after
/// it while nothing is dated later, and one replay for the requests that miss together.
@Suite(
    "Kept portfolios: one answer across seconds while nothing is dated later; one replay for requests that miss together"
)
struct PortfolioCacheTests {
    func price(_ value: String, at time: Timestamp) -> PriceObservation {
        PriceObservation(asset: sym("BTC"), quote: sym("USD"), observedAt: time, price: dec(value), source: "test")
    }

    @Test(
        "an answer now serves the next seconds with their as-of, as a fresh replay makes them; not while a price is dated later"
    )
    func acrossSeconds() throws {
        let fixed = FixedEnvironment(start: "2024-06-01T12:00:00Z")
        let context = fixed.environment.app
        var events = Events()
        let store = try LedgerOpener.scratch()
        _ = try store.events.append([events.buy("BTC", "1", at: "30000", on: "2024-01-02")]) { _ in }
        try store.record([price("60000", at: Events.time("2024-05-01"))], fetchedAt: Events.time("2024-05-02"))
        let query = PortfolioQuery(valuation: ValuationQuery())
        let cache = PortfolioCache()
        var made = 0
        // Each source reads the clock once: a new second. The kept answer must be the report a
        // replay of that same source makes, byte for byte.
        func kept() throws -> (answer: String, fresh: String, asOf: Timestamp) {
            let source = try query.source(store, context: context)
            let entry = try query.kept(source, slot: "alice", in: cache) {
                made += 1
                return []
            }
            return (
                ReportJSON.portfolio(entry.report), ReportJSON.portfolio(try query.report(source)), source.options.asOf
            )
        }
        let first = try kept()
        let second = try kept()
        #expect(made == 1 && second.asOf > first.asOf)
        #expect(second.answer == second.fresh && second.answer != first.answer)
        #expect(second.answer.contains("\"as_of\": \"\(second.asOf)\""), "\(second.answer)")

        // A price dated after now (a source's clock ahead of this one): every second is made
        // anew until the clock has passed it, then kept again.
        let ahead = Timestamp(secondsSinceEpoch: second.asOf.secondsSinceEpoch + 10)
        try store.record([price("70000", at: ahead)], fetchedAt: second.asOf)
        for _ in 0..<2 {
            let before = try kept()
            #expect(before.answer == before.fresh && before.answer.contains("\"value\": \"60000\""))
        }
        #expect(made == 3)
        fixed.setClock(ahead)
        for _ in 0..<2 {
            let after = try kept()
            #expect(after.answer == after.fresh && after.answer.contains("\"value\": \"70000\""))
        }
        #expect(made == 4)

        // An event makes it again; a given as-of is its own view, kept whatever is dated later.
        _ = try store.events.append([events.buy("ETH", "1", at: "2000", on: "2024-02-02")]) { _ in }
        #expect(try kept().answer.contains("\"ETH\"") && made == 5)
        let given = PortfolioQuery(valuation: ValuationQuery(asOf: "2024-05-15"))
        let old = try given.kept(given.source(store, context: context), slot: "alice", in: cache) { ["given"] }
        #expect(try given.kept(given.source(store, context: context), slot: "alice", in: cache) { [] } === old)
        #expect(old.notices == ["given"] && ReportJSON.portfolio(old.report).contains("\"value\": \"60000\""))
        _ = try kept()
        #expect(made == 5)
    }

    @Test("requests that miss together wait for the first one's replay and get its answer")
    func oneReplay() async throws {
        let fixed = FixedEnvironment()
        let path = makeTemporaryDirectory("kept-portfolio") + "/books.ledger"
        let context = fixed.environment.app
        var events = Events()
        let ledger = try LedgerOpener(locator: LedgerLocator(flag: path, context: context), context: context)
            .open(.create)
        _ = try ledger.events.append([events.buy("BTC", "1", at: "30000", on: "2024-01-02")]) { _ in }
        let cache = PortfolioCache()
        let replays = Tally()
        let answers = await withTaskGroup(of: String.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    await RawConnection.onThread {
                        Self.answer(path: path, fixed: fixed, cache: cache) {
                            replays.count.withLock { $0 += 1 }
                            usleep(300_000) // the others arrive while this one replays
                        }
                    }
                }
            }
            return await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(replays.count.withLock { $0 } == 1)
        #expect(Set(answers).count == 1 && answers[0].contains("ledger.portfolio/1"), "\(answers)")
    }

    final class Tally: Sendable {
        let count = Mutex(0)
    }

    /// The portfolio JSON of the ledger at `path`, opened on this thread, through `cache`.
    static func answer(
        path: String, fixed: FixedEnvironment, cache: PortfolioCache, replaying: () -> Void
    ) -> String {
        do {
            let context = fixed.environment.app
            let store = try LedgerOpener(locator: LedgerLocator(flag: path, context: context), context: context)
                .open(.read(checkingAnchor: false))
            let query = PortfolioQuery(valuation: ValuationQuery(asOf: "2024-06-01"))
            let entry = try query.kept(query.source(store, context: context), slot: path, in: cache) {
                replaying()
                return []
            }
            return ReportJSON.portfolio(entry.report)
        } catch {
            return "\(error)"
        }
    }
}
