import LedgerCore
import LedgerInterchange
import LedgerStore

/// Streams one exchange file into an import session: chunk by chunk through the preset
/// reader; every event is validated, fingerprinted and staged (or counted as already present),
/// every refused and ignored row noted with its line.
///
/// The file is read and parsed on a second thread (``BatchPipe``) while this one stages what
/// it gives. On the fast path (``inOrder``) the parsing thread also makes each event (its
/// fingerprint, id, validity) and tallies the prices it states (``InOrderMaker``): this
/// thread, which writes the rows, bounds the import, and the other core had room
/// (docs/PERFORMANCE.md, "CSV import into a new ledger, twenty-sixth round").
struct ExchangeFileReader {
    let request: ImportRequest
    let session: SQLiteImportSession
    let environment: ImportEnvironment
    let recordedAt: Timestamp
    let progress: ImportProgress
    /// Set for the fast path: events are checked and appended as they come instead of staged.
    var inOrder: InOrderFeed?

    func read(_ file: String, index: Int) throws -> ImportTally {
        var state = State(tally: ImportTally(file: file, index: index, batch: environment.newEventID().text))
        let input = try environment.openStream(file)
        var reader: ImportReader
        do {
            reader = try ImportReader(format: request.format, options: request.options, separator: request.separator)
        } catch {
            throw ImportError.importLayout(error.message)
        }
        var digest = ContentDigest()
        progress.start(file: file, size: input.size)
        let maker = inOrder.map { feed in
            InOrderMaker(
                request: request, file: index, batch: state.tally.batch, recordedAt: recordedAt,
                checks: feed.checkedWhenMade, newEventID: environment.newEventID)
        }
        try BatchPipe.run(
            produce: { emit in
                try Self.parse(
                    input, with: &reader, digest: &digest, { try emit(maker?.make($0) ?? Parsed($0)) },
                    chunk: { try emit(.chunk($0)) })
            },
            consume: { (item: Parsed) in
                handle(item, &state)
                if let failure = state.failure { throw failure }
            })
        // Every row the maker saw was added (else the fast path stopped): its prices are theirs.
        if let maker { state.tally.prices = maker.prices }
        if let problem = reader.headerProblem { throw ImportError.importHeader(file: file, problem: problem) }
        progress.finish()
        var tally = state.tally
        tally.sha256 = digest.hex()
        tally.layout = reader.layoutName ?? request.format
        tally.account = request.account(for: reader.preset)
        if tally.isDescending { session.markDescending(file: index) }
        return tally
    }

    /// What the parsing thread hands over: an outcome (an event with its ``identity(_:)``, or on
    /// the fast path the event made, or a row it refused), or the size of a chunk it finished.
    enum Parsed {
        case event(ImportedEvent, identity: String)
        case made(LedgerEvent, line: Int)
        case refused
        case problem(ImportProblem)
        case ignored(line: Int, reason: String)
        case chunk(Int)

        init(_ outcome: ImportOutcome) {
            switch outcome {
            case .event(let imported): self = .event(imported, identity: imported.fingerprintIdentity)
            case .problem(let problem): self = .problem(problem)
            case .ignored(let line, let reason): self = .ignored(line: line, reason: reason)
            }
        }
    }

    /// Reads `input` to its end (or a header problem) through `reader`, emitting every outcome.
    private static func parse(
        _ input: any ImportInputStream, with reader: inout ImportReader, digest: inout ContentDigest,
        _ emit: (ImportOutcome) throws -> Void, chunk emitChunk: (Int) throws -> Void
    ) throws {
        // The reader's callback cannot throw: the first error from `emit` (the stager stopped)
        // is kept and ends the read.
        var stopped: (any Error)?
        let take: (ImportOutcome) -> Void = { outcome in
            guard stopped == nil else { return }
            do { try emit(outcome) } catch { stopped = error }
        }
        while let chunk = try input.next() {
            digest.update(chunk)
            reader.feed(chunk, take)
            if let stopped { throw stopped }
            if reader.headerProblem != nil { return }
            try emitChunk(chunk.count)
        }
        reader.finish(take)
        if let stopped { throw stopped }
    }

    private struct State {
        var tally: ImportTally
        var rows = 0
        var failure: Error?
    }

    private func handle(_ item: Parsed, _ state: inout State) {
        guard state.failure == nil else { return }
        do {
            switch item {
            case .problem where inOrder != nil: throw InOrderAppend.Interrupted(reason: "a row is refused")
            case .problem(let problem): state.tally.rejected.append(problem)
            case .ignored(let line, let reason): state.tally.ignored.append(ImportProblem(line: line, message: reason))
            case .event(let imported, let identity): try stage(imported, identity: identity, &state)
            case .made(let event, let line): try append(event, line: line, &state)
            case .refused: throw InOrderAppend.Interrupted(reason: "a row is refused")
            case .chunk(let bytes): progress.advance(bytes: bytes, rows: state.rows)
            }
        } catch {
            state.failure = error
        }
    }

    /// The fast path: an event the parsing thread made (``InOrderMaker``), checked against the
    /// ledger and the rows before it, and appended.
    private func append(_ event: LedgerEvent, line: Int, _ state: inout State) throws {
        guard let inOrder else { throw InOrderAppend.Interrupted(reason: "not on the fast path") }
        state.rows += 1
        if state.tally.firstTime == nil { state.tally.firstTime = event.occurredAt }
        state.tally.lastTime = event.occurredAt
        if case .imported(_, let fingerprint) = event.provenance, try session.isPresent(fingerprint: fingerprint.text) {
            throw InOrderAppend.Interrupted(reason: "a row is already in the ledger")
        }
        try inOrder.add(event, place: StagedPlace(file: state.tally.index, line: line, index: state.rows))
        state.tally.added += 1
    }

    private func stage(_ imported: ImportedEvent, identity: String, _ state: inout State) throws {
        state.rows += 1
        if state.tally.firstTime == nil { state.tally.firstTime = imported.occurredAt }
        state.tally.lastTime = imported.occurredAt
        let fingerprint = try self.fingerprint(imported, identity: identity, &state)
        let event = imported.event(
            id: environment.newEventID(), recordedAt: recordedAt, account: request.account(for: imported.preset),
            batch: state.tally.batch, fingerprint: fingerprint
        )
        let place = StagedPlace(file: state.tally.index, line: imported.line, index: state.rows)
        if let problem = event.validate() {
            state.tally.rejected.append(ImportProblem(line: imported.line, message: problem.message))
        } else if try session.isPresent(fingerprint: fingerprint) {
            state.tally.present += 1
        } else if try session.stage(event, place: place) {
            state.tally.added += 1
            state.tally.notePrices(of: imported)
        } else {
            state.tally.present += 1
        }
    }

    /// The event's `fingerprintIdentity`, and for content `#N`, N its occurrence among identical
    /// rows of the file (counted in the session's scratch database; the fast path counts in
    /// memory, ``InOrderMaker``).
    private func fingerprint(_ imported: ImportedEvent, identity: String, _ state: inout State) throws -> String {
        try imported.fingerprint(identity: identity) {
            try session.occurrence(of: "\(state.tally.index):\(identity)")
        }
    }
}
