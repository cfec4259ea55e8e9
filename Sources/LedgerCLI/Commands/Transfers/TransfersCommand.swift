import ArgumentParser
import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerRender

/// `ledger transfers [list|match|link|unlink]`: withdrawals and deposits between the user's own
/// accounts read as one transfer (docs/VALUATION.md, "Transfers between your accounts").
struct TransfersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transfers",
        abstract: "Link withdrawals and deposits between your own accounts as transfers.",
        discussion: """
            Every import links a withdrawal in one account and a deposit of the same asset in \
            another when the deposit follows within 24 hours and is at most the withdrawal and \
            at least it minus 1 % (the difference is the network fee). Two rows with the same \
            transaction hash are linked whatever the time. A deposit that fits more than one \
            withdrawal is never guessed: 'ledger transfers --unmatched' lists it with what fits.
            ledger transfers                 (the linked pairs)
            ledger transfers --unmatched     (withdrawals and deposits with no other half)
            ledger transfers match --window 48 --tolerance 2
            ledger transfers link 12 15      (withdrawal 12 and deposit 15, by hand)
            ledger transfers unlink 16
            """,
        subcommands: [
            TransfersListCommand.self, TransfersMatchCommand.self, TransfersLinkCommand.self,
            TransfersUnlinkCommand.self,
        ],
        defaultSubcommand: TransfersListCommand.self
    )

    // Accepts `--ledger` before the subcommand too (see PricesCommand).
    @OptionGroup(visibility: .hidden) var ledgerOptions: LedgerOptions
}

/// `ledger transfers [list] [--unmatched] [-O text|json]`.
struct TransfersListCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the linked transfers, or (--unmatched) what has no other half.")

    @OptionGroup var ledgerOptions: LedgerOptions

    @Flag(help: "List the withdrawals and deposits (other than fiat) that no transfer links.")
    var unmatched = false

    @Option(name: [.customShort("O"), .customLong("output-format")], help: "text or json.")
    var outputFormat: OutputFormat = .text

    func run(in environment: CommandEnvironment) throws {
        try outputFormat.require([.text, .json], for: "transfers")
        let store = try ledgerOptions.openForReading(in: environment)
        let book = try TransferService(context: environment.app).book(store)
        if outputFormat == .json { return environment.print(TransferJSON.document(book)) }
        let output = TransfersOutput(book: book)
        environment.write(unmatched ? output.unmatchedText() : output.linkedText())
    }
}

/// `ledger transfers match [--window HOURS] [--tolerance PERCENT]`: what every import does.
struct TransfersMatchCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "match", abstract: "Link the withdrawals and deposits that fit (every import does this).")

    @OptionGroup var ledgerOptions: LedgerOptions

    @Option(help: "The longest time from a withdrawal to its deposit, in hours.")
    var window = "24"

    @Option(help: "The largest share of a withdrawal the network may keep, in percent.")
    var tolerance = "1"

    @Option(name: [.customShort("O"), .customLong("output-format")], help: "text or json.")
    var outputFormat: OutputFormat = .text

    func run(in environment: CommandEnvironment) throws {
        try outputFormat.require([.text, .json], for: "transfers match")
        let options = try TransfersOutput.options(window: window, tolerance: tolerance)
        let store = try ledgerOptions.openExisting(in: environment)
        let summary = try TransferService(context: environment.app).match(in: store, options: options)
        if outputFormat == .json { return environment.print(EventJSON.events(summary.linked)) }
        for event in summary.linked { environment.print(EventSummary.recordedLine(event)) }
        environment.print(summary.line)
    }
}

/// `ledger transfers link W D`: a withdrawal and a deposit linked by hand.
struct TransfersLinkCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "link", abstract: "Link a withdrawal and a deposit as one transfer, by hand.")

    @OptionGroup var ledgerOptions: LedgerOptions

    @Argument(help: "The withdrawal (its number or id).")
    var withdrawal: String

    @Argument(help: "The deposit (its number or id).")
    var deposit: String

    @Option(name: [.customShort("O"), .customLong("output-format")], help: "text or json.")
    var outputFormat: OutputFormat = .text

    func run(in environment: CommandEnvironment) throws {
        try outputFormat.require([.text, .json], for: "transfers link")
        let store = try ledgerOptions.openExisting(in: environment)
        let link = try TransferService(context: environment.app).link(
            withdrawal: withdrawal, deposit: deposit, in: store)
        try EventOutput(environment: environment, format: outputFormat).printRecorded([link])
    }
}

/// `ledger transfers unlink ID`: voids a link; its two events read as they did before.
struct TransfersUnlinkCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "unlink", abstract: "Undo a link: its withdrawal and deposit read as they did before.")

    @OptionGroup var ledgerOptions: LedgerOptions

    @Argument(help: "The link (its number or id, as 'ledger transfers' lists it).")
    var id: String

    @Option(name: [.customShort("O"), .customLong("output-format")], help: "text or json.")
    var outputFormat: OutputFormat = .text

    func run(in environment: CommandEnvironment) throws {
        try outputFormat.require([.text, .json], for: "transfers unlink")
        let store = try ledgerOptions.openExisting(in: environment)
        let (void, link) = try TransferService(context: environment.app).unlink(id, in: store)
        guard outputFormat == .text else {
            return try EventOutput(environment: environment, format: outputFormat).printRecorded([void])
        }
        environment.print("#\(void.sequence) unlinked #\(link.sequence) (\(EventSummary.describe(link))) id \(void.id)")
    }
}
