import LedgerCore
import LedgerInterchange
import LedgerStore

/// Streams one exchange file into an import session: chunk by chunk through the preset
/// reader; every event is validated, fingerprinted and staged (or counted as already present),
/// every refused and ignored row noted with its line.
struct ExchangeFileReader {
    let request: ImportRequest
    let session: SQLiteImportSession
    let environment: CommandEnvironment
    let recordedAt: Timestamp
    let progress: ImportProgress

    func read(_ file: String, index: Int) throws -> ImportTally {
        var state = State(tally: ImportTally(file: file, index: index, batch: environment.newEventID().text))
        let input = try InputStreamFile(file, in: environment)
        var reader: ImportReader
        do {
            reader = try ImportReader(format: request.format, options: request.options, separator: request.separator)
        } catch {
            throw CommandFailure.usage(error.message)
        }
        var digest = ContentDigest()
        progress.start(file: file, size: input.size)
        let take: (ImportOutcome) -> Void = { outcome in self.handle(outcome, &state) }
        while let chunk = try input.next() {
            digest.update(chunk)
            reader.feed(chunk, take)
            if let failure = state.failure { throw failure }
            if reader.headerProblem != nil { break }
            progress.advance(bytes: chunk.count, rows: state.rows)
        }
        reader.finish(take)
        if let failure = state.failure { throw failure }
        if let problem = reader.headerProblem { throw CommandFailure.data("cannot import '\(file)': \(problem)") }
        progress.finish()
        var tally = state.tally
        tally.sha256 = digest.hex()
        tally.layout = reader.layoutName ?? request.format
        tally.account = request.account(for: reader.preset)
        if tally.isDescending { session.markDescending(file: index) }
        return tally
    }

    private struct State {
        var tally: ImportTally
        var rows = 0
        var failure: Error?
    }

    private func handle(_ outcome: ImportOutcome, _ state: inout State) {
        guard state.failure == nil else { return }
        do {
            switch outcome {
            case .problem(let problem): state.tally.rejected.append(problem)
            case .ignored(let line, let reason): state.tally.ignored.append(ImportProblem(line: line, message: reason))
            case .event(let imported): try stage(imported, &state)
            }
        } catch {
            state.failure = error
        }
    }

    private func stage(_ imported: ImportedEvent, _ state: inout State) throws {
        state.rows += 1
        if state.tally.firstTime == nil { state.tally.firstTime = imported.occurredAt }
        state.tally.lastTime = imported.occurredAt
        let fingerprint = try self.fingerprint(imported, file: state.tally.index)
        let event = imported.event(
            id: environment.newEventID(), recordedAt: recordedAt, account: request.account(for: imported.preset),
            batch: state.tally.batch, fingerprint: fingerprint
        )
        if let problem = event.validate() {
            state.tally.rejected.append(ImportProblem(line: imported.line, message: problem.message))
        } else if try session.isPresent(fingerprint: fingerprint) {
            state.tally.present += 1
        } else if try session.stage(event, place: StagedPlace(file: state.tally.index, line: imported.line, index: state.rows)) {
            state.tally.added += 1
        } else {
            state.tally.present += 1
        }
    }

    /// `PRESET:KIND:ID` for a source id; `PRESET:row:HASH#N` for content, where HASH is 128
    /// bits of SHA-256 of the normalised event and N its occurrence among identical rows of
    /// the file.
    private func fingerprint(_ imported: ImportedEvent, file: Int) throws -> String {
        switch imported.key {
        case .sourceID(let kind, let id):
            return "\(imported.preset):\(kind):\(id)"
        case .content:
            let hash = ContentDigest.hex(imported.preset + "|" + imported.contentText, length: 32)
            let occurrence = try session.occurrence(of: "\(file):\(hash)")
            return "\(imported.preset):row:\(hash)#\(occurrence)"
        }
    }
}
