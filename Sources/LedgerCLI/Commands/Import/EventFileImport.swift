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
        let bytes = try InputFile.read(file, in: environment)
        let text = String(decoding: bytes, as: UTF8.self)
        let parsed = json ? EventFile.readJSON(text) : EventFile.readJSONL(text)
        guard parsed.problems.isEmpty else {
            throw rejection(parsed.problems.map { "\(file):\($0.line): \($0.message)" }, environment)
        }
        let existed = SQLiteEventStore.exists(at: ledgerOptions.path(in: environment))
        if !existed && dryRun {
            return environment.print("would import \(parsed.events.count) events from \(file) into a new ledger (0 already present)")
        }
        let store = try ledgerOptions.openOrCreate(in: environment)
        var plan = ImportPlan(rows: parsed.events)
        let receipt = dryRun ? nil : receiptMaker(bytes, rows: parsed.events.count, in: environment) { plan.presentCount }
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
        _ bytes: [UInt8], rows: Int, in environment: CommandEnvironment, present: @escaping () -> Int
    ) -> (Int) -> ImportReceipt {
        var digest = ContentDigest()
        digest.update(bytes[...])
        let hash = digest.hex(), batch = environment.newEventID().text, now = environment.now
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
