import Foundation
import LedgerCore
import LedgerStore
import LedgerTestSupport
import Testing

@Suite("SQLite event store")
struct LedgerTests {
    func ledgerWithEvents(_ count: Int = 3) throws -> (Ledger, String) {
        let path = makeTemporaryDirectory() + "/books.ledger"
        let store = try Ledger(path: path, mode: .createIfMissing)
        var make = Events()
        for index in 1...count {
            _ = try store.events.append([make.deposit("BTC", "\(index)", on: "2024-01-0\(index)")]) { _ in }
        }
        return (store, path)
    }

    @Test("UPDATE and DELETE on events are refused by the database itself")
    func appendOnly() throws {
        let (store, _) = try ledgerWithEvents()
        for sql in [
            "UPDATE events SET quantity = '9' WHERE seq = 2", "DELETE FROM events WHERE seq = 3", "DELETE FROM events",
        ] {
            #expect {
                try store.executeRaw(sql)
            } throws: { error in
                (error as? SQLiteError)?.message.contains("append-only") == true
            }
        }
        #expect(throws: SQLiteError.self) {
            try store.executeRaw(Self.insertCopy(seq: "11"))
        }
        #expect(try store.events.allEvents().map(\.sequence) == [1, 2, 3])
    }

    /// An insert of event 1 under another `seq`, copying every column.
    static func insertCopy(seq: String) -> String {
        "INSERT INTO events SELECT \(seq), '7ZZZZZZZZZZZZZZZZZZZZZZZZZ', schema, kind, occurred_at, recorded_at, account, asset, asset_class, quantity, price, quote, counter_asset, counter_class, counter_quantity, to_account, income_kind, split_ratio, void_target, reason, fee, fee_asset, fee_class, note, source, batch, fingerprint || 'x', prev_hash, hash, total, link_withdrawal, link_deposit, tx_hash, address FROM events WHERE seq = 1"
    }

    @Test("an insert that does not follow the last event is refused: a gap, zero, a negative seq")
    func contiguous() throws {
        let (store, _) = try ledgerWithEvents()
        for seq in ["5", "0", "-1", "4 + 0.5"] {
            #expect {
                try store.executeRaw(Self.insertCopy(seq: seq))
            } throws: { error in
                let message = (error as? SQLiteError)?.message ?? ""
                return message.contains("seq must follow the last event") || message.contains("datatype mismatch")
            }
        }
        try store.executeRaw(Self.insertCopy(seq: "4"))
        #expect(try store.events.allEvents().map(\.sequence) == [1, 2, 3, 4])
    }

    @Test("INSERT OR REPLACE cannot rewrite an event: not the last one, not by its id")
    func replaceRefused() throws {
        let (store, _) = try ledgerWithEvents()
        let replaceLast = Self.insertCopy(seq: "3").replacingOccurrences(
            of: "INSERT INTO", with: "INSERT OR REPLACE INTO")
        let replaceByID =
            "INSERT OR REPLACE INTO events SELECT 4, id, schema, kind, occurred_at, recorded_at, account, asset, asset_class, quantity, price, quote, counter_asset, counter_class, counter_quantity, to_account, income_kind, split_ratio, void_target, reason, fee, fee_asset, fee_class, 'rewritten', source, batch, fingerprint, prev_hash, hash, total, link_withdrawal, link_deposit, tx_hash, address FROM events WHERE seq = 2"
        for sql in [replaceLast, replaceByID] {
            #expect {
                try store.executeRaw(sql)
            } throws: { error in
                (error as? SQLiteError)?.message.contains("append-only") == true
            }
        }
        #expect(try store.events.allEvents().map(\.sequence) == [1, 2, 3])
        #expect(try store.events.allEvents().allSatisfy { $0.note != "rewritten" })
    }

    @Test("an empty ledger takes seq 1 and nothing else")
    func firstSequence() throws {
        let path = makeTemporaryDirectory() + "/books.ledger"
        let store = try Ledger(path: path, mode: .createIfMissing)
        let (source, _) = try ledgerWithEvents(1)
        let sourcePath = source.path
        try store.executeRaw("ATTACH '\(sourcePath)' AS source")
        for seq in ["0", "2", "-1"] {
            #expect(throws: SQLiteError.self) {
                try store.executeRaw(
                    "INSERT INTO events SELECT \(seq), id, schema, kind, occurred_at, recorded_at, account, asset, asset_class, quantity, price, quote, counter_asset, counter_class, counter_quantity, to_account, income_kind, split_ratio, void_target, reason, fee, fee_asset, fee_class, note, source, batch, fingerprint, prev_hash, hash FROM source.events"
                )
            }
        }
        try store.executeRaw("INSERT INTO events SELECT * FROM source.events")
        #expect(try store.events.allEvents().map(\.sequence) == [1])
    }

    @Test("numbers are stored as text, never REAL")
    func textNumbers() throws {
        let (store, path) = try ledgerWithEvents(1)
        _ = store
        let probe = try Ledger(path: path, mode: .mustExist)
        #expect(throws: SQLiteError.self) {
            // STRICT tables refuse a REAL in a TEXT column.
            try probe.executeRaw("CREATE TEMP TABLE t AS SELECT 1; INSERT INTO events (seq) VALUES (1.5)")
        }
    }

    @Test("an event changed behind the tool's back is named by verify")
    func tamper() throws {
        let (store, _) = try ledgerWithEvents()
        try store.executeRaw("DROP TRIGGER events_append_only_update; UPDATE events SET quantity = '2.5' WHERE seq = 2")
        let verification = try store.events.verifyChain()
        #expect(verification.firstBreak?.sequence == 2)
        #expect(verification.firstBreak?.reason.contains("do not match its hash") == true)
    }

    @Test("a deleted event breaks the chain at the next one")
    func deleted() throws {
        let (store, _) = try ledgerWithEvents()
        try store.executeRaw("DROP TRIGGER events_append_only_delete; DELETE FROM events WHERE seq = 2")
        #expect(try store.events.verifyChain().firstBreak?.sequence == 3)
    }

    @Test("what is not a ledger is refused before anything is written")
    func refusals() throws {
        let directory = makeTemporaryDirectory()
        #expect(throws: StoreError.isDirectory(path: directory)) {
            try Ledger(path: directory, mode: .createIfMissing)
        }

        let text = directory + "/notes.txt"
        try "hello\n".write(toFile: text, atomically: true, encoding: .utf8)
        #expect(throws: StoreError.self) { try Ledger(path: text, mode: .createIfMissing) }
        #expect(try String(contentsOfFile: text, encoding: .utf8) == "hello\n")

        let missing = directory + "/missing.ledger"
        #expect(throws: StoreError.noLedger(path: missing)) { try Ledger(path: missing, mode: .mustExist) }
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test("another program's SQLite file is refused")
    func foreignSQLite() throws {
        let path = makeTemporaryDirectory() + "/other.db"
        let other = try SQLiteDatabase(path: path, create: true)
        try other.execute("CREATE TABLE things (x)")
        #expect {
            try Ledger(path: path, mode: .mustExist)
        } throws: { error in
            if case .notALedger = error as? StoreError { return true }
            return false
        }
    }

    @Test("a ledger from a newer schema is refused with a message that says so")
    func newerSchema() throws {
        let (store, path) = try ledgerWithEvents(1)
        try store.executeRaw("PRAGMA user_version = 99")
        #expect {
            try Ledger(path: path, mode: .mustExist)
        } throws: { error in
            (error as? StoreError)?.description.contains("newer version of ledger") == true
        }
    }

    @Test("migrations run once and are recorded by name")
    func migrations() throws {
        let (_, path) = try ledgerWithEvents(1)
        _ = try Ledger(path: path, mode: .mustExist)
        let database = try SQLiteDatabase(path: path, create: false)
        let applied = try database.scalarInt("SELECT count(*) FROM schema_migrations")
        #expect(applied ?? 0 >= 3)
        #expect(try database.scalarInt("PRAGMA user_version") == applied)
        #expect(try database.scalarInt("PRAGMA application_id") == 0x4C44_4752)
    }
}
