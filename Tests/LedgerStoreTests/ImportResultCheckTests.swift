import LedgerCore
import LedgerTestSupport
import Testing

@testable import LedgerStore

/// The import's check of its own result before its COMMIT (``SQLiteImportSession/resultProblem(added:)``).
@Suite("Import result check")
struct ImportResultCheckTests {
    func imported(_ event: LedgerEvent, _ fingerprint: String) -> LedgerEvent {
        var draft = event
        draft.provenance = .imported(batch: "B", fingerprint: ImportFingerprint(fingerprint))
        return draft
    }

    @Test("the appended events pass; a count other than what was appended is named")
    func count() throws {
        let store = try Ledger(path: makeTemporaryDirectory() + "/books.ledger", mode: .createIfMissing)
        var make = Events()
        _ = try store.events.append([make.deposit("USD", "100", on: "2024-01-02")]) { _ in }
        let problems: [String?] = try store.imports.importing(write: false) { session in
            try session.stage(
                imported(make.deposit("BTC", "1", on: "2024-01-03"), "a"), place: .init(file: 0, line: 2, index: 1))
            try session.stage(
                imported(make.deposit("BTC", "2", on: "2024-01-04"), "b"), place: .init(file: 0, line: 3, index: 2))
            _ = try session.commit(receipts: [])
            return [try session.resultProblem(added: 2), try session.resultProblem(added: 3)]
        }
        #expect(problems == [nil, "it would report 3 events imported, but 2 would be stored"])
    }

    @Test("an appended event whose stored fields were changed is named by number")
    func brokenLink() throws {
        let store = try Ledger(path: makeTemporaryDirectory() + "/books.ledger", mode: .createIfMissing)
        var make = Events()
        _ = try store.events.append([make.deposit("USD", "100", on: "2024-01-02")]) { _ in }
        let problem: String? = try store.imports.importing(write: false) { session in
            try session.stage(
                imported(make.deposit("BTC", "1", on: "2024-01-03"), "a"), place: .init(file: 0, line: 2, index: 1))
            _ = try session.commit(receipts: [])
            try store.database.execute(
                "DROP TRIGGER events_append_only_update; UPDATE events SET quantity = '5' WHERE seq = 2")
            return try session.resultProblem(added: 1)
        }
        #expect(
            problem
                == "event #2 would not verify: its stored fields do not match its hash: it was changed after it was recorded"
        )
    }

    @Test("text with a NUL byte is stored whole: two IDs that differ after it stay two events")
    func nulText() throws {
        let store = try Ledger(path: makeTemporaryDirectory() + "/books.ledger", mode: .createIfMissing)
        var make = Events()
        let added: Int = try store.imports.importing(write: true) { session in
            #expect(
                try session.stage(
                    imported(make.deposit("BTC", "1", on: "2024-01-03"), "coinbase:tx:\u{0}a"),
                    place: .init(file: 0, line: 2, index: 1)))
            #expect(
                try session.stage(
                    imported(make.deposit("BTC", "1", on: "2024-01-03"), "coinbase:tx:\u{0}b"),
                    place: .init(file: 0, line: 3, index: 2)))
            let added = try session.commit(receipts: [])
            #expect(try session.resultProblem(added: 2) == nil)
            return added
        }
        #expect(added == 2)
        let stored = try store.events.allEvents().map(\.provenance)
        #expect(
            stored == [
                .imported(batch: "B", fingerprint: "coinbase:tx:\u{0}a"),
                .imported(batch: "B", fingerprint: "coinbase:tx:\u{0}b"),
            ])
        #expect(try store.events.verifyChain().firstBreak == nil)
    }
}
