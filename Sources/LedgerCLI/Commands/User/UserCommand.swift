import ArgumentParser
import FoundationEssentials
import LedgerApp

/// `ledger user add|passwd|token|revoke|disable|enable|list|messages`: the accounts of `ledger serve`.
struct UserCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user",
        abstract: "Manage the users of 'ledger serve': passwords, API tokens, disabling.",
        discussion: """
            ledger user add alice --admin --data-dir /var/lib/ledger   (asks for a password twice)
            printf '%s\\n' "$PASSWORD" | ledger user add bob           (one line from a pipe)
            ledger user token alice --label phone                      (shown once)
            ledger user list -O json
            ledger user messages                                       (the Messages page, for moderation)
            ledger user add alice --admin --database 'postgres://ledger@/ledger?host=/run/postgresql'

            Users live in DATA/accounts.sqlite, DATA being --data-dir as for 'ledger serve'; \
            with --database (or LGR_DATABASE_URL), in that PostgreSQL database, as for \
            'ledger serve --database' (run by the ledger-serve program, which links the client). \
            Passwords are stored as bcrypt hashes (at least 8 characters), tokens and sessions \
            as SHA-256. Disabling a user ends their sessions and deletes their tokens at once. \
            Details: docs/SERVER.md, "Accounts".
            """,
        subcommands: [
            UserAddCommand.self, UserPasswdCommand.self, UserTokenCommand.self, UserRevokeCommand.self,
            UserDisableCommand.self, UserEnableCommand.self, UserListCommand.self, UserMessagesCommand.self,
        ]
    )
}

/// `--data-dir`, resolved as `ledger serve` resolves it, and the accounts in it; or, with
/// `--database` (or `LGR_DATABASE_URL`), the accounts in that PostgreSQL database, as
/// `ledger serve --database` keeps them (run by `ledger-serve`: ``DatabaseHandOff``).
struct UserOptions: ParsableArguments {
    @Option(
        name: .customLong("data-dir"),
        help: "The server's directory, as for 'ledger serve' (default: $XDG_DATA_HOME/ledger/server).")
    var dataDirectory: String?

    @Option(
        help:
            "The server's PostgreSQL database, as for 'ledger serve --database' (default: $LGR_DATABASE_URL, else the config file's \"database\", else the accounts in --data-dir)."
    )
    var database: String?

    @Option(name: .customLong("database-password-file"), help: ArgumentHelp(ServeOptions.passwordFileHelp))
    var databasePasswordFile: String?

    /// The database the accounts are in, nil for `DATA/accounts.sqlite`.
    func databaseURL(in environment: CommandEnvironment) throws -> DatabaseURL? {
        try ServeOptions.database(
            database, passwordFile: databasePasswordFile, variables: environment.variables,
            readFile: environment.readFile)
    }

    func settings(in environment: CommandEnvironment) throws -> ServerSettings {
        ServerSettings(
            dataDirectory: try ServeOptions.dataDirectory(
                dataDirectory, variables: environment.variables, currentDirectory: environment.currentDirectory))
    }

    /// The accounts; only `user add` (`creating`) makes the file, so a command about a user in
    /// a directory that has none says so instead of leaving an empty database behind.
    func accounts(in environment: CommandEnvironment, creating: Bool = false) throws -> Accounts {
        if let url = try databaseURL(in: environment) {
            let books = try DatabaseHandOff.open(url, command: "user", in: environment)
            return try Accounts.open(database: books, context: environment.app)
        }
        let path = try settings(in: environment).accountsPath
        if !creating && !FileManager.default.fileExists(atPath: path) { throw UserError.noAccounts(path: path) }
        return try Accounts.open(path: path, context: environment.app)
    }
}

/// The password for `user add` and `user passwd`: typed twice on a terminal (not shown), else
/// one line of standard input.
enum PasswordInput {
    static func read(for name: String, in environment: CommandEnvironment) throws -> String {
        let input = environment.stdin
        guard let password = input.readLine("Password for \(name): ") else { throw UserError.noPassword }
        if input.isTerminal {
            try Passwords.check(password)
            guard input.readLine("The same password again: ") == password else { throw UserError.passwordsDiffer }
        }
        return password
    }
}
