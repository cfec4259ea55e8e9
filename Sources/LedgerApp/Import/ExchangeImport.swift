import LedgerCore
import LedgerInterchange
import LedgerStore

/// An import of exchange (or generic) CSV files: all files in one transaction, each with its
/// receipt. Nothing is written when it fails or on a dry run (see `ImportTarget` for a
/// ledger that does not exist yet). The shell opens the target
/// (``LedgerOpener/importing(dryRun:_:)``), calls ``run(into:)`` and prints the tallies.
public struct ExchangeImport {
    let request: ImportRequest
    let environment: ImportEnvironment

    public init(request: ImportRequest, environment: ImportEnvironment) {
        self.request = request
        self.environment = environment
    }

    /// Imports the files into `store`; returns what each file gave (written unless a dry run).
    public func run(into store: Ledger) throws -> [ImportTally] {
        let recordedAt = environment.context.now
        let currency: String = try store.settings.ledgerCurrency()
        let progress = ImportProgress(context: environment.context, enabled: environment.showsProgress)
        return
            try importInOrder(store, recordedAt: recordedAt, progress: progress)
            ?? store.imports.importing(write: !request.dryRun) { session in
                let reader = ExchangeFileReader(
                    request: request, session: session, environment: environment, recordedAt: recordedAt,
                    progress: progress)
                var tallies = try request.files.enumerated().map { try reader.read($1, index: $0) }
                try refuseInvalid(tallies)
                progress.status("checking what each account holds…")
                let check = try ImportHoldingsCheck.run(session, allowZeroBasis: request.allowZeroBasis)
                try settle(check, &tallies, session: session, recordedAt: recordedAt, currency: currency)
                if !request.dryRun {
                    let added = tallies.map(\.added).reduce(0, +)
                    progress.status("appending \(added) events…")
                    _ = try session.commit(receipts: tallies.map { $0.receipt(at: recordedAt) })
                    try session.requireVerifiable(added: added, foldHoldings: !check.shortfalls.isEmpty)
                    try session.recordPrices(Self.statedPrices(tallies), fetchedAt: recordedAt)
                }
                progress.finish()
                return tallies
            }
    }

    /// The fast path (``InOrderAppend``), in a transaction of its own, for one regular file and
    /// not a dry run: its rows appended as they are read. Nil when it does not apply, or when
    /// it was interrupted: its transaction is then rolled back, and the caller imports the
    /// file through staging in a new one.
    private func importInOrder(_ store: Ledger, recordedAt: Timestamp, progress: ImportProgress) throws
        -> [ImportTally]?
    {
        // A pipe could not be read a second time after an interruption (and opening and
        // closing a FIFO unread would lose what its writer sent).
        guard request.files.count == 1, !request.dryRun,
            environment.isRegularFile(request.files[0])
        else { return nil }
        do {
            return try store.imports.importing(write: true) { session in
                var reader = ExchangeFileReader(
                    request: request, session: session, environment: environment, recordedAt: recordedAt,
                    progress: progress)
                let feed = try InOrderFeed(session)
                reader.inOrder = feed
                let tally = try reader.read(request.files[0], index: 0)
                _ = try feed.append.finish(receipts: [tally.receipt(at: recordedAt)])
                try session.requireVerifiable(added: tally.added)
                try session.recordPrices(Self.statedPrices([tally]), fetchedAt: recordedAt)
                progress.finish()
                return [tally]
            }
        } catch is InOrderAppend.Interrupted {
            return nil
        }
    }

    /// The prices the added rows stated, in a fixed order: by pair, then time. The pairs (a
    /// few dozen) are ranked once and the observations' places sorted by rank and time:
    /// comparing the symbols' text in every comparison of 288,109 observations took a second
    /// of a million-row import (docs/PERFORMANCE.md).
    static func statedPrices(_ tallies: [ImportTally]) -> [PriceObservation] {
        let observations = tallies.flatMap(\.prices.values)
        let pairs = Set(observations.map { AssetPair($0.asset, $0.quote) }).sorted()
        let ranks = Dictionary(uniqueKeysWithValues: pairs.enumerated().map { ($1, $0) })
        let keys = observations.map { (ranks[AssetPair($0.asset, $0.quote)] ?? 0, $0.observedAt.secondsSinceEpoch) }
        return keys.indices.sorted { keys[$0] < keys[$1] }.map { observations[$0] }
    }

    /// Lists every refused row and fails, unless `--skip-invalid`.
    private func refuseInvalid(_ tallies: [ImportTally]) throws {
        let lines = tallies.flatMap { tally in tally.rejected.map { $0.located(in: tally.file) } }
        guard !lines.isEmpty, !request.skipInvalid else { return }
        throw rejection(lines, .invalidRows(count: lines.count, files: request.files))
    }

    /// Shortfalls become zero-basis lots (`--allow-zero-basis`), skipped rows (`--skip-invalid`)
    /// or the reason nothing is imported.
    private func settle(
        _ check: ImportHoldingsCheck, _ tallies: inout [ImportTally], session: SQLiteImportSession,
        recordedAt: Timestamp, currency: String
    ) throws {
        if !check.shortExisting.isEmpty {
            throw rejection(check.shortExisting.map(environment.describeExisting), .ledgerWouldNotAddUp)
        }
        var seen = Set<StagedPlace>()
        var errors: [(place: StagedPlace, text: String)] = []
        for shortfall in check.shortfalls {
            let place = shortfall.place
            let file = tallies[place.file].file
            let message = ImportHoldingsCheck.describe(shortfall)
            if request.allowZeroBasis {
                try addZeroBasisLot(
                    for: shortfall, message: message, into: &tallies[place.file], session: session,
                    recordedAt: recordedAt, currency: currency)
            } else if seen.insert(place).inserted {
                if request.skipInvalid {
                    try session.unstage(place)
                    tallies[place.file].added -= 1
                    tallies[place.file].rejected.append(ImportProblem(line: place.line, message: message))
                } else {
                    errors.append((place, "\(file):\(place.line): \(message)"))
                }
            }
        }
        guard errors.isEmpty else {
            throw rejection(
                errors.sorted { ($0.place.file, $0.place.line) < ($1.place.file, $1.place.line) }.map(\.text),
                .rowsTakeMoreThanHeld(count: errors.count))
        }
    }

    /// `--allow-zero-basis`: the shortfall's zero-basis lot staged before the row that needs it,
    /// and noted in the file's tally.
    private func addZeroBasisLot(
        for shortfall: ImportHoldingsCheck.Shortfall, message: String, into tally: inout ImportTally,
        session: SQLiteImportSession, recordedAt: Timestamp, currency: String
    ) throws {
        let place = shortfall.place
        try session.stage(
            zeroBasisLot(shortfall, recordedAt: recordedAt, currency: currency, batch: tally.batch), place: place,
            before: true)
        tally.added += 1
        tally.zeroBasis.append(
            ImportProblem(
                line: place.line,
                message:
                    "\(message); the missing \(shortfall.missing) \(shortfall.key.asset) is recorded as a zero-basis lot (--allow-zero-basis)"
            ))
    }

    /// An income of the missing quantity, valued at 0, just before the sale that needs it.
    private func zeroBasisLot(
        _ shortfall: ImportHoldingsCheck.Shortfall, recordedAt: Timestamp, currency: String, batch: String
    ) throws -> LedgerEvent {
        let fingerprint: String
        if case .imported(_, let original) = shortfall.event.provenance {
            fingerprint = original.text
        } else {
            fingerprint = shortfall.event.id.text
        }
        let asset = Asset(shortfall.key.asset)
        let zero = PriceTerm.unit(Price(.zero, AssetSymbol(currency) ?? AssetSymbol("USD")!))
        return LedgerEvent(
            id: environment.newEventID(), occurredAt: shortfall.event.occurredAt, recordedAt: recordedAt,
            account: shortfall.key.account,
            action: .income(AssetAmount(shortfall.missing, asset), kind: .other, value: zero),
            note: "zero-basis lot: the imported row takes more \(asset) than was held (--allow-zero-basis)",
            provenance: .imported(
                batch: batch, fingerprint: ImportFingerprint(fingerprint + ":zero-basis:" + asset.symbol.text))
        )
    }

    /// Prints every line as its own error; the failure says nothing was imported and why.
    private func rejection(_ lines: [String], _ failure: ImportError) -> ImportError {
        for line in lines { environment.context.notices.error(line) }
        return failure
    }
}
