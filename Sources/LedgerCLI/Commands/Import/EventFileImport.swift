import LedgerCore
import LedgerInterchange
import LedgerStore

/// Importing our own JSONL or JSON export: all or nothing, idempotent by event id (importing
/// the same file twice adds nothing), voids checked against the ledger and the file.
struct EventFileImport {
    let file: String
    let json: Bool
    let dryRun: Bool
    let ledgerOptions: LedgerOptions

    func run(in environment: CommandEnvironment) throws {
        // The file's digest first and the parse in one expression: neither the bytes nor the
        // text outlive the parse (at a million events each is hundreds of MB).
        var digest = ContentDigest()
        let parsed = try { () throws -> (events: [(line: Int, event: LedgerEvent)], problems: [EventFileError]) in
            let bytes = try InputFile.read(file, in: environment)
            digest.update(bytes[...])
            let text = String(decoding: bytes, as: UTF8.self)
            return json ? EventFile.readJSON(text) : EventFile.readJSONL(text)
        }()
        guard parsed.problems.isEmpty else {
            throw rejection(parsed.problems.map { "\(file):\($0.line): \($0.message)" }, environment)
        }
        let existed = SQLiteEventStore.exists(at: ledgerOptions.path(in: environment))
        if !existed && dryRun {
            return environment.print("would import \(parsed.events.count) events from \(file) into a new ledger (0 already present)")
        }
        let store = try ledgerOptions.openOrCreate(in: environment)
        var plan = ImportPlan(rows: parsed.events)
        let receipt = dryRun ? nil : receiptMaker(sha256: digest.hex(), rows: parsed.events.count, in: environment) { plan.presentCount }
        let stored = try store.append(dryRun ? [] : try plan.fresh(in: store), receipt: receipt) { reader in
            plan = ImportPlan(rows: parsed.events)
            let problems = try plan.check(against: reader)
            if !problems.isEmpty { throw rejection(problems.map { "\(file):\($0)" }, environment) }
        }
        let verb = dryRun ? "would import" : "imported"
        environment.print("\(verb) \(dryRun ? plan.newCount : stored.count) events from \(file) (\(plan.presentCount) already present)")
    }

    /// The receipt of this import (`ledger import --history`), filled in once the number of
    /// events appended is known. Events keep the batch they were exported with; the receipt
    /// has a batch of its own.
    private func receiptMaker(
        sha256 hash: String, rows: Int, in environment: CommandEnvironment, present: @escaping () -> Int
    ) -> (Int) -> ImportReceipt {
        let batch = environment.newEventID().text, now = environment.now
        let format = json ? "json" : "jsonl"
        return { added in
            ImportReceipt(batch: batch, importedAt: now, file: file, sha256: hash, format: format, account: "",
                          added: added, present: present(), rejected: 0, ignored: 0)
        }
    }

    /// Prints every problem as its own error line; the failure says nothing was imported.
    private func rejection(_ lines: [String], _ environment: CommandEnvironment) -> CommandFailure {
        for line in lines { environment.stderr.write("ledger: error: \(line)\n") }
        let count = lines.count == 1 ? "1 line is invalid; correct it" : "\(lines.count) lines are invalid; correct them"
        return .data("nothing imported: \(count) and import '\(file)' again")
    }
}
