import Foundation
import LedgerApp
import LedgerCore
import LedgerStore
import LedgerTestSupport
import Testing

/// An import into books that are not a ledger file (the server's database, issue 38), here
/// books over an in-memory ledger: the import runs on a scratch ledger holding a copy of the
/// log, then what it added is appended once, after the same head; a dry run writes nothing;
/// books that moved meanwhile get nothing; the receipts are kept with the events; the scratch is
/// gone after each.
@Suite("Import into books kept elsewhere: a scratch copy, then one append")
struct BooksImportTargetTests {
    let imports = ImportUseCaseTests()

    func run(_ books: any BookStores, in directory: String, dryRun: Bool = false, _ body: (Ledger) throws -> Void)
        throws
    {
        try BooksImportTarget.run(
            into: books, scratch: directory + "/import.ledger", dryRun: dryRun,
            notices: imports.fixed.environment.app.notices, body)
    }

    @Test("the dry run writes nothing; the import lands once, after the books' own events, on one chain")
    func importsOnce() throws {
        let (books, directory) = (try LedgerOpener.scratch(), makeTemporaryDirectory("books-import"))
        var make = Events(seed: 7)
        let deposit = make.deposit("USD", "100", on: "2020-01-01")
        _ = try books.events.append([deposit]) { _ in }
        let bytes = try ImportUseCaseTests.fixture("kraken/ledgers.csv")
        var tallies: [ImportTally] = []
        try run(books, in: directory, dryRun: true) {
            tallies = try imports.exchange("ledgers.csv", bytes, dryRun: true).run(into: $0)
        }
        #expect(try books.events.chainHead().count == 1 && tallies[0].added > 0)
        #expect(try books.imports.receipts().isEmpty, "a dry run keeps no receipt")
        try run(books, in: directory) { tallies = try imports.exchange("ledgers.csv", bytes).run(into: $0) }
        let events = try books.events.allEvents()
        #expect(events.count == 1 + tallies[0].added && events.first?.id == deposit.id)
        #expect(try books.events.verifyChain().firstBreak == nil)
        let reference = try LedgerOpener.scratch()
        _ = try reference.events.append([deposit]) { _ in }
        _ = try imports.exchange("ledgers.csv", bytes).run(into: reference)
        #expect(events.map(\.action) == (try reference.events.allEvents().map(\.action)))
        try run(books, in: directory) { tallies = try imports.exchange("ledgers.csv", bytes).run(into: $0) }
        #expect(tallies[0].added == 0 && tallies[0].present == events.count - 1)
        #expect(try books.events.allEvents() == events)
        // A receipt a file, the one that added nothing too, as the reference ledger keeps them.
        _ = try imports.exchange("ledgers.csv", bytes).run(into: reference)
        let receipts = try books.imports.receipts().map { [$0.file, $0.sha256, "\($0.added)", "\($0.present)"] }
        #expect(
            receipts == (try reference.imports.receipts().map { [$0.file, $0.sha256, "\($0.added)", "\($0.present)"] }))
        #expect(receipts.count == 2 && receipts[1][2] == "0", "\(receipts)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty, "the scratch is removed")
    }

    @Test("books that moved while the import was checked get none of it, and the refusal says to import again")
    func refusedWhenMoved() throws {
        let (books, directory) = (try LedgerOpener.scratch(), makeTemporaryDirectory("books-import"))
        let bytes = try ImportUseCaseTests.fixture("kraken/ledgers.csv")
        var make = Events(seed: 8)
        let other = make.deposit("USD", "5", on: "2020-01-02")
        #expect(throws: AppError.booksMovedDuringImport) {
            try run(books, in: directory) { scratch in
                _ = try imports.exchange("ledgers.csv", bytes).run(into: scratch)
                _ = try books.events.append([other]) { _ in }
            }
        }
        #expect(try books.events.allEvents().map(\.id) == [other.id])
        #expect(try books.prices.observations(asset: nil).isEmpty)
        #expect(try books.imports.receipts().isEmpty)
        #expect(AppError.booksMovedDuringImport.description.hasSuffix("import the file again"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }
}
