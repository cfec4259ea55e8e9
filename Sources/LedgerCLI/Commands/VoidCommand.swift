import ArgumentParser
import LedgerCore
import LedgerRender
import LedgerStore

/// `ledger void ID --reason "…"`: cancels an event by appending a void; nothing is erased.
struct VoidCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "void",
        abstract: "Cancel an event; it stays in the log, marked voided, and reports skip it.",
        discussion: "ID is the number 'ledger log' shows (12 or #12) or the event's id."
    )

    @OptionGroup var ledgerOptions: LedgerOptions

    @Argument(help: "The event to cancel.")
    var id: String

    @Option(help: "Why it is cancelled (kept in the log).")
    var reason: String?

    @Option(name: [.customShort("O"), .customLong("output-format")], help: "text or json.")
    var outputFormat: OutputFormat = .text

    func run(in environment: CommandEnvironment) throws {
        try outputFormat.require([.text, .json], for: "void")
        guard let reason, !reason.allSatisfy(\.isWhitespace) else {
            throw VoidError.missingReason(id: id)
        }
        if reason.utf8.count > LedgerEvent.maximumTextBytes {
            throw VoidError.reasonTooLong(bytes: reason.utf8.count)
        }
        let store = try ledgerOptions.openExisting(in: environment)
        let target = try store.events.requireEvent(id)
        let appended = try store.events.append(try draft(store.events, reason, environment)) { reader in
            try check(reader)
        }
        guard outputFormat == .text, let void = appended.first else {
            return try EventOutput(environment: environment, format: outputFormat).printRecorded(appended)
        }
        environment.print(
            "#\(void.sequence) voided #\(target.sequence) (\(EventSummary.describe(target))): \(reason.terminalEscaped) id \(void.id)"
        )
    }

    private func draft(_ store: any EventStore, _ reason: String, _ environment: CommandEnvironment) throws
        -> [LedgerEvent]
    {
        let target = try store.requireEvent(id)
        return [
            LedgerEvent(
                id: environment.newEventID(), occurredAt: environment.now, recordedAt: environment.now,
                account: target.account, action: .void(target: target.id, reason: reason)
            )
        ]
    }

    /// Under the write lock: the target exists, is not a void, is not voided yet, and
    /// cancelling it leaves no later event short.
    private func check(_ reader: any EventReading) throws {
        let target = try reader.requireEvent(id)
        if case .void(let cancelled, _) = target.action {
            let number = try reader.event(reference: cancelled.text).map { "#\($0.sequence)" } ?? cancelled.text
            throw VoidError.targetIsVoid(sequence: target.sequence, cancelled: number)
        }
        let voids = try reader.events(touching: [])
        if let earlier = voids.first(where: { if case .void(target.id, _) = $0.action { true } else { false } }),
            case .void(_, let why) = earlier.action
        {
            throw VoidError.alreadyVoided(sequence: target.sequence, voidSequence: earlier.sequence, reason: why)
        }
        try HoldingsGuard.checkVoid(of: target, against: reader)
    }
}
