import LedgerCore
import LedgerStore

/// `ledger serve migrate`: a server's data directory (`DATA/accounts.sqlite` and each user's
/// `DATA/users/NAME/books.ledger`) copied into the database of `ledger serve --database`.
/// Everything is checked before anything is written: the accounts file is there, every
/// ledger's chain verifies, and the database holds for each user either none of their events
/// or a beginning of the same chain. Then per user: the account and its tokens (never a
/// session: users sign in again), the events not yet there (the same chain, byte for byte:
/// the database links them with the same ``HashChain``, and its head must come out as the
/// file's), the prices, settings, alerts and import receipts not yet there, and the
/// notifications the server kept beside the ledger (``NotificationFile``) with how many were
/// seen. What is already there is left as it is, so a second run adds nothing and an
/// interrupted run finishes where it stopped.
public struct BooksMigration {
    public let source: ServerSettings
    /// Opens the database: called once every ledger file has verified.
    let openDatabase: () throws -> SharedBooks

    public init(from source: ServerSettings, to openDatabase: @escaping () throws -> SharedBooks) {
        self.source = source
        self.openDatabase = openDatabase
    }

    /// Refuses a directory with no accounts before anything else is done.
    public static func checkSource(_ source: ServerSettings) throws {
        guard Ledger.exists(at: source.accountsPath) else {
            throw MigrationError.noAccounts(directory: source.dataDirectory)
        }
    }

    /// Copies, one line per user to `report`; what it added in all.
    public func run(report: (String) -> Void) throws -> MigrationTally {
        try Self.checkSource(source)
        let accounts = try SQLiteAccountStore(path: source.accountsPath)
        let users = try accounts.users()
        let books = try users.map { user in
            try SourceBooks(user: user.name, path: source.ledgerPath(forUser: user.name))
        }
        let database = try openDatabase()
        for book in books.compactMap({ $0 }) {
            _ = try database.withBooks(of: book.user) { try book.copiedHead(in: $0.events) }
        }
        let destination = database.accounts()
        var total = MigrationTally()
        for (user, book) in zip(users, books) {
            var tally = try Self.copyAccount(user, tokens: accounts.tokens(ofUser: user.name), to: destination)
            var kept: [String] = []
            if let book {
                let copied = try database.withBooks(of: book.user) { try book.copy(into: $0) }
                tally.add(copied.tally)
                kept = copied.kept
            }
            let notifications = try Self.copyNotifications(of: user.name, from: source, into: database)
            tally.notifications = notifications.copied
            if notifications.kept { kept.append("notifications") }
            report(MigrationTally.line(user: user.name, tally, head: book?.head, kept: kept))
            total.add(tally)
        }
        return total
    }

    /// The lines of `user`'s notification file the database lacks, appended after those it
    /// holds when these are a beginning of the file's, and the file's seen count when it is
    /// higher than the database's; how many lines, and whether the database holds others
    /// (a server on it fired alerts since), which are kept and named.
    static func copyNotifications(of user: String, from source: ServerSettings, into database: SharedBooks)
        throws -> (copied: Int, kept: Bool)
    {
        let path = NotificationFile.path(source, user: user)
        let file = NotificationFile.lines(path).map { String(decoding: $0, as: UTF8.self) }
        let seen = NotificationFile.seen(path)
        guard !file.isEmpty || seen > 0 else { return (0, false) }
        return try database.withNotifications(of: user) { store in
            let there = try store.lines()
            guard there.starts(with: file) || file.starts(with: there) else { return (0, true) }
            let missing = Array(file.dropFirst(there.count))
            try store.append(missing)
            if try store.counts().seen < seen { try store.setSeen(seen) }
            return (missing.count, false)
        }
    }

    /// The user (unless one of that name is there: it is kept as it is) and the tokens the
    /// database does not hold, with when each was made and last used.
    static func copyAccount(_ user: StoredUser, tokens: [String: StoredToken], to destination: any AccountStore)
        throws -> MigrationTally
    {
        var tally = MigrationTally()
        if try destination.addUser(user) {
            tally.users = 1
            if user.tradePosts { _ = try destination.setTradePosts(true, forUser: user.name) }
        }
        for (hash, token) in tokens.sorted(by: { $0.key < $1.key }) {
            guard try destination.token(hash: hash) == nil else { continue }
            try destination.addToken(token, hash: hash)
            if let used = token.lastUsed { try destination.markTokenUsed(hash: hash, at: used) }
            tally.tokens += 1
        }
        return tally
    }
}

/// What a migration added: users, tokens, events, prices, settings, alerts, import receipts,
/// notifications.
public struct MigrationTally: Equatable, Sendable {
    public var users = 0
    public var tokens = 0
    public var events = 0
    public var prices = 0
    public var settings = 0
    public var alerts = 0
    public var receipts = 0
    public var notifications = 0

    public init() {}

    public var isEmpty: Bool { self == MigrationTally() }

    mutating func add(_ other: MigrationTally) {
        users += other.users
        tokens += other.tokens
        events += other.events
        prices += other.prices
        settings += other.settings
        alerts += other.alerts
        receipts += other.receipts
        notifications += other.notifications
    }

    /// `2 users, 1 token, 5 events` (what is not zero); in one user's line `the user, …`.
    public func phrase(oneUser: Bool = false) -> String {
        let counts = [
            (users, "user"), (tokens, "token"), (events, "event"), (prices, "price"), (settings, "setting"),
            (alerts, "alert"), (receipts, "import receipt"), (notifications, "notification"),
        ]
        return counts.filter { $0.0 > 0 }
            .map { oneUser && $0.1 == "user" ? "the user" : Self.count($0.0, $0.1) }
            .joined(separator: ", ")
    }

    static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

    /// One user's line: `alice: added the user, 1 token, 5 events; chain #5 0a1b2c3d4e5f verified`.
    static func line(user: String, _ tally: MigrationTally, head: ChainHead?, kept: [String]) -> String {
        let added = tally.isEmpty ? "nothing to add" : "added " + tally.phrase(oneUser: true)
        let chain = head.map { "chain #\($0.count) \($0.hash.prefix(12)) verified" } ?? "no books"
        let note = kept.isEmpty ? "" : "; kept the database's \(kept.joined(separator: ", ")) (differs from the file)"
        return "\(user): \(added); \(chain)\(note)"
    }
}

/// Why a migration stops (before it writes anything, except `booksChangedMeanwhile`).
public enum MigrationError: UserFacingError, Equatable {
    case noAccounts(directory: String)
    case noDatabase
    case brokenChain(user: String, path: String, sequence: Int64, reason: String)
    case notReproduced(user: String, path: String)
    case booksDiffer(user: String, there: Int64, here: Int64)
    case booksChangedMeanwhile(user: String)
    case copyDiffers(user: String)

    public var category: ErrorCategory {
        self == .noDatabase ? .usage : .data
    }

    public var description: String {
        switch self {
        case .noAccounts(let directory):
            "there are no accounts in '\(directory)' (no accounts.sqlite); give --from the directory 'ledger serve --data-dir' used"
        case .noDatabase:
            "ledger serve migrate needs a database; give --to postgres://USER@HOST/DB (or set LGR_DATABASE_URL)"
        case .brokenChain(let user, let path, let sequence, let reason):
            "\(user)'s ledger '\(path)' does not verify (event #\(sequence): \(reason)); nothing was copied, run 'ledger --ledger \(path) verify' and repair it first"
        case .notReproduced(let user, let path):
            "\(user)'s ledger '\(path)' has events this version cannot encode as they were chained; nothing was copied, run 'ledger --ledger \(path) verify' with the version that wrote it"
        case .booksDiffer(let user, let there, let here):
            "the database holds \(there) events for \(user) that are not the first of the \(here) in their ledger file (added through a server on the database?); nothing was copied, move the user by hand or drop their rows"
        case .booksChangedMeanwhile(let user):
            "\(user)'s events in the database changed while they were copied (is a server running on it?); stop the servers and run the migration again, it continues where it stopped"
        case .copyDiffers(let user):
            "\(user)'s events in the database do not verify as the same chain after the copy; keep the ledger file and report this as a bug"
        }
    }
}
