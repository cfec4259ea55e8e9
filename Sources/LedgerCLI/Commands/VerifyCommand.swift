import ArgumentParser
import LedgerCore
import LedgerInterchange
import LedgerRender
import LedgerStore

/// `ledger verify`: walks the hash chain and the ledger's invariants.
struct VerifyCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check the hash chain and the ledger's invariants.",
        discussion: "Exit 0 with a summary when intact; exit 1 naming the first event that does not match."
    )

    @OptionGroup var ledgerOptions: LedgerOptions

    @Option(name: [.customShort("O"), .customLong("output-format")], help: "text or json.")
    var outputFormat: OutputFormat = .text

    func run(in environment: CommandEnvironment) throws {
        try outputFormat.require([.text, .json], for: "verify")
        let store = try ledgerOptions.openExisting(in: environment)
        let result = try store.verifyChain()
        if let broken = result.firstBreak {
            throw CommandFailure.data("event #\(broken.sequence) (\(broken.id)) fails verification: \(broken.reason)")
        }
        if let problem = try Self.invariantProblem(in: store) { throw CommandFailure.data(problem) }
        switch outputFormat {
        case .json:
            var writer = JSONWriter(pretty: true)
            writer.beginObject()
            writer.field("schema", "ledger.verify/1")
            writer.key("ok")
            writer.bool(true)
            writer.field("events", result.head.count)
            writer.field("head", result.head.hash)
            writer.endObject()
            environment.print(writer.text)
        case .text, .csv, .md:
            environment.print("ok: \(result.head.count) events verified; chain head \(result.head.hash)")
        }
    }

    /// Voids name existing, non-void events once each; no event takes out more than is held.
    /// Read in passes over the store (every event, the voids, the replay), so memory does not
    /// grow with the log.
    static func invariantProblem(in store: SQLiteEventStore) throws -> String? {
        var invalid: String?
        try store.forEachEvent { event in
            guard invalid == nil, let problem = event.validate(limits: false) else { return }
            invalid = "event #\(event.sequence) is not a valid event: \(problem.message)"
        }
        if let invalid { return invalid }
        if let problem = try voidProblem(in: store) { return problem }
        var book = PositionBook()
        var shortfall: Shortfall?
        try store.forEachEffectiveEvent(through: Timestamp(secondsSinceEpoch: .max)) { event in
            if shortfall == nil { shortfall = book.apply(event) }
        }
        guard let shortfall else { return nil }
        return "event #\(shortfall.event.sequence) (\(EventSummary.describe(shortfall.event))) takes \(shortfall.needed) \(shortfall.key.asset) from '\(shortfall.key.account)' where \(shortfall.held) was held"
    }

    private static func voidProblem(in store: SQLiteEventStore) throws -> String? {
        var voided: Set<EventID> = []
        for event in try store.voidEvents() {
            guard case .void(let target, _) = event.action else { continue }
            guard let cancelled = try store.event(reference: target.text), cancelled.kind != .void else {
                return "event #\(event.sequence) voids \(target), which is not an event that can be voided"
            }
            guard voided.insert(target).inserted else { return "event #\(event.sequence) voids #\(cancelled.sequence) a second time" }
        }
        return nil
    }
}
