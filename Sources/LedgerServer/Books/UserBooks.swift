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
    var opener: LedgerOpener { LedgerOpener(locator: LedgerLocator(flag: path, context: app), context: app) }

    /// The user's directory (their ledger and kept uploads).
    var directory: String { String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]) }
    /// Where uploads are received and kept for their commit (0700, files 0600).
    var uploads: String { directory + "/uploads" }

    /// `body` with the ledger open for reading (a handle kept between requests, see
    /// ``LedgerHandles``), or with nil when the user has none yet.
    func reading<T>(_ body: (OpenLedger?) throws -> T) throws -> T {
        guard try opener.exists() else { return try body(nil) }
        let opener = opener
        let open = { try opener.open(.read(checkingAnchor: true)) }
        return try state.ledgerHandles.using(path, open: open, body)
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
