import ArgumentParser
import Glibc
import LedgerRender
import LedgerStore

/// `--ledger PATH`, shared by every command that reads or writes a ledger.
struct LedgerOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The ledger file.",
            discussion:
                "Default: $LGR_FILE, else $XDG_DATA_HOME/ledger/books.ledger (~/.local/share/ledger/books.ledger).",
            valueName: "path"
        ))
    var ledger: String?

    /// The ledger path: the flag, else `LGR_FILE`, else the XDG data directory. An empty
    /// `--ledger` is refused (it would otherwise mean the default ledger), and so is a symlink
    /// to nothing, before anything is read or written.
    func path(in environment: CommandEnvironment) throws -> String {
        let path = try unchecked(in: environment)
        try Self.refuseDanglingLink(path, shownAs: ledger)
        return path
    }

    private func unchecked(in environment: CommandEnvironment) throws -> String {
        let variables = environment.variables
        if let flag = ledger {
            guard !flag.isEmpty else {
                throw CommandError.usage(
                    "--ledger needs a path, e.g. --ledger ~/books.ledger; leave it out to use the default ledger")
            }
            return absolute(flag, environment)
        }
        if let fromEnvironment = variables[environmentPrefix + "FILE"], !fromEnvironment.isEmpty {
            return absolute(fromEnvironment, environment)
        }
        let dataHome =
            variables["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (variables["HOME"] ?? "/") + "/.local/share"
        return dataHome + "/ledger/books.ledger"
    }

    /// A symlink whose target does not exist would be created through (or, for an import,
    /// fail only at the end): refused, naming the link and where it points.
    private static func refuseDanglingLink(_ path: String, shownAs shown: String?) throws {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK, stat(path, &info) != 0 else { return }
        var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &target, target.count - 1)
        let pointsTo =
            length > 0 ? String(decoding: target[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
        throw CommandError.data(
            "the ledger '\(shown ?? path)' is a symbolic link to '\(pointsTo)', which does not exist; point the link at a ledger or give --ledger the real path"
        )
    }

    /// Opens the ledger to amend it, failing with a clear message when it is missing or
    /// cannot be written, or when it does not end where the tool last left it (the anchor).
    func openExisting(in environment: CommandEnvironment) throws -> Ledger {
        try anchored(Ledger(path: sweptPath(in: environment), mode: .mustExist), environment)
    }

    /// Opens the ledger to read it: read-only when it cannot be written (a read-only mount, a
    /// file without write permission). `checkingAnchor` false leaves the anchor to the caller
    /// (`verify`).
    func openForReading(in environment: CommandEnvironment, checkingAnchor: Bool = true) throws -> Ledger {
        try anchored(Ledger.forReading(path: path(in: environment)), environment, check: checkingAnchor)
    }

    /// Opens the ledger, creating it (and its directory) when missing.
    func openOrCreate(in environment: CommandEnvironment) throws -> Ledger {
        try announcingCreation(in: environment) {
            try anchored(Ledger(path: sweptPath(in: environment), mode: .createIfMissing), environment)
        }
    }

    /// Runs `body`, which may create the ledger; when it did, at the default path (no
    /// --ledger, no LGR_FILE, so the user never named it), says once on stderr where it is.
    func announcingCreation<Result>(in environment: CommandEnvironment, _ body: () throws -> Result) throws -> Result {
        let path = try path(in: environment)
        let existed = Ledger.exists(at: path)
        let result = try body()
        if !existed, isDefault(in: environment), Ledger.exists(at: path) {
            environment.stderr.write("ledger: created new ledger at \(path.terminalEscaped)\n")
        }
        return result
    }

    /// The ledger's path, after removing what killed runs left beside it (a first import's
    /// temporary ledger): every command that writes sweeps, not only the next import.
    private func sweptPath(in environment: CommandEnvironment) throws -> String {
        let path = try path(in: environment)
        TemporaryFile.removeStale(beside: path, reporting: environment)
        return path
    }

    /// True when neither --ledger nor LGR_FILE names the ledger.
    private func isDefault(in environment: CommandEnvironment) -> Bool {
        (ledger ?? "").isEmpty && (environment.variables[environmentPrefix + "FILE"] ?? "").isEmpty
    }

    /// The store with the user's state directory (anchor and snapshot key), its anchor checked.
    private func anchored(_ store: Ledger, _ environment: CommandEnvironment, check: Bool = true) throws
        -> Ledger
    {
        store.stateDirectory = StateDirectory.resolve(variables: environment.variables)
        if check || store.created { try store.anchor.checkOnOpen() }
        return store
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

extension SettingsStore {
    /// The ledger's currency setting (USD when never set).
    func ledgerCurrency() throws -> String {
        try setting(LedgerSetting.currency) ?? LedgerSetting.defaultCurrency
    }
}
