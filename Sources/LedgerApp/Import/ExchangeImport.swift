import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerStore

/// An import of exchange (or generic) CSV files: all files in one transaction, each with its
/// receipt. Nothing is written when it fails or on a dry run (see `ImportTarget` for a
/// ledger that does not exist yet).
struct ExchangeImport {
    let request: ImportRequest
    let environment: CommandEnvironment

    /// Imports the files; returns how many events were added.
    func run(opener: LedgerOpener) throws -> Int {
        var added = 0
        try opener.importing(dryRun: request.dryRun) { added = try importInto($0) }
        return added
    }

    private func importInto(_ store: Ledger) throws -> Int {
        let recordedAt = environment.now
        let currency: String = try store.settings.ledgerCurrency()
        let progress = ImportProgress(environment: environment)
        let tallies =
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
                    progress.status("appending \(tallies.map(\.added).reduce(0, +)) events…")
                    _ = try session.commit(receipts: tallies.map { $0.receipt(at: recordedAt) })
                    try session.recordPrices(Self.statedPrices(tallies), fetchedAt: recordedAt)
                }
                progress.finish()
                return tallies
            }
        ImportOutput(environment: environment, dryRun: request.dryRun).report(tallies)
        return request.dryRun ? 0 : tallies.map(\.added).reduce(0, +)
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
            InputStreamFile.isRegularFile(request.files[0], in: environment)
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
                try session.recordPrices(Self.statedPrices([tally]), fetchedAt: recordedAt)
                progress.finish()
                return [tally]
            }
        } catch is InOrderAppend.Interrupted {
            return nil
        }
    }

    /// The prices the added rows stated, in a fixed order.
    static func statedPrices(_ tallies: [ImportTally]) -> [PriceObservation] {
        tallies.flatMap(\.prices.values).sorted {
            ($0.asset, $0.quote, $0.observedAt) < ($1.asset, $1.quote, $1.observedAt)
        }
    }

    /// Lists every refused row and fails, unless `--skip-invalid`.
    private func refuseInvalid(_ tallies: [ImportTally]) throws {
        let lines = tallies.flatMap { tally in tally.rejected.map { $0.located(in: tally.file) } }
        guard !lines.isEmpty, !request.skipInvalid else { return }
        throw rejection(lines, invalid)
    }

    /// Shortfalls become zero-basis lots (`--allow-zero-basis`), skipped rows (`--skip-invalid`)
    /// or the reason nothing is imported.
    private func settle(
        _ check: ImportHoldingsCheck, _ tallies: inout [ImportTally], session: SQLiteImportSession,
        recordedAt: Timestamp, currency: String
    ) throws {
        if !check.shortExisting.isEmpty {
            throw rejection(check.shortExisting.map(ImportHoldingsCheck.describeExisting)) { _ in
                "the ledger would no longer add up"
            }
        }
        var seen = Set<StagedPlace>()
        var errors: [(place: StagedPlace, text: String)] = []
        for shortfall in check.shortfalls {
            let place = shortfall.place
            let file = tallies[place.file].file
            let message = ImportHoldingsCheck.describe(shortfall)
            if request.allowZeroBasis {
                try session.stage(
                    zeroBasisLot(
                        shortfall, recordedAt: recordedAt, currency: currency, batch: tallies[place.file].batch),
                    place: place, before: true)
                tallies[place.file].added += 1
                tallies[place.file].zeroBasis.append(
                    ImportProblem(
                        line: place.line,
                        message:
                            "\(message); the missing \(shortfall.missing) \(shortfall.key.asset) is recorded as a zero-basis lot (--allow-zero-basis)"
                    ))
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
                errors.sorted { ($0.place.file, $0.place.line) < ($1.place.file, $1.place.line) }.map(\.text), short)
        }
    }

    /// An income of the missing quantity, valued at 0, just before the sale that needs it.
    private func zeroBasisLot(
        _ shortfall: ImportHoldingsCheck.Shortfall, recordedAt: Timestamp, currency: String, batch: String
    ) throws -> LedgerEvent {
        let fingerprint: String
        if case .imported(_, let original) = shortfall.event.provenance {
            fingerprint = original
        } else {
            fingerprint = shortfall.event.id.text
        }
        let asset = Asset(shortfall.key.asset)
        let zero = Price(.zero, AssetSymbol(currency) ?? AssetSymbol("USD")!)
        return LedgerEvent(
            id: environment.newEventID(), occurredAt: shortfall.event.occurredAt, recordedAt: recordedAt,
            account: shortfall.key.account,
            action: .income(AssetAmount(shortfall.missing, asset), kind: .other, unitValue: zero),
            note: "zero-basis lot: the imported row takes more \(asset) than was held (--allow-zero-basis)",
            provenance: .imported(batch: batch, fingerprint: fingerprint + ":zero-basis:" + asset.symbol.text)
        )
    }

    /// Prints every line as its own error; the failure says nothing was imported and why.
    private func rejection(_ lines: [String], _ reason: (Int) -> String) -> CommandError {
        for line in lines { environment.writeError(line) }
        return .data("nothing imported: " + reason(lines.count))
    }

    private var againHint: String {
        request.files.count == 1 ? "import '\(request.files[0])' again" : "import the files again"
    }

    private func invalid(_ count: Int) -> String {
        (count == 1 ? "1 line is invalid; correct it" : "\(count) lines are invalid; correct them")
            + " and \(againHint), or pass --skip-invalid to import the other rows"
    }

    private func short(_ count: Int) -> String {
        (count == 1 ? "1 line takes" : "\(count) lines take")
            + " out more than is held; import the rows that bring it in first, or pass --allow-zero-basis to record what is missing at zero cost (--skip-invalid leaves such rows out)"
    }
}
