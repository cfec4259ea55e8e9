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

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A chain head printed earlier (by verify): fail unless the ledger still holds the event with that hash.",
            valueName: "hash"))
    var head: String?

    @Flag(
        name: .long,
        help:
            "When the chain verifies, anchor the ledger where it now ends (after restoring a backup or moving it between machines)."
    )
    var accept = false

    func run(in environment: CommandEnvironment) throws {
        try outputFormat.require([.text, .json], for: "verify")
        let expected = try head.map(Self.parseHead)
        let store = try ledgerOptions.openForReading(in: environment, checkingAnchor: false)
        let result = try store.events.verifyChain()
        if let broken = result.firstBreak {
            throw VerifyError.brokenChain(broken)
        }
        if let problem = try Self.invariantProblem(in: store) { throw VerifyError.invariant(problem) }
        let headEvent = try expected.map { hash in try Self.event(withHash: hash, in: store) }
        try checkAnchor(store, environment)
        for problem in try store.snapshots.problems() {
            environment.stderr.write(
                "ledger: warning: snapshot '\(problem.key)' at #\(problem.sequence) is not used: \(problem.reason)\n")
        }
        switch outputFormat {
        case .json:
            environment.print(EventJSON.verify(events: result.head.count, head: result.head.hash, headEvent: headEvent))
        case .text, .csv, .md:
            environment.print(
                "ok: \(result.head.count) \(result.head.count == 1 ? "event" : "events") verified; chain head \(result.head.hash)"
            )
            if let headEvent, let head { environment.print("head \(head) is event #\(headEvent)") }
        }
    }

    /// The ledger against this user's anchor (docs/EVENTS.md, "Threat model"): a mismatch
    /// fails, unless `--accept` re-anchors it at the head just verified.
    private func checkAnchor(_ store: Ledger, _ environment: CommandEnvironment) throws {
        if accept {
            guard let anchor = store.anchor.stored else {
                throw VerifyError.noStateDirectory
            }
            guard let head = try store.anchor.accept() else { throw StoreError.anchorUnwritable(file: anchor.file) }
            environment.stderr.write("ledger: anchored '\(store.path)' at event #\(head.count)\n")
            return
        }
        guard case .mismatch(let mismatch) = try store.anchor.check() else { return }
        throw VerifyError.anchorMismatch(mismatch)
    }

    private static func parseHead(_ text: String) throws -> String {
        let hash = text.lowercased()
        guard hash.utf8.count == 64, hash.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else {
            throw VerifyError.notAChainHead(text)
        }
        return hash
    }

    /// The number of the event whose hash is `hash`; fails when no event has it.
    private static func event(withHash hash: String, in store: Ledger) throws -> Int64 {
        guard let sequence = try store.events.sequence(ofHash: hash) else {
            throw VerifyError.unknownHead(hash: hash)
        }
        return sequence
    }

    /// Voids name existing, non-void events once each; no event takes out more than is held.
    /// Read in passes over the store (every event, the voids, the replay), so memory does not
    /// grow with the log.
    static func invariantProblem(in store: Ledger) throws -> String? {
        var invalid: String?
        try store.events.forEachEvent { event in
            guard invalid == nil, let problem = event.validate(limits: false) else { return }
            invalid = "event #\(event.sequence) is not a valid event: \(problem.message)"
        }
        if let invalid { return invalid }
        if let problem = try voidProblem(in: store) { return problem }
        var book = PositionBook()
        var shortfall: Shortfall?
        try store.events.forEachEffectiveEvent(through: Timestamp(secondsSinceEpoch: .max)) { event in
            if shortfall == nil { shortfall = book.apply(event) }
        }
        guard let shortfall else { return nil }
        return
            "event #\(shortfall.event.sequence) (\(EventSummary.describe(shortfall.event))) takes \(shortfall.needed) \(shortfall.key.asset) from '\(shortfall.key.account)' where \(shortfall.held) was held"
    }

    private static func voidProblem(in store: Ledger) throws -> String? {
        var voided: Set<EventID> = []
        for event in try store.events.voidEvents() {
            guard case .void(let target, _) = event.action else { continue }
            guard let cancelled = try store.events.event(reference: target.text), cancelled.kind != .void else {
                return "event #\(event.sequence) voids \(target), which is not an event that can be voided"
            }
            guard voided.insert(target).inserted else {
                return "event #\(event.sequence) voids #\(cancelled.sequence) a second time"
            }
        }
        return nil
    }
}
