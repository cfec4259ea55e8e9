import Glibc
import LedgerApp
import LedgerStore
import LedgerTestSupport
import Testing

/// A database being built in a ``TemporaryFile`` keeps the locks SQLite holds on it while other
/// work of the same process sweeps the directory (the server imports for one user while another
/// request of theirs writes): the sweep never opens a file this process holds.
@Suite("Temporary files and SQLite's locks")
struct TemporaryFileLockTests {
    @Test("a sweep beside a database this process is building leaves it, its companions and its locks alone")
    func sweepLeavesOwnDatabase() throws {
        let target = makeTemporaryDirectory("temporary-locks") + "/books.ledger"
        let temporary = try TemporaryFile(beside: target, kind: .database)
        let store = try Ledger(path: temporary.path, mode: .createIfMissing)
        try store.settings.setSetting("currency", "USD")
        let before = ProcessLocks.held(by: getpid(), on: temporary.path)
        #expect(!before.isEmpty, "an open WAL connection holds a shared lock")
        #expect(TemporaryFile.removeStale(beside: target).isEmpty)
        #expect(ProcessLocks.held(by: getpid(), on: temporary.path) == before)
        #expect(access(temporary.path, F_OK) == 0 && access(temporary.path + "-wal", F_OK) == 0)
        withExtendedLifetime(store) {}
        temporary.discard()
    }

    @Test("a ledger file is never opened outside SQLite: inspecting it beside an open connection keeps its locks")
    func openingBesideAConnectionKeepsLocks() throws {
        let path = makeTemporaryDirectory("ledger-locks") + "/books.ledger"
        let reader = try Ledger(path: path, mode: .createIfMissing)
        try reader.settings.setSetting("currency", "USD")
        let before = ProcessLocks.held(by: getpid(), on: path)
        #expect(!before.isEmpty)
        for _ in 0..<3 {
            #expect(Ledger.exists(at: path))
            let other = try Ledger.forReading(path: path)
            _ = try other.settings.setting("currency")
        }
        #expect(ProcessLocks.held(by: getpid(), on: path) == before)
        withExtendedLifetime(reader) {}
    }
}
