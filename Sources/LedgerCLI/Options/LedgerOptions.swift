import ArgumentParser
import LedgerStore

/// `--ledger PATH`, shared by every command that reads or writes a ledger.
struct LedgerOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The ledger file.",
        discussion: "Default: $LGR_FILE, else $XDG_DATA_HOME/ledger/books.ledger (~/.local/share/ledger/books.ledger).",
        valueName: "path"
    ))
    var ledger: String?

    /// The ledger path: the flag, else `LGR_FILE`, else the XDG data directory.
    func path(in environment: CommandEnvironment) -> String {
        let variables = environment.variables
        if let flag = ledger, !flag.isEmpty { return absolute(flag, environment) }
        if let fromEnvironment = variables[environmentPrefix + "FILE"], !fromEnvironment.isEmpty {
            return absolute(fromEnvironment, environment)
        }
        let dataHome = variables["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (variables["HOME"] ?? "/") + "/.local/share"
        return dataHome + "/ledger/books.ledger"
    }

    /// Opens the ledger, failing with a clear message when it is missing (for commands that
    /// only read or amend an existing ledger).
    func openExisting(in environment: CommandEnvironment) throws -> SQLiteEventStore {
        try SQLiteEventStore(path: path(in: environment), mode: .mustExist)
    }

    /// Opens the ledger, creating it (and its directory) when missing.
    func openOrCreate(in environment: CommandEnvironment) throws -> SQLiteEventStore {
        try announcingCreation(in: environment) { try SQLiteEventStore(path: path(in: environment), mode: .createIfMissing) }
    }

    /// Runs `body`, which may create the ledger; when it did, at the default path (no
    /// --ledger, no LGR_FILE, so the user never named it), says once on stderr where it is.
    func announcingCreation<Result>(in environment: CommandEnvironment, _ body: () throws -> Result) rethrows -> Result {
        let path = path(in: environment)
        let existed = SQLiteEventStore.exists(at: path)
        let result = try body()
        if !existed, isDefault(in: environment), SQLiteEventStore.exists(at: path) {
            environment.stderr.write("ledger: created new ledger at \(path)\n")
        }
        return result
    }

    /// True when neither --ledger nor LGR_FILE names the ledger.
    private func isDefault(in environment: CommandEnvironment) -> Bool {
        (ledger ?? "").isEmpty && (environment.variables[environmentPrefix + "FILE"] ?? "").isEmpty
    }

    private func absolute(_ path: String, _ environment: CommandEnvironment) -> String {
        if path.hasPrefix("/") { return path }
        if path == "~" || path.hasPrefix("~/") { return (environment.variables["HOME"] ?? "") + path.dropFirst() }
        return environment.currentDirectory + "/" + path
    }
}

/// Ledger-level settings kept in the ledger file.
enum LedgerSetting {
    /// The currency prices are quoted in when `add` is not told.
    static let currency = "currency"
    static let defaultCurrency = "USD"
}

extension EventStore {
    /// The ledger's currency setting (USD when never set).
    func ledgerCurrency() throws -> String {
        try setting(LedgerSetting.currency) ?? LedgerSetting.defaultCurrency
    }
}
