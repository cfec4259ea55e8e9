import Foundation
import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerStore
import LedgerTestSupport
import Testing

/// The import use cases called directly against in-memory ledgers, as both shells call them
/// (the CLI with files, the server with an upload): ``ExchangeImport`` and ``EventFileImport``
/// fed from memory in chunks of any size, idempotent, all or nothing, and a dry run that
/// writes nothing.
@Suite("Import use cases: exchange files and event files, in memory")
struct ImportUseCaseTests {
    let fixed = FixedEnvironment(start: "2025-06-01T12:00:00Z")

    static let fixtures =
        String(#filePath).components(separatedBy: "/Tests/")[0]
        + "/Tests/LedgerInterchangeTests/Fixtures/"

    static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: fixtures + name)))
    }

    /// The import's view of `files`, each read `chunk` bytes at a time; none is a regular file,
    /// so every import goes through staging (the CLI's path for a pipe, the server's always).
    func environment(_ files: [String: [UInt8]], chunk: Int = 256 * 1024) -> ImportEnvironment {
        let app = fixed.environment.app
        return ImportEnvironment(
            context: app, newEventID: app.newEventID, showsProgress: false,
            openStream: { name in
                guard let bytes = files[name] else { throw TestFileError(name: name) }
                return MemoryStream(bytes, chunk: chunk)
            },
            readWhole: { name in
                guard let bytes = files[name] else { throw TestFileError(name: name) }
                return bytes
            },
            isRegularFile: { _ in false }, describeExisting: { "#\($0.sequence)" })
    }

    func exchange(
        _ name: String, _ bytes: [UInt8], dryRun: Bool = false, skipInvalid: Bool = false, chunk: Int = 1 << 18
    )
        -> ExchangeImport
    {
        var request = ImportRequest(files: [name], format: "auto", account: nil)
        (request.dryRun, request.skipInvalid) = (dryRun, skipInvalid)
        return ExchangeImport(request: request, environment: environment([name: bytes], chunk: chunk))
    }

    @Test("a dry run writes nothing; the import adds every event once; again, it adds none")
    func exchangeIdempotent() throws {
        let store = try LedgerOpener.scratch()
        let bytes = try Self.fixture("kraken/ledgers.csv")
        let dry = try exchange("ledgers.csv", bytes, dryRun: true).run(into: store)
        #expect(try store.events.allEvents().isEmpty)
        let first = try exchange("ledgers.csv", bytes).run(into: store)
        #expect(first.map(\.added) == dry.map(\.added) && first[0].added > 0)
        #expect(first[0].layout == dry[0].layout && first[0].account == "kraken")
        let events = try store.events.allEvents()
        #expect(events.count == first[0].added)
        let again = try exchange("ledgers.csv", bytes).run(into: store)
        #expect(again[0].added == 0 && again[0].present == first[0].added)
        #expect(try store.events.allEvents() == events)
    }

    @Test("the events do not depend on how the file is cut into chunks (seeded sizes)")
    func chunkingDoesNotMatter() throws {
        let bytes = try Self.fixture("binance/statement.csv")
        let whole = try LedgerOpener.scratch()
        _ = try exchange("statement.csv", bytes).run(into: whole)
        let expected = try whole.events.allEvents().map(\.action)
        var random = SplitMix64(seed: 33)
        for _ in 0..<6 {
            let chunk = Int.random(in: 1...97, using: &random)
            let store = try LedgerOpener.scratch()
            _ = try exchange("statement.csv", bytes, chunk: chunk).run(into: store)
            #expect(try store.events.allEvents().map(\.action) == expected, "chunks of \(chunk) bytes")
        }
    }

    @Test("an invalid row refuses the whole file; with skipInvalid the others are imported and it is listed")
    func invalidRow() throws {
        let bytes = try Self.fixture("kraken/ledgers.csv")
        let broken =
            bytes
            + Array("\"LD999\",\"X\",\"not a time\",\"deposit\",\"\",\"currency\",\"\",\"EUR\",\"\",1,0,\"\"\n".utf8)
        let store = try LedgerOpener.scratch()
        #expect(throws: ImportError.self) { try exchange("ledgers.csv", broken).run(into: store) }
        #expect(try store.events.allEvents().isEmpty)
        let tallies = try exchange("ledgers.csv", broken, skipInvalid: true).run(into: store)
        #expect(tallies[0].rejected.count == 1 && tallies[0].rejected[0].line == 10)
        let clean = try LedgerOpener.scratch()
        let whole = try exchange("ledgers.csv", bytes).run(into: clean)
        #expect(tallies[0].added == whole[0].added)
    }

    @Test("an event file (JSONL) exported from one ledger imports into another, once")
    func eventFileRoundTrip() throws {
        let source = try LedgerOpener.scratch()
        _ = try exchange("ledgers.csv", try Self.fixture("kraken/ledgers.csv")).run(into: source)
        let events = try source.events.allEvents()
        let jsonl = Array(EventFile.jsonl(events).utf8)
        let target = try LedgerOpener.scratch()
        let files = ["export.jsonl": jsonl]
        let dry = try EventFileImport(file: "export.jsonl", json: false, dryRun: true, environment: environment(files))
            .run(into: target)
        let untouched = try target.events.allEvents()
        #expect(dry.added == events.count && untouched.isEmpty)
        let imported = EventFileImport(
            file: "export.jsonl", json: false, dryRun: false, environment: environment(files, chunk: 13))
        let first = try imported.run(into: target)
        #expect(first.added == events.count && first.present == 0)
        #expect(try target.events.allEvents().map(\.id) == events.map(\.id))
        let again = try imported.run(into: target)
        #expect(again.added == 0 && again.present == events.count)
    }
}

/// A file held in memory, read `chunk` bytes at a time.
final class MemoryStream: ImportInputStream {
    private let bytes: [UInt8]
    private let chunk: Int
    private var offset = 0
    var size: Int64 { Int64(bytes.count) }

    init(_ bytes: [UInt8], chunk: Int) {
        self.bytes = bytes
        self.chunk = chunk
    }

    func next() throws -> ArraySlice<UInt8>? {
        guard offset < bytes.count else { return nil }
        let end = min(offset + chunk, bytes.count)
        defer { offset = end }
        return bytes[offset..<end]
    }
}

struct TestFileError: Error {
    let name: String
}
