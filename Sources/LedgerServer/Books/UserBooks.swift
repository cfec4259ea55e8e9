import Hummingbird
import LedgerApp
import LedgerCore

/// The signed-in user's ledger, opened per request through LedgerApp's ``LedgerOpener`` at
/// `ServerSettings.ledgerPath(forUser:)`, and the context the services run in (notices kept
/// for the page or the JSON instead of stderr). ``SignedIn`` makes it once per request and
/// every signed-in route receives it in its ``SignedInContext``.
struct UserBooks: Sendable {
    let user: ServerUser
    let state: ServerState
    let notices = CollectedNotices()

    init(user: ServerUser, state: ServerState) throws {
        self.user = user
        self.state = state
        // The accounts check names before they reach a path; this keeps any other name out.
        guard !user.name.isEmpty, !user.name.contains("/"), !user.name.hasPrefix(".") else {
            throw HTTPError(.notFound)
        }
    }

    var path: String { state.settings.ledgerPath(forUser: user.name) }
    var app: AppContext { state.appContext(notices: notices) }
    /// The opener of the user's ledger file; refused (501) when the books are in a database,
    /// for the routes not moved to it yet, so that no route reads or writes a file beside it.
    var opener: LedgerOpener {
        get throws {
            guard state.database == nil else { throw BooksElsewhere.notInDatabaseYet }
            return LedgerOpener(locator: LedgerLocator(flag: path, context: app), context: app)
        }
    }

    /// The user's directory (their ledger and kept uploads).
    var directory: String { String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]) }
    /// Where uploads are received and kept for their commit (0700, files 0600).
    var uploads: String { directory + "/uploads" }

    /// `body` with the ledger open for reading (a handle kept between requests, see
    /// ``LedgerHandles``), or with nil when the user has none yet.
    func reading<T>(_ body: (OpenLedger?) throws -> T) throws -> T {
        let opener = try opener
        guard try opener.exists() else { return try body(nil) }
        let open = { try opener.open(.read(checkingAnchor: true)) }
        return try state.ledgerHandles.using(path, open: open, body)
    }

    /// Whether the user has books: a ledger file, or (in a database) always, made on first use.
    func hasBooks() throws -> Bool {
        try state.database != nil || opener.exists()
    }

    /// `body` with the user's books: in the server's database (made on first use), else the
    /// ledger file as ``reading(_:)`` opens it (nil when the user has none yet).
    func readingBooks<T>(_ body: (OpenBooks?) throws -> T) throws -> T {
        if let database = state.database { return try database.withUserBooks(user.name) { try body($0) } }
        return try reading { try body($0) }
    }

    /// `body` with the user's books read-only, as the market pages read them: the ledger file's
    /// kept handle (nil `existing` when the user has none yet, the currency a new one would
    /// take), or their books in the server's database.
    func readingAmendable<T>(_ body: (AmendableBooks) throws -> T) throws -> T {
        if let database = state.database {
            return try database.withUserBooks(user.name) { try body(AmendableBooks($0)) }
        }
        return try reading { ledger in try body(AmendableBooks(PriceLedger(opener: try opener, existing: ledger))) }
    }

    /// `body` (an import) with the ledger to import into: the user's ledger file as `ledger
    /// import` opens it, or, with the books in the server's database, a scratch ledger in the
    /// user's upload directory holding a copy of their log, whose additions are then appended to
    /// the books in one transaction (``BooksImportTarget``).
    func importing(dryRun: Bool, _ body: (OpenLedger) throws -> Void) throws {
        guard let database = state.database else {
            _ = try opener.importing(dryRun: dryRun, body)
            return
        }
        try database.withUserBooks(user.name) { books in
            try BooksImportTarget.run(
                into: books, scratch: uploads + "/import.ledger", dryRun: dryRun, notices: notices, body)
        }
    }

    /// `body` with the user's books to change: in the server's database (made on first use),
    /// else the ledger file as the price and market commands open it (read when it exists,
    /// created only when something is recorded).
    func amendingBooks<T>(_ body: (AmendableBooks) throws -> T) throws -> T {
        if let database = state.database {
            return try database.withUserBooks(user.name) { try body(AmendableBooks($0)) }
        }
        return try body(AmendableBooks(state.books(of: user.name, app)))
    }
}

/// A route that would read or write a ledger file while the books are kept in a database
/// (issue 38). Every route of the books is served from the database now; this stays as the
/// wall that keeps any route that is not from ever opening a ledger file beside it.
enum BooksElsewhere: Error, CustomStringConvertible, HTTPResponseError {
    case notInDatabaseYet

    var description: String {
        switch self {
        case .notInDatabaseYet:
            "this page is not served from the server's database yet (issue 38)"
        }
    }

    var status: HTTPResponse.Status { .notImplemented }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        if request.uri.path.hasPrefix("/api/") { return ServerResponse.apiError(status, description) }
        let page = PageLayout.page(title: "Not available yet", user: nil, body: PageLayout.errors([description]))
        return ServerResponse.html(page, status: status)
    }
}

/// A query string's values by name (the last of a name given twice).
struct QueryFields {
    private let values: [String: String]

    init(_ request: Request) {
        values = Dictionary(
            FormEncoding.fields(request.uri.query ?? "").map { ($0.name, $0.value) }, uniquingKeysWith: { $1 })
    }

    init(form body: String) {
        values = Dictionary(FormEncoding.fields(body).map { ($0.name, $0.value) }, uniquingKeysWith: { $1 })
    }

    /// The value, nil when absent or empty.
    subscript(name: String) -> String? {
        values[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The value as typed, "" when absent.
    func text(_ name: String) -> String { values[name] ?? "" }
}
