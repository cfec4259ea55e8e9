import ArgumentParser
import LedgerApp
import LedgerCore
import LedgerRender

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
        let reason = try EventRecorder.checkReason(reason, reference: id)
        let (void, target) = try EventRecorder(context: environment.app).void(
            reference: id, reason: reason, in: ledgerOptions.openExisting(in: environment))
        guard outputFormat == .text else {
            return try EventOutput(environment: environment, format: outputFormat).printRecorded([void])
        }
        environment.print(
            "#\(void.sequence) voided #\(target.sequence) (\(EventSummary.describe(target))): \(reason.terminalEscaped) id \(void.id)"
        )
    }
}
