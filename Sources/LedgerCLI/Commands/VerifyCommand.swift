import ArgumentParser
import LedgerApp
import LedgerInterchange

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
        let expected = try head.map(LedgerVerification.parseHead)
        let verified = try LedgerVerification(opener: ledgerOptions.opener(in: environment))
            .run(expectedHead: expected, accept: accept)
        switch outputFormat {
        case .json:
            environment.print(
                EventJSON.verify(events: verified.events, head: verified.head, headEvent: verified.headEvent))
        case .text, .csv, .md:
            environment.print(
                "ok: \(verified.events) \(verified.events == 1 ? "event" : "events") verified; chain head \(verified.head)"
            )
            if let headEvent = verified.headEvent, let head { environment.print("head \(head) is event #\(headEvent)") }
        }
    }
}
