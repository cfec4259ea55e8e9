import ArgumentParser
import LedgerApp
import LedgerCore

/// `ledger alert check [--offline] [--max-age D] [--exec CMD] [-O text|json]`: for cron.
struct AlertCheckCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Refresh the prices the alerts need and fire those whose condition is met.",
        discussion: """
            Prints one line per alert that fired and nothing else (cron mails what is printed). \
            Exit status: 0 nothing fired; 10 something fired; 1 an alert could not be checked \
            and nothing fired, or an --exec command failed; 64 a usage error. \
            --exec runs CMD with /bin/sh -c once per fired alert, with LGR_ALERT_ID, \
            LGR_ALERT_ASSET, LGR_ALERT_CURRENCY, LGR_ALERT_CONDITION, LGR_ALERT_THRESHOLD, \
            LGR_ALERT_PRICE, LGR_ALERT_OBSERVED_AT and LGR_ALERT_MESSAGE set; what it prints \
            goes to stderr. Details: docs/ALERTS.md.
            """
    )

    @OptionGroup var ledgerOptions: LedgerOptions

    @Flag(help: "Use the cached prices; fetch nothing.")
    var offline = false

    @Option(
        name: .customLong("max-age"),
        help: "An alert whose newest price is older than this is an error (e.g. 30m, 6h, 1d).")
    var maxAge: String?

    @Option(
        name: .customLong("exec"),
        help: ArgumentHelp("Run CMD (with /bin/sh -c) once per fired alert.", valueName: "cmd"))
    var command: String?

    @Option(name: [.customShort("O"), .customLong("output-format")], help: "text or json.")
    var outputFormat: OutputFormat = .text

    func validate() throws {
        if let maxAge, Age.parseDuration(maxAge) == nil {
            throw ValidationError(OptionError.notAMaxAge(maxAge))
        }
        if let command, command.allSatisfy(\.isWhitespace) {
            throw ValidationError(AlertCommandError.emptyCommand)
        }
    }

    func run(in environment: CommandEnvironment) throws {
        try outputFormat.require([.text, .json], for: "alert check")
        let checker = AlertChecker(
            environment: environment, offline: offline, maxAge: maxAge.flatMap(Age.parseDuration),
            command: command, json: outputFormat == .json, runner: ShellCommandRunner()
        )
        try checker.run(store: try ledgerOptions.openExisting(in: environment))
    }
}
