import ArgumentParser
import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerRender

#if canImport(Glibc)
import Glibc
#endif

/// `ledger import FILE…`: exchange CSV exports (presets, or a generic column mapping) and our
/// own JSONL/JSON exports, all or nothing, idempotent; `--history` lists the receipts.
struct ImportCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import exchange CSV exports or a ledger export (JSONL or JSON).",
        discussion: """
            Formats: \(ImportPresets.formatList). auto tells them apart by the file (a JSON \
            export by its first character, a CSV by its header, after any preamble). One import \
            is one transaction: a file with an invalid row imports nothing and every invalid row \
            is listed as FILE:LINE (--skip-invalid imports the others). Each row has a \
            fingerprint (the exchange's transaction id, else its content and its occurrence \
            among identical rows of the file), so importing a file again, or an export that \
            overlaps an earlier one, adds only the rows not seen before. A sale of more than is \
            held is refused unless --allow-zero-basis. Each file gets a receipt (batch, SHA-256, \
            counts): 'ledger import --history' lists them. JSONL/JSON exports are matched by \
            event id. See docs/IMPORT.md.
            """
    )

    @OptionGroup var ledgerOptions: LedgerOptions
    @OptionGroup var csvOptions: ImportCSVOptions

    @Argument(help: ArgumentHelp("The files to import.", valueName: "file"))
    var files: [String] = []

    @Option(help: ArgumentHelp("The layout: \(ImportPresets.formatList).", valueName: "format"))
    var format: String = "auto"

    @Option(
        help: ArgumentHelp(
            "The account the rows go to (default: the exchange's name, e.g. binance).", valueName: "name"))
    var account: String?

    @Flag(
        name: .customLong("dry-run"),
        help: "Show what would be added, found already present and rejected; write nothing.")
    var dryRun = false

    @Flag(name: .customLong("skip-invalid"), help: "Import the valid rows and list the rejected ones.")
    var skipInvalid = false

    @Flag(
        name: .customLong("allow-zero-basis"),
        help: "Accept sales of more than is held: the missing quantity is recorded as a lot acquired at zero cost.")
    var allowZeroBasis = false

    @Flag(
        name: .customLong("fetch-prices"),
        help: "Then fetch the prices the ledger's valuations lack (as 'ledger prices fetch --missing').")
    var fetchPrices = false

    @Option(
        name: .customLong("transfer-window"),
        help: "After the import, link withdrawals to deposits in other accounts up to this many hours later.")
    var transferWindow = "24"

    @Option(
        name: .customLong("transfer-tolerance"),
        help: "... when the deposit is at most the withdrawal and at least it minus this percentage.")
    var transferTolerance = "1"

    @Flag(help: "List the receipts of past imports.")
    var history = false

    @Option(name: [.customShort("O"), .customLong("output-format")], help: "With --history: text or json.")
    var outputFormat: OutputFormat?

    func validate() throws {
        if history && !files.isEmpty {
            throw ValidationError(ImportOptionsError.historyWithFiles)
        }
        if !history && files.isEmpty { throw ValidationError(ImportOptionsError.missingFile) }
        if let outputFormat, !history {
            throw ValidationError(ImportOptionsError.formatWithoutHistory(outputFormat.rawValue))
        }
        if let outputFormat, outputFormat != .text && outputFormat != .json {
            throw ValidationError(
                OptionError.notAFormat(
                    command: "import --history", formats: ["text", "json"], given: outputFormat.rawValue)
            )
        }
        if let account, let problem = LedgerEvent.accountProblem(account) {
            throw ValidationError(ImportOptionsError.badAccount(problem: problem))
        }
        do {
            _ = try TransfersOutput.options(window: transferWindow, tolerance: transferTolerance, prefix: "transfer-")
        } catch {
            throw ValidationError(String(describing: error))
        }
        if fetchPrices && dryRun {
            throw ValidationError(ImportOptionsError.fetchPricesWithDryRun)
        }
    }

    func run(in environment: CommandEnvironment) throws {
        if history {
            let store = try ledgerOptions.openExisting(in: environment)
            let receipts = try store.importReceipts()
            if outputFormat == .json { return environment.print(ConversionJSON.imports(receipts)) }
            return environment.write(ImportOutput.history(receipts, width: environment.terminalWidth))
        }
        let resolved = try resolvedFormat(environment)
        if resolved == "json" || resolved == "jsonl" {
            try ledgerOptions.announcingCreation(in: environment) {
                for file in files { try importEvents(file, json: resolved == "json", in: environment) }
            }
            if !dryRun { try afterImport(in: environment) }
            return
        }
        var request = ImportRequest(files: files, format: resolved, account: account)
        (request.dryRun, request.skipInvalid, request.allowZeroBasis) = (dryRun, skipInvalid, allowZeroBasis)
        try csvOptions.apply(to: &request, format: resolved, in: environment, ledgerOptions: ledgerOptions)
        let added = try ledgerOptions.announcingCreation(in: environment) {
            try importExchangeFiles(request, in: environment)
        }
        let transfers = added > 0 ? try matchTransfers(in: environment) : nil
        if added > 0 || fetchPrices { try afterImport(in: environment) }
        if let transfers, !transfers.linked.isEmpty { environment.print(transfers.line) }
    }

    /// Links the withdrawals and deposits between accounts that the new rows complete
    /// (``TransferService/match(in:options:)``); the line is printed last.
    private func matchTransfers(in environment: CommandEnvironment) throws -> TransferMatchSummary {
        let store = try ledgerOptions.openExisting(in: environment)
        let options = try TransfersOutput.options(
            window: transferWindow, tolerance: transferTolerance, prefix: "transfer-")
        return try TransferService(context: environment.app).match(in: store, options: options)
    }

    /// The CSV files through LedgerApp's ``ExchangeImport``, a receipt printed per file;
    /// returns how many events were added.
    private func importExchangeFiles(_ request: ImportRequest, in environment: CommandEnvironment) throws -> Int {
        let service = ExchangeImport(request: request, environment: environment.importing)
        var added = 0
        try ledgerOptions.opener(in: environment).importing(dryRun: dryRun) { ledger in
            let tallies = try service.run(into: ledger)
            ImportOutput(environment: environment, dryRun: dryRun).report(tallies)
            added = dryRun ? 0 : tallies.map(\.added).reduce(0, +)
        }
        return added
    }

    /// One JSONL/JSON export through LedgerApp's ``EventFileImport``, then its one line.
    private func importEvents(_ file: String, json: Bool, in environment: CommandEnvironment) throws {
        let service = EventFileImport(file: file, json: json, dryRun: dryRun, environment: environment.importing)
        var counts: EventFileImport.Counts?
        let existed = try ledgerOptions.opener(in: environment).importing(dryRun: dryRun) { ledger in
            counts = try service.run(into: ledger)
        }
        guard let counts else { return }
        let verb = dryRun ? "would import" : "imported"
        let target = existed ? "" : (dryRun ? " into a new ledger" : "")
        environment.print(
            "\(verb) \(counts.added) events from \(file.terminalEscaped)\(target) (\(counts.present) already present)"
        )
    }

    /// Says what the ledger's valuations now lack and the one command that fetches it, or
    /// fetches it at once with `--fetch-prices`.
    private func afterImport(in environment: CommandEnvironment) throws {
        // The import's buffers (and the transfer match's) are freed by now, but glibc keeps
        // their pages: hand them back, so the closing replay's state does not stack on them
        // (docs/PERFORMANCE.md, "The import's closing replay").
        Self.releaseFreedMemory()
        let store = try ledgerOptions.openExisting(in: environment)
        guard let currency = AssetSymbol(try store.ledgerCurrency()) else { return }
        if fetchPrices {
            return try PricesFetchCommand.fetchMissing(
                store: store, currency: currency, source: nil, environment: environment)
        }
        let needed = try ReplayRunner(store: store, environment: environment).pricesNeeded(currency: currency)
        guard !needed.isEmpty else { return }
        let holdings = needed.filter(\.sequences.isEmpty).count
        var parts: [String] = []
        if MissingPrice.eventCount(needed) > 0 {
            parts.append(MissingPrice.eventsLacking(needed, "a \(currency) price"))
        }
        if holdings > 0 { parts.append("\(holdings) holding\(holdings == 1 ? " has" : "s have") no price today") }
        let line = "Prices: \(parts.joined(separator: " and ")); fetch them with '\(MissingPrice.fillCommand)'."
        environment.write(
            ReportTextView.wrap(line, width: environment.terminalWidth, indent: "  ").joined(separator: "\n") + "\n")
    }

    /// glibc's `malloc_trim(0)`, looked up by name: Swift's Glibc module does not declare it.
    private static func releaseFreedMemory() {
        #if canImport(Glibc)
        guard let symbol = dlsym(nil, "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)(0)
        #endif
    }

    /// `auto` → json/jsonl by extension or first character, else the CSV presets.
    private func resolvedFormat(_ environment: CommandEnvironment) throws -> String {
        let name = format.lowercased()
        guard name == "auto" else {
            guard ImportPresets.layouts(for: name, generic: true) != nil || name == "json" || name == "jsonl" else {
                throw ImportOptionsError.notAFormat(format)
            }
            return name
        }
        if csvOptions.map != nil || csvOptions.mapFile != nil { return "generic" }
        let first = files[0]
        if let byName = ImportFormatGuess.byName(first) { return byName }
        let probe = try InputStreamFile(first, in: environment)
        // Guessing reads the start of the file, and a pipe cannot be read twice.
        guard probe.isRegularFile else {
            throw ImportOptionsError.cannotGuessFormat(file: first)
        }
        return ImportFormatGuess.byContent(probe.peek(ImportFormatGuess.headSize))
    }
}

extension LedgerEvent {
    /// The reason `name` is not a valid account name, or nil.
    static func accountProblem(_ name: String) -> String? {
        var probe = LedgerEvent(
            id: EventID(milliseconds: 0, random: (0, 0)), occurredAt: Timestamp(secondsSinceEpoch: 0),
            recordedAt: Timestamp(secondsSinceEpoch: 0), account: name,
            action: .fee(AssetAmount(1, Asset(AssetSymbol("USD")!))))
        probe.note = ""
        return probe.validate()?.message
    }
}
