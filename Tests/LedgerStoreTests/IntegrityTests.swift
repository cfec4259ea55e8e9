import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

@testable import LedgerStore

/// The attacks of issue #19 against the store: each done the way an attacker with the sqlite3
/// CLI would (no recursive triggers, triggers dropped where needed), each seen.
@Suite("Tamper evidence beyond the chain")
struct IntegrityTests {
    /// A ledger of `count` deposits written with an anchor in a fresh state directory.
    func anchoredLedger(_ count: Int = 5) throws -> (Ledger, String, StateDirectory) {
        let directory = makeTemporaryDirectory()
        let state = StateDirectory(path: directory + "/state/ledger")
        let store = try Ledger(path: directory + "/books.ledger", mode: .createIfMissing)
        store.stateDirectory = state
        var make = Events()
        for index in 1...count {
            _ = try store.events.append([make.deposit("BTC", "\(index)", on: "2024-01-0\(index)")]) { _ in }
        }
        return (store, directory + "/books.ledger", state)
    }

    /// A second connection as the sqlite3 CLI opens one: no recursive triggers.
    func attacker(_ path: String) throws -> SQLiteDatabase {
        let database = try SQLiteDatabase(path: path, create: false)
        try database.execute("PRAGMA recursive_triggers=OFF")
        return database
    }

    @Test("the newest events deleted: the chain still verifies, the anchor does not match")
    func truncation() throws {
        let (store, path, _) = try anchoredLedger()
        #expect(try store.anchor.check() == .matches)
        try attacker(path).execute("DROP TRIGGER events_append_only_delete; DELETE FROM events WHERE seq > 3")
        #expect(try store.events.verifyChain().firstBreak == nil, "the hash chain alone cannot see its tail cut")
        guard case .mismatch(let mismatch) = try store.anchor.check() else {
            Issue.record("a truncated ledger passed the anchor check")
            return
        }
        #expect(mismatch.found.count == 3 && mismatch.anchored.count == 5)
        #expect(mismatch.description.contains("events were removed from its end"))
        // A write refuses too, rather than anchoring the cut ledger.
        var make = Events(seed: 2)
        #expect {
            _ = try store.events.append([make.deposit("BTC", "1", on: "2024-02-01")]) { _ in }
        } throws: { error in
            if case .anchorMismatch = error as? StoreError { return true }
            return false
        }
        #expect(try store.events.allEvents().count == 3)
    }

    @Test("an event appended by another program, hash chain and all, does not match the anchor")
    func forgedAppend() throws {
        let (store, path, _) = try anchoredLedger()
        // A writer without the user's state directory: a valid event, a valid chain.
        let forger = try Ledger(path: path, mode: .mustExist)
        var make = Events(seed: 2)
        _ = try forger.events.append([make.deposit("BTC", "100", on: "2024-02-01")]) { _ in }
        #expect(try store.events.verifyChain().firstBreak == nil)
        guard case .mismatch(let mismatch) = try store.anchor.check() else {
            Issue.record("a forged append passed the anchor check")
            return
        }
        #expect(mismatch.found.count == 6 && mismatch.description.contains("ledger did not write"))
        // After a full verify the owner can accept it (a ledger brought from another machine).
        #expect(try store.anchor.accept()?.count == 6)
        #expect(try store.anchor.check() == .matches)
    }

    @Test("a writer that dies before or after its COMMIT leaves an anchor the ledger matches")
    func crashWindows() throws {
        let (store, _, _) = try anchoredLedger(2)
        let anchor = try #require(store.anchor.stored)
        let head = try store.events.chainHead()
        let uncommitted = ChainHead(count: 3, hash: String(repeating: "a", count: 64))
        var make = Events(seed: 2)
        // Died after recording the head it was about to commit, before its COMMIT.
        anchor.write(.init(previous: head, next: uncommitted))
        #expect(try store.anchor.check() == .matches)
        _ = try store.events.append([make.deposit("BTC", "1", on: "2024-02-01")]) { _ in }
        #expect(try store.anchor.check() == .matches)
        // Died after its COMMIT, before confirming: the open confirms for it.
        let committed = try store.events.chainHead()
        anchor.write(.init(previous: head, next: committed))
        #expect(try store.anchor.check() == .matches)
        #expect(anchor.read() == ChainAnchor.State(previous: committed, next: committed))
    }

    @Test("a ledger with no anchor yet is anchored on first check; none without a state directory")
    func firstUse() throws {
        let (store, path, state) = try anchoredLedger(1)
        try FileManager.default.removeItem(atPath: try #require(store.anchor.stored).file)
        #expect(try store.anchor.check() == .created)
        #expect(try store.anchor.check() == .matches)
        let bare = try Ledger(path: path, mode: .mustExist)
        #expect(try bare.anchor.check() == .unanchored)
        _ = state
    }

    @Test("INSERT OR REPLACE of the last event, or on an id or import batch, is refused")
    func insertOrReplace() throws {
        let (store, path, _) = try anchoredLedger(3)
        let database = try attacker(path)
        let before = try store.events.allEvents()
        let columns =
            "seq, id, schema, kind, occurred_at, recorded_at, account, asset, asset_class, quantity, price, quote, counter_asset, counter_class, counter_quantity, to_account, income_kind, split_ratio, void_target, reason, fee, fee_asset, fee_class, note, source, batch, fingerprint, prev_hash, hash, total"
        let replaceLast =
            "INSERT OR REPLACE INTO events (\(columns)) SELECT \(columns.replacingOccurrences(of: "note,", with: "'forged',")) FROM events WHERE seq = 3"
        let replaceByID =
            "INSERT OR REPLACE INTO events (\(columns)) SELECT \(columns.replacingOccurrences(of: "seq,", with: "4,")) FROM events WHERE seq = 1"
        for sql in [replaceLast, replaceByID] {
            #expect {
                try database.execute(sql)
            } throws: { error in
                (error as? SQLiteError)?.message.contains("may not replace an event") == true
            }
        }
        #expect(try store.events.allEvents() == before)
        try database.execute(
            """
            INSERT INTO imports VALUES ('b1', 1, 'f.csv', 'x', 'csv', 'default', 0, 0, 0, 0)
            """)
        #expect {
            try database.execute(
                "INSERT OR REPLACE INTO imports VALUES ('b1', 2, 'g.csv', 'y', 'csv', 'default', 9, 0, 0, 0)")
        } throws: { error in
            (error as? SQLiteError)?.message.contains("may not replace a receipt") == true
        }
    }
}
