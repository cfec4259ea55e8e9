import CSQLite
import LedgerCore
import LedgerTestSupport
import Testing

@testable import LedgerStore

/// The import's staging (``SQLiteImportSession``): packed rows in an attached scratch database,
/// read back in replay order, and gone after every import, whatever its end.
@Suite("Import session")
struct ImportSessionTests {
    struct Stop: Error {}

    func imported(_ event: LedgerEvent, _ fingerprint: String) -> LedgerEvent {
        var draft = event
        draft.provenance = .imported(batch: "B", fingerprint: ImportFingerprint(fingerprint))
        return draft
    }

    func attached(_ store: Ledger) throws -> [String] {
        try store.database.textColumn("PRAGMA database_list", 1)
    }

    @Test("staged events come back in replay order; two zero-basis lots of one row are both kept")
    func replayOrder() throws {
        let store = try Ledger(path: makeTemporaryDirectory() + "/books.ledger", mode: .createIfMissing)
        var make = Events()
        _ = try store.events.append([make.deposit("USD", "100", on: "2024-01-02")]) { _ in }
        let later = imported(make.buy("BTC", "1", at: "10", on: "2024-01-03"), "a")
        let earlier = imported(make.sell("ETH", "2", at: "5", on: "2024-01-01"), "b")
        let lotETH = imported(make.deposit("ETH", "2", on: "2024-01-01"), "b:zero-basis:ETH")
        let lotBNB = imported(make.deposit("BNB", "1", on: "2024-01-01"), "b:zero-basis:BNB")
        let order: [String] = try store.imports.importing(write: false) { session in
            #expect(try session.stage(later, place: StagedPlace(file: 0, line: 2, index: 1)))
            #expect(try session.stage(earlier, place: StagedPlace(file: 0, line: 3, index: 2)))
            #expect(
                try !session.stage(imported(earlier, "a"), place: StagedPlace(file: 0, line: 4, index: 3)),
                "a staged duplicate")
            let place = StagedPlace(file: 0, line: 3, index: 2)
            #expect(try session.stage(lotETH, place: place, before: true))
            #expect(try session.stage(lotBNB, place: place, before: true))
            var seen: [String] = []
            try session.replay { event, place in
                seen.append(place == nil ? "ledger" : "\(event.kind) \(event.action.primaryAsset?.symbol.text ?? "")")
            }
            return seen
        }
        #expect(order == ["deposit ETH", "deposit BNB", "sell ETH", "ledger", "buy BTC"])
    }

    @Test(
        "one connection imports again and again: after a commit, a dry run and a failure the scratch database is gone")
    func repeatedImports() throws {
        let store = try Ledger(path: makeTemporaryDirectory() + "/books.ledger", mode: .createIfMissing)
        var make = Events()
        let first = (0..<150).map { imported(make.deposit("BTC", "\($0 + 1)", on: "2024-02-01"), "first-\($0)") }
        let second = (0..<70).map { imported(make.deposit("ETH", "\($0 + 1)", on: "2024-01-01"), "second-\($0)") }
        func run(_ events: [LedgerEvent], write: Bool, failing: Bool = false) throws -> Int {
            try store.imports.importing(write: write) { session in
                for (index, event) in events.enumerated() {
                    try session.stage(event, place: StagedPlace(file: 0, line: index + 2, index: index))
                }
                if failing { throw Stop() }
                return try session.commit(receipts: [])
            }
        }
        #expect(try run(first, write: true) == 150)
        #expect(try attached(store) == ["main"])
        #expect(throws: Stop.self) { try run(second, write: true, failing: true) }
        #expect(try run(second, write: false) == 70)
        #expect(try store.events.allEvents().count == 150, "neither the failure nor the dry run wrote")
        #expect(try run(second, write: true) == 70)
        #expect(try attached(store) == ["main"])
        let stored = try store.events.allEvents()
        #expect(stored.map(\.sequence) == Array(1...220))
        #expect(stored.suffix(70).map(\.provenance) == second.map(\.provenance), "appended in replay order")
        #expect(try store.events.verifyChain().firstBreak == nil)
    }

    @Test("an SQLite that takes few parameters per statement gets fewer events per INSERT")
    func parameterLimit() throws {
        let store = try Ledger(path: makeTemporaryDirectory() + "/books.ledger", mode: .createIfMissing)
        sqlite3_limit(store.database.handle, SQLITE_LIMIT_VARIABLE_NUMBER, 100)
        // 34 columns and 2 more parameters an event (migration 0018): 100 / 36 = 2 events a statement.
        #expect(EventAppender.chunkSize(store.database) == 2)
        var make = Events()
        let events = (0..<10).map { make.deposit("BTC", "\($0 + 1)", on: "2024-01-01") }
        let stored = try store.events.append(events) { _ in }
        #expect(stored.map(\.sequence) == Array(1...10))
        let streamed = (0..<7).map { imported(make.deposit("ETH", "\($0 + 1)", on: "2024-01-02"), "eth-\($0)") }
        let added = try store.imports.importing(write: true) { session in
            for (index, event) in streamed.enumerated() {
                try session.stage(event, place: StagedPlace(file: 0, line: index + 2, index: index))
            }
            return try session.commit(receipts: [])
        }
        #expect(added == 7)
        #expect(try store.events.allEvents().count == 17)
        #expect(try store.events.verifyChain().firstBreak == nil)
    }

    @Test("a scratch database left attached (a DETACH that failed) does not stop the next import")
    func staleStaging() throws {
        let store = try Ledger(path: makeTemporaryDirectory() + "/books.ledger", mode: .createIfMissing)
        try store.executeRaw("ATTACH DATABASE '' AS staging; CREATE TABLE staging.import_staged (x)")
        var make = Events()
        let added = try store.imports.importing(write: true) { session in
            try session.stage(
                imported(make.deposit("BTC", "1", on: "2024-01-01"), "only"),
                place: StagedPlace(file: 0, line: 2, index: 0))
            return try session.commit(receipts: [])
        }
        #expect(added == 1)
        #expect(try attached(store) == ["main"])
    }
}
