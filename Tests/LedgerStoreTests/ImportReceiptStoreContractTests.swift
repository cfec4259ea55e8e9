import LedgerCore
import LedgerStore
import LedgerStorePostgres
import LedgerTestSupport
import Testing

/// The receipts of imported files (``ImportReceiptStore``) on a ledger file's `imports` and on
/// a user's `import_receipts` in PostgreSQL (``BooksKind``): kept exactly, oldest first, one
/// per batch, and written in an append's transaction together with its events or not at all.
@Suite("ImportReceiptStore contract")
struct ImportReceiptStoreContractTests {
    static func receipt(_ batch: String, at time: String, added: Int = 2) -> ImportReceipt {
        ImportReceipt(
            batch: batch, importedAt: Events.time(time), file: "exports/\(batch) ü.csv",
            sha256: String(repeating: "ab", count: 32), format: "coinbase: transaction history", account: "coinbase",
            added: added, present: 3, rejected: 1, ignored: 4)
    }

    struct Refused: Error {}

    @Test(
        "receipts come back exactly as added, oldest first, those of one second as added", arguments: BooksKind.allCases
    )
    func roundTrip(kind: BooksKind) throws {
        let books = try kind.make()
        #expect(try books.imports.receipts() == [])
        let later = Self.receipt("b-later", at: "2024-06-02T10:00:00Z", added: 0)
        let first = Self.receipt("b-zzz", at: "2024-06-01T10:00:00Z")
        let second = Self.receipt("b-aaa", at: "2024-06-01T10:00:00Z", added: 7)
        try books.imports.add([later])
        try books.imports.add([first, second])
        try books.imports.add([])
        #expect(try books.imports.receipts() == [first, second, later])
    }

    @Test("a batch held already is refused and nothing of that call is added", arguments: BooksKind.allCases)
    func batchOnce(kind: BooksKind) throws {
        let books = try kind.make()
        let kept = Self.receipt("b-1", at: "2024-06-01T10:00:00Z")
        try books.imports.add([kept])
        let other = Self.receipt("b-2", at: "2024-06-01T11:00:00Z")
        #expect(throws: (any Error).self) { try books.imports.add([other, Self.receipt("b-1", at: "2024-06-03")]) }
        #expect(try books.imports.receipts() == [kept])
    }

    @Test("added in an append's check: kept with its events, or gone with them", arguments: BooksKind.allCases)
    func withTheAppend(kind: BooksKind) throws {
        let books = try kind.make()
        var make = Events(seed: 38)
        let refused = Self.receipt("b-refused", at: "2024-06-01T10:00:00Z")
        #expect(throws: Refused.self) {
            _ = try books.events.append([make.deposit("USD", "10", on: "2024-06-01")]) { _ in
                try books.imports.add([refused])
                throw Refused()
            }
        }
        #expect(try books.events.chainHead().count == 0 && books.imports.receipts() == [])
        let kept = Self.receipt("b-kept", at: "2024-06-01T10:00:00Z")
        _ = try books.events.append([make.deposit("USD", "10", on: "2024-06-01")]) { _ in
            try books.imports.add([kept])
        }
        // A file that added nothing leaves its receipt too: an append of no event.
        let none = Self.receipt("b-none", at: "2024-06-01T11:00:00Z", added: 0)
        _ = try books.events.append([]) { _ in try books.imports.add([none]) }
        #expect(try books.events.chainHead().count == 1 && books.imports.receipts() == [kept, none])
    }
}
