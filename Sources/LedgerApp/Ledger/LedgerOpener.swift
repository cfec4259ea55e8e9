import LedgerStore

/// The composition root: the one place that opens the concrete store (the use cases are handed
/// the ``Ledger`` it opened). Every command and page opens its ledger here, under one policy:
///
/// - ``Mode/amend``: it must exist, and end where the tool last left it (the anchor); what
///   killed runs left beside it is swept first.
/// - ``Mode/read``: it must exist; opened read-only when it cannot be written. A hash chain
///   that fails verification from the last verified point is one warning line.
/// - ``Mode/readVerified``: as `read`, but such a chain is refused (`export`).
/// - Every mode that writes refuses such a chain (docs/EVENTS.md, "Threat model").
/// - ``Mode/create``: created (and its directory) when missing, said once on stderr when that
///   happened at the default path.
/// - ``importing(dryRun:_:)``: the import target (``ImportTarget``): an existing ledger where it
///   is, a new one built beside its path, an empty one in memory for a dry run.
/// - ``openIfExists()`` and ``scratch()``: "the ledger if there is one, else an empty one that
///   is never written to disk".
public struct LedgerOpener: Sendable {
    public let locator: LedgerLocator
    public let context: AppContext

    public enum Mode: Sendable {
        case amend
        /// `checkingAnchor` false leaves the anchor to the caller (`verify`).
        case read(checkingAnchor: Bool)
        case readVerified
        case create
        /// As ``create``, without the note: `init` says where the ledger is itself.
        case createQuietly
    }

    public init(locator: LedgerLocator, context: AppContext) {
        self.locator = locator
        self.context = context
    }

    /// Opens the ledger in `mode`.
    public func open(_ mode: Mode) throws -> Ledger {
        switch mode {
        case .amend:
            return try anchored(Ledger(path: sweptPath(), mode: .mustExist))
        case .read(let checkingAnchor):
            return try anchored(Ledger.forReading(path: locator.path()), check: checkingAnchor, warnOnly: true)
        case .readVerified:
            return try anchored(Ledger.forReading(path: locator.path()))
        case .create:
            return try announcingCreation {
                try anchored(Ledger(path: sweptPath(), mode: .createIfMissing))
            }
        case .createQuietly:
            return try anchored(Ledger(path: sweptPath(), mode: .createIfMissing))
        }
    }

    /// True when a ledger (or anything) exists at the path.
    public func exists() throws -> Bool {
        Ledger.exists(at: try locator.path())
    }

    /// The ledger opened to amend it when something exists at the path, else nil (nothing is
    /// created).
    public func openIfExists() throws -> Ledger? {
        try exists() ? open(.amend) : nil
    }

    /// An empty ledger in memory: what a command reads and caches into when there is no
    /// ledger yet, so that nothing is created until there is something to keep.
    public static func scratch() throws -> Ledger {
        try Ledger(path: ":memory:", mode: .createIfMissing)
    }

    /// Runs `body` with the ledger an import writes to; returns whether a ledger existed.
    @discardableResult
    public func importing(dryRun: Bool, _ body: (Ledger) throws -> Void) throws -> Bool {
        try ImportTarget.run(
            path: locator.path(), state: StateDirectory.resolve(variables: context.variables), dryRun: dryRun,
            notices: context.notices, body)
    }

    /// Runs `body`, which may create the ledger; when it did, at the default path (no
    /// --ledger, no LGR_FILE, so the user never named it), says once on stderr where it is.
    public func announcingCreation<Result>(_ body: () throws -> Result) throws -> Result {
        let path = try locator.path()
        let existed = Ledger.exists(at: path)
        let result = try body()
        if !existed, locator.isDefault, Ledger.exists(at: path) {
            context.notices.note("created new ledger at \(path)")
        }
        return result
    }

    /// The ledger's path, after removing what killed runs left beside it (a first import's
    /// temporary ledger): every command that writes sweeps, not only the next import.
    private func sweptPath() throws -> String {
        let path = try locator.path()
        TemporaryFile.removeStale(beside: path, reporting: context.notices)
        return path
    }

    /// The store with the user's state directory (anchor and snapshot key), its anchor and
    /// its chain from the last verified point checked: a broken chain is refused, or with
    /// `warnOnly` said in one warning line.
    private func anchored(_ store: Ledger, check: Bool = true, warnOnly: Bool = false) throws -> Ledger {
        store.stateDirectory = StateDirectory.resolve(variables: context.variables)
        if check || store.created { try store.anchor.checkOnOpen() }
        guard check, !store.created else { return store }
        guard warnOnly else {
            try store.anchor.requireVerifiedChain()
            return store
        }
        if let broken = try store.anchor.unverifiedBreak() {
            context.notices.warning(
                "\(StoreError.failsVerification(store.path, broken)); what it shows may not be what was recorded; run 'ledger verify'"
            )
        }
        return store
    }
}
