import ArgumentParser
import LedgerCore
import LedgerInterchange
import LedgerStore

/// `ledger import FILE`: events from a JSONL or JSON export, all or nothing, idempotent by
/// event id (importing the same file twice adds nothing).
struct ImportCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import events from a ledger export (JSONL or JSON).",
        discussion: "One import is one transaction: a file with an invalid row imports nothing and every invalid row is listed as FILE:LINE. Events already in the ledger (same id) are skipped."
    )

    @OptionGroup var ledgerOptions: LedgerOptions

    @Argument(help: "The file to import.")
    var file: String

    @Option(help: "auto, jsonl or json (auto: by the file's extension or first character).")
    var format: String = "auto"

    @Flag(name: .customLong("dry-run"), help: "Show what would be imported and write nothing.")
    var dryRun = false

    func run(in environment: CommandEnvironment) throws {
        let text = String(decoding: try InputFile.read(file, in: environment), as: UTF8.self)
        let parsed = try read(text)
        guard parsed.problems.isEmpty else { throw rejection(parsed.problems.map { "\(file):\($0.line): \($0.message)" }, environment) }
        let existed = SQLiteEventStore.exists(at: ledgerOptions.path(in: environment))
        if !existed && dryRun {
            return environment.print("would import \(parsed.events.count) events from \(file) into a new ledger (0 already present)")
        }
        let store = try ledgerOptions.openOrCreate(in: environment)
        var plan = ImportPlan(rows: parsed.events)
        let stored = try store.append(dryRun ? [] : try plan.fresh(in: store)) { reader in
            plan = ImportPlan(rows: parsed.events)
            let problems = try plan.check(against: reader)
            if !problems.isEmpty { throw rejection(problems.map { "\(file):\($0)" }, environment) }
        }
        let verb = dryRun ? "would import" : "imported"
        environment.print("\(verb) \(dryRun ? plan.newCount : stored.count) events from \(file) (\(plan.presentCount) already present)")
    }

    private func read(_ text: String) throws -> (events: [(line: Int, event: LedgerEvent)], problems: [EventFileError]) {
        switch try resolvedFormat(text) {
        case "json": return EventFile.readJSON(text)
        default: return EventFile.readJSONL(text)
        }
    }

    private func resolvedFormat(_ text: String) throws -> String {
        switch format.lowercased() {
        case "jsonl", "json": return format.lowercased()
        case "auto":
            if file.hasSuffix(".jsonl") { return "jsonl" }
            if file.hasSuffix(".json") { return "json" }
            let first = text.first { !$0.isWhitespace }
            if first == "{" { return text.contains("\"schema\"") && text.contains("\"events\"") ? "json" : "jsonl" }
            throw CommandFailure.usage("'\(file)' is not a ledger export; import reads jsonl or json (exchange CSV presets are not supported yet)")
        default:
            throw CommandFailure.usage("--format '\(format)' is not supported; use auto, jsonl or json")
        }
    }

    /// Prints every problem as its own error line; the failure says nothing was imported.
    private func rejection(_ lines: [String], _ environment: CommandEnvironment) -> CommandFailure {
        for line in lines { environment.stderr.write("ledger: error: \(line)\n") }
        let count = lines.count == 1 ? "1 line is invalid; correct it" : "\(lines.count) lines are invalid; correct them"
        return .data("nothing imported: \(count) and import '\(file)' again")
    }
}
