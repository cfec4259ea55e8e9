import LedgerApp

/// The commands that work on a PostgreSQL database (`ledger user … --database`, `ledger serve
/// migrate`) run in `ledger-serve`, which links the PostgreSQL client that `ledger` never
/// loads: `ledger` replaces itself with `ledger-serve` and the same arguments, from the
/// command's name on, and `ledger-serve` runs them as `ledger` would (``LedgerCLI/runHandedOff(_:in:)``).
enum DatabaseHandOff {
    /// The first words of the command lines `ledger-serve` takes from `ledger`.
    static let commands: Set<String> = ["user", "serve"]

    /// The database `url` names, opened by this process when it links the client; else this
    /// process becomes `ledger-serve` running the same command (and this returns only if it
    /// could not start).
    static func open(_ url: DatabaseURL, command: String, in environment: CommandEnvironment) throws -> SharedBooks {
        try opener(command: command, in: environment)(url)
    }

    /// How this process opens a database; a process that cannot becomes `ledger-serve`
    /// running the same command first (and this returns only if it could not start).
    static func opener(command: String, in environment: CommandEnvironment) throws
        -> (DatabaseURL) throws -> SharedBooks
    {
        if let open = environment.openDatabase { return open }
        let program = try ServeCommand.serverProgram(environment.variables)
        let forwarded = Array(CommandLine.arguments.dropFirst().drop { $0 != command })
        throw ServeError.couldNotStart(path: program, reason: SiblingProgram.exec(program, forwarded))
    }
}

extension LedgerCLI {
    /// `ledger-serve`'s entry for a command `ledger` handed it (``DatabaseHandOff``): runs it with
    /// `openDatabase` and returns its exit status; nil when `arguments` are the server's own.
    public static func runHandedOff(
        _ arguments: [String], in environment: CommandEnvironment,
        openDatabase: @escaping @Sendable (DatabaseURL) throws -> SharedBooks
    ) -> Int32? {
        guard let first = arguments.first, DatabaseHandOff.commands.contains(first) else { return nil }
        var environment = environment
        environment.openDatabase = openDatabase
        return run(arguments, in: environment)
    }
}
