import LedgerCore
import LedgerInterchange
import LedgerStore

/// Importing our own JSONL or JSON export: all or nothing, idempotent by event id (importing
/// the same file twice adds nothing), voids checked against the ledger and the file, nothing
/// taken out that is not held, events appended in the order of the file.
///
/// A JSONL file streams through the import's staging (``SQLiteImportSession``): it is parsed on
/// a second thread while this one stages, so memory does not grow with it (a million events
/// took 1.5 GB when the file's events were held). A JSON export is one document, read whole.
public struct EventFileImport {
    let file: String
    let json: Bool
    let dryRun: Bool
    let environment: ImportEnvironment

    public init(file: String, json: Bool, dryRun: Bool, environment: ImportEnvironment) {
        self.file = file
        self.json = json
        self.dryRun = dryRun
        self.environment = environment
    }

    /// What the file gave: the events added (or that would be), and those already present.
    public struct Counts: Equatable, Sendable {
        public let added: Int
        public let present: Int
    }

    /// Imports the file into `store` (the ledger ``LedgerOpener/importing(dryRun:_:)`` hands).
    public func run(into store: Ledger) throws -> Counts {
        let staging = try importInto(store)
        return Counts(added: staging.added, present: staging.present)
    }

    private func importInto(_ store: Ledger) throws -> EventFileStaging {
        // The receipt's batch id and time are drawn only when there will be a receipt.
        let stamp = dryRun ? nil : (batch: environment.newEventID().text, at: environment.context.now)
        return try store.imports.importing(write: !dryRun) { session in
            var staging = EventFileStaging(session: session)
            let digest = try read(into: &staging)
            try refuse(staging.problems.map { "\(file):\($0.line): \($0.message)" })
            try refuse(try staging.unknownVoids().map { "\(file):\($0)" } + shortfalls(session))
            if let stamp {
                let receipt = ImportReceipt(
                    batch: stamp.batch, importedAt: stamp.at, file: file, sha256: digest,
                    format: json ? "json" : "jsonl",
                    account: "", added: staging.added, present: staging.present, rejected: 0, ignored: 0)
                _ = try session.commit(receipts: [receipt], inFileOrder: true)
                try session.requireVerifiable(added: staging.added)
            }
            return staging
        }
    }

    /// Stages every event of the file and returns the hex SHA-256 of its bytes.
    private func read(into staging: inout EventFileStaging) throws -> String {
        var digest = ContentDigest()
        if json {
            let bytes = try environment.readWhole(file)
            digest.update(bytes[...])
            let parsed = EventFile.readJSON(String(decoding: bytes, as: UTF8.self))
            staging.problems = parsed.problems
            for (line, event) in parsed.events { try staging.take(.success(event), line: line) }
            return digest.hex()
        }
        let input = try environment.openStream(file)
        try BatchPipe.run(
            produce: { emit in
                var lines = LineSplitter(file: file)
                let take = { (number: Int, text: Substring) throws in
                    if let result = EventFile.event(inLine: text, number: number) { try emit((number, result)) }
                }
                while let chunk = try input.next() {
                    digest.update(chunk)
                    try lines.feed(chunk, take)
                }
                try lines.finish(take)
            },
            consume: { (item: (line: Int, result: Result<LedgerEvent, EventFileError>)) in
                try staging.take(item.result, line: item.line)
            })
        return digest.hex()
    }

    /// The staged events that take out more than is held (and events of the ledger that
    /// would then be short), as `LINE: takes …`.
    private func shortfalls(_ session: SQLiteImportSession) throws -> [String] {
        let check = try ImportHoldingsCheck.run(session, allowZeroBasis: false)
        var lines = Set<Int>()
        let staged = check.shortfalls.filter { lines.insert($0.place.line).inserted }.sorted {
            $0.place.line < $1.place.line
        }.map { shortfall in
            let asset = shortfall.key.asset
            return
                "\(file):\(shortfall.place.line): takes \(shortfall.needed) \(asset) from '\(shortfall.key.account)' where \(max(shortfall.held, .zero)) \(asset) is held"
        }
        return staged + check.shortExisting.map(environment.describeExisting)
    }

    /// Prints every problem as its own error line and fails, saying nothing was imported.
    private func refuse(_ lines: [String]) throws {
        guard !lines.isEmpty else { return }
        for line in lines { environment.context.notices.error(line) }
        throw ImportError.invalidEventLines(count: lines.count, file: file)
    }
}

/// What an export's import has staged so far: the counts, the problems, and the voids to
/// check once the whole file is in.
struct EventFileStaging {
    let session: SQLiteImportSession
    private(set) var added = 0
    private(set) var present = 0
    var problems: [EventFileError] = []
    private var voids: [(line: Int, target: EventID)] = []

    init(session: SQLiteImportSession) {
        self.session = session
    }

    /// One line's result: a problem is kept (and nothing more is staged, since the file will
    /// be refused), an event already in the ledger or earlier in the file is counted as
    /// present, any other is staged under its id.
    mutating func take(_ result: Result<LedgerEvent, EventFileError>, line: Int) throws {
        let event: LedgerEvent
        switch result {
        case .failure(let problem): return problems.append(problem)
        case .success(let read): event = read
        }
        guard problems.isEmpty else { return }
        guard try !session.isPresent(id: event.id),
            try session.stage(event, place: StagedPlace(file: 0, line: line, index: line), key: Self.key(event.id))
        else {
            present += 1
            return
        }
        added += 1
        if case .void(let target, _) = event.action { voids.append((line, target)) }
    }

    /// `LINE: void of ID, which is …` for every staged void whose event is nowhere.
    func unknownVoids() throws -> [String] {
        try voids.compactMap { void in
            if try session.isPresent(id: void.target) || session.isStaged(key: Self.key(void.target)) { return nil }
            return "\(void.line): void of \(void.target), which is neither in the ledger nor in the file"
        }
    }

    private static func key(_ id: EventID) -> String { "id:" + id.text }
}

/// Splits a stream of bytes into lines (on the newline byte), numbered from 1; the last line
/// needs no newline. A line longer than ``maximumLength`` ends the read with an error naming
/// it, so a file that is not an event file is not held in memory whole.
struct LineSplitter {
    /// 1 MiB: an event's line is a few hundred bytes, and at most about 4 KiB of note.
    static let maximumLength = 1 << 20

    /// The file as the user named it, for the error.
    let file: String
    private var pending: [UInt8] = []
    private var number = 0

    init(file: String = "") {
        self.file = file
    }

    mutating func feed(_ chunk: ArraySlice<UInt8>, _ take: (Int, Substring) throws -> Void) throws {
        var start = chunk.startIndex
        while let end = chunk[start...].firstIndex(of: UInt8(ascii: "\n")) {
            number += 1
            if pending.isEmpty {
                try take(number, Substring(String(decoding: chunk[start..<end], as: UTF8.self)))
            } else {
                pending += chunk[start..<end]
                try take(number, Substring(String(decoding: pending, as: UTF8.self)))
                pending.removeAll(keepingCapacity: true)
            }
            start = end + 1
        }
        pending += chunk[start...]
        if pending.count > Self.maximumLength {
            throw ImportError.eventLineTooLong(file: file, line: number + 1)
        }
    }

    mutating func finish(_ take: (Int, Substring) throws -> Void) throws {
        guard !pending.isEmpty else { return }
        number += 1
        try take(number, Substring(String(decoding: pending, as: UTF8.self)))
        pending.removeAll()
    }
}
