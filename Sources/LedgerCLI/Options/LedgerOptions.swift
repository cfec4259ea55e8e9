import ArgumentParser
import LedgerApp

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

    /// Where the ledger is (``LedgerLocator``: the flag, else `LGR_FILE`, else the XDG data
    /// directory).
    func locator(in environment: CommandEnvironment) -> LedgerLocator {
        LedgerLocator(flag: ledger, context: environment.app)
    }

    /// Opens the ledger under the one open policy (``LedgerOpener``).
    func opener(in environment: CommandEnvironment) -> LedgerOpener {
        LedgerOpener(locator: locator(in: environment), context: environment.app)
    }

    /// The ledger path. An empty `--ledger` and a symlink to nothing are refused.
    func path(in environment: CommandEnvironment) throws -> String {
        try locator(in: environment).path()
    }

    /// Opens the ledger to amend it, failing with a clear message when it is missing or
    /// cannot be written, or when it does not end where the tool last left it (the anchor).
    func openExisting(in environment: CommandEnvironment) throws -> OpenLedger {
        try opener(in: environment).open(.amend)
    }

    /// Opens the ledger to read it: read-only when it cannot be written (a read-only mount, a
    /// file without write permission). `checkingAnchor` false leaves the anchor to the caller
    /// (`verify`).
    func openForReading(in environment: CommandEnvironment, checkingAnchor: Bool = true) throws -> OpenLedger {
        try opener(in: environment).open(.read(checkingAnchor: checkingAnchor))
    }

    /// Opens the ledger to read it, refusing one whose hash chain fails verification from the
    /// last verified point (`export`: an unverified chain is not carried into another file).
    func openVerified(in environment: CommandEnvironment) throws -> OpenLedger {
        try opener(in: environment).open(.readVerified)
    }

    /// Opens the ledger, creating it (and its directory) when missing.
    func openOrCreate(in environment: CommandEnvironment) throws -> OpenLedger {
        try opener(in: environment).open(.create)
    }

    /// The ledger opened to amend it when something exists at the path, else nil.
    func openIfExists(in environment: CommandEnvironment) throws -> OpenLedger? {
        try opener(in: environment).openIfExists()
    }

    /// Runs `body`, which may create the ledger; when it did, at the default path, says once
    /// on stderr where it is.
    func announcingCreation<Result>(in environment: CommandEnvironment, _ body: () throws -> Result) throws -> Result {
        try opener(in: environment).announcingCreation(body)
    }
}

extension PriceLedger {
    /// The ledger of `--ledger` as the price and market commands use it.
    init(options: LedgerOptions, environment: CommandEnvironment) throws {
        try self.init(opener: options.opener(in: environment))
    }
}
