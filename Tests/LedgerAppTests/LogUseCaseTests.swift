import LedgerApp
import LedgerCore
import LedgerStore
import LedgerTestSupport
import Testing

/// `ledger log` and `GET /trades` / `GET /api/v1/events` read through ``LogRequest``: the options
/// checked into a ``LogFilter``, the entries newest first with the void that cancelled each,
/// against an in-memory ledger.
@Suite("Log use case: filters, voids, limits")
struct LogUseCaseTests {
    /// Six events in time order: deposits, buys in two accounts, a transfer, and a void.
    func ledger() throws -> (Ledger, [LedgerEvent]) {
        var events = Events()
        let deposit = events.deposit("USD", "10000", on: "2024-01-01")
        let btc = events.buy("BTC", "0.1", at: "40000", on: "2024-01-02")
        let eth = events.buy("ETH", "1", at: "2000", on: "2024-02-01", account: "cold")
        let move = events.transfer("BTC", "0.05", from: "default", to: "cold", on: "2024-03-01")
        let wrong = events.buy("SOL", "3", at: "100", on: "2024-03-02")
        let void = events.void(wrong, on: "2024-03-03")
        let all = [deposit, btc, eth, move, wrong, void]
        let store = try LedgerOpener.scratch()
        _ = try store.events.append(all) { _ in }
        return (store, all)
    }

    func ids(_ request: LogRequest, _ store: Ledger) throws -> [EventID] {
        try request.entries(matching: request.filter(), in: store).map(\.event.id)
    }

    @Test("every entry, newest first; a voided event names its void and a void its target")
    func everyEntry() throws {
        let (store, all) = try ledger()
        let entries = try LogRequest().entries(matching: LogRequest().filter(), in: store)
        #expect(entries.map(\.event.id) == all.reversed().map(\.id))
        #expect(entries[0].target?.id == all[4].id && entries[1].voidedBy?.id == all[5].id)
        #expect(entries[2...].allSatisfy { $0.voidedBy == nil && $0.target == nil })
    }

    @Test("asset, account, kind and dates filter; a void matches through the event it cancels")
    func filters() throws {
        let (store, all) = try ledger()
        #expect(try ids(LogRequest(asset: "BTC"), store) == [all[3].id, all[1].id])
        #expect(try ids(LogRequest(asset: "SOL"), store) == [all[5].id, all[4].id])
        #expect(try ids(LogRequest(account: "cold"), store) == [all[3].id, all[2].id])
        #expect(try ids(LogRequest(kinds: ["buy,deposit"]), store) == [all[4].id, all[2].id, all[1].id, all[0].id])
        #expect(try ids(LogRequest(kinds: ["transfer", "void"]), store) == [all[5].id, all[3].id])
        #expect(try ids(LogRequest(since: "2024-02-01", until: "2024-03-01"), store) == [all[3].id, all[2].id])
    }

    @Test("with a limit, the newest entries that match: the first of the whole list", arguments: 1...6)
    func limit(_ limit: Int) throws {
        let (store, _) = try ledger()
        for request in [LogRequest(), LogRequest(asset: "BTC"), LogRequest(kinds: ["buy"]), LogRequest(asset: "SOL")] {
            var limited = request
            limited.limit = limit
            #expect(try ids(limited, store) == Array(ids(request, store).prefix(limit)))
        }
    }

    @Test("options that are not what they must be are refused with the CLI's sentence")
    func refusals() {
        #expect(throws: LogError.notAnAsset("b t c")) { try LogRequest(asset: "b t c").filter() }
        #expect(throws: LogError.limitBelowOne(0)) { try LogRequest(limit: 0).filter() }
        #expect(throws: LogError.emptyKind) { try LogRequest(kinds: ["buy,,sell"]).filter() }
        #expect(throws: LogError.notAKind("bought")) { try LogRequest(kinds: ["bought"]).filter() }
        #expect(LogError.limitBelowOne(0).description == "--limit must be 1 or more, got 0")
    }
}
