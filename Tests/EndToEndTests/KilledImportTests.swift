import Foundation
import LedgerTestSupport
import Testing

@Suite("Killed first imports", .serialized)
struct KilledImportTests {
    /// A first import killed with SIGKILL while it builds the new ledger leaves its temporary
    /// database (it cannot remove it); the next import removes it, says so, and succeeds.
    @Test("the temporary ledger of a killed first import is removed by the next import")
    func killedFirstImport() async throws {
        let directory = makeTemporaryDirectory()
        let ledger = directory + "/books.ledger"
        let big = directory + "/big.jsonl"
        try Self.deposits(count: 200_000).write(toFile: big, atomically: false, encoding: .utf8)
        let killed = try await RawConnection.onThread {
            Result { try Self.importKilled(big, ledger: ledger, directory: directory) }
        }.get()
        let left = try Self.temporaries(directory)
        try #require(killed && !left.isEmpty, "the import ended before it was killed; the test proved nothing")
        #expect(!FileManager.default.fileExists(atPath: ledger))

        let small = directory + "/small.jsonl"
        try Self.deposits(count: 1).write(toFile: small, atomically: false, encoding: .utf8)
        let again = try await BuiltProducts.run(BuiltProducts.ledger, ["import", small, "--ledger", ledger])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.hasPrefix("ledger: removed "), "\(again.stderr)")
        #expect(try Self.temporaries(directory).isEmpty)
        let verify = try await BuiltProducts.run(BuiltProducts.ledger, ["verify", "--ledger", ledger])
        #expect(verify.stdout.hasPrefix("ok: 1 event verified"), "\(verify.stderr)")
    }

    /// Starts `ledger import FILE`, kills it 50 ms after its temporary ledger appears; whether
    /// SIGKILL ended it. Blocking (its timing is the test): run it on a thread of its own.
    private static func importKilled(_ file: String, ledger: String, directory: String) throws -> Bool {
        let process = try SpawnedProcess(BuiltProducts.ledger.path, ["import", file, "--ledger", ledger])
        let started = Date()
        while process.isRunning, try temporaries(directory).isEmpty, Date().timeIntervalSince(started) < 60 {
            usleep(2_000)
        }
        usleep(50_000)
        process.signal(SIGKILL)
        return process.waitBlocking().signalled
    }

    private static func temporaries(_ directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains(".import-") }
    }

    /// `count` deposits of 1 BTC, one JSONL line each, with distinct ids.
    static func deposits(count: Int) -> String {
        (1...count).map { index in
            let id = "01HF7YAT" + String(repeating: "0", count: 18 - String(index).count) + String(index)
            return
                #"{"version":1,"id":"\#(id)","kind":"deposit","occurred_at":"2024-01-01T12:00:00Z","account":"a","asset":"BTC","asset_class":"crypto","quantity":"1","note":"","source":"manual"}"#
        }.joined(separator: "\n") + "\n"
    }
}
