import ArgumentParser
import LedgerApp

/// `ledger serve migrate --from DATA --to postgres://…`: a data directory's users and their
/// books copied into the database of `ledger serve --database` (LedgerApp's ``BooksMigration``),
/// run by `ledger-serve`, which links the PostgreSQL client (``DatabaseHandOff``).
struct ServeMigrateCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Copy a data directory's users and their books into a PostgreSQL database (safe to re-run).",
        discussion: """
            Copies the accounts (password hashes and API tokens; users sign in again) and each \
            user's ledger: its events, chained the same (every chain is verified before and after), \
            its prices and settings. What the database already holds is kept, so running it again \
            adds nothing and an interrupted run continues where it stopped. Stop the servers on \
            both sides first. Details: docs/SERVER.md, "Moving a data directory to PostgreSQL".
            """
    )

    @Option(
        name: .customLong("from"),
        help: "The data directory 'ledger serve --data-dir' used (default: $XDG_DATA_HOME/ledger/server).")
    var from: String?

    @Option(
        name: .customLong("to"),
        help:
            "The database, as for 'ledger serve --database'; never with a password (default: $LGR_DATABASE_URL, else the config file's \"database\")."
    )
    var to: String?

    @Option(name: .customLong("database-password-file"), help: ArgumentHelp(ServeOptions.passwordFileHelp))
    var databasePasswordFile: String?

    func run(in environment: CommandEnvironment) throws {
        let source = ServerSettings(
            dataDirectory: try ServeOptions.dataDirectory(
                from, variables: environment.variables, currentDirectory: environment.currentDirectory))
        let url = try ServeOptions.database(
            to, flag: "--to", passwordFile: databasePasswordFile, variables: environment.variables,
            readFile: environment.readFile)
        guard let url else {
            throw MigrationError.noDatabase
        }
        try BooksMigration.checkSource(source)
        let open = try DatabaseHandOff.opener(command: "serve", in: environment)
        let total = try BooksMigration(from: source, to: { try open(url) }).run { environment.print($0) }
        let directory = source.dataDirectory
        environment.print(
            total.isEmpty
                ? "Nothing to copy: \(url) holds everything of \(directory) already; every chain verified."
                : "Copied \(total.phrase()) from \(directory) to \(url); every chain verified.")
    }
}
