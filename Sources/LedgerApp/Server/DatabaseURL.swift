import LedgerStore

/// Where `ledger serve --database` keeps the users' books: a PostgreSQL URL,
/// `postgres://USER@HOST[:PORT]/DB` over TCP or `postgres://USER@/DB?host=/SOCKET/DIR` over the
/// server's Unix socket in that directory (libpq's forms), with TLS asked for by libpq's
/// `sslmode=` and `sslrootcert=` (`…?sslmode=verify-full&sslrootcert=/etc/ledger/db-ca.pem`),
/// and a client certificate by `sslcert=` and `sslkey=` (given together).
/// The password never comes from the command line (``DatabaseConfig`` says where it does come
/// from).
public struct DatabaseURL: Sendable, Equatable {
    public var user: String
    public var password: String?
    /// The TCP host, nil for the Unix socket in ``socketDirectory``.
    public var host: String?
    public var port: Int
    public var socketDirectory: String?
    public var database: String
    /// libpq's `sslmode` (``sslModes``), nil when not given: no TLS.
    public var sslMode: String?
    /// The certificate of the authority that signed the server's (`sslrootcert`), for
    /// `verify-ca` and `verify-full`.
    public var sslRootCert: String?
    /// The client's certificate and its key (`sslcert`, `sslkey`), for a server whose
    /// pg_hba.conf asks for one (`clientcert=verify-full`).
    public var sslCert: String?
    public var sslKey: String?
    /// The most connections a server opens to the database for the users' books
    /// (`--database-connections`, the config file's `"database_connections"`).
    public var connections = DatabaseURL.defaultConnections

    /// ``connections`` when not given, and the numbers taken.
    public static let defaultConnections = BooksDatabaseConnections.standard
    public static let connectionRange = BooksDatabaseConnections.range

    /// The `sslmode` values taken: libpq's, but `allow` and `prefer`, which fall back to no TLS
    /// without saying so.
    public static let sslModes = ["disable", "require", "verify-ca", "verify-full"]

    /// The socket file in ``socketDirectory`` (`DIR/.s.PGSQL.PORT`), nil over TCP.
    public var socketPath: String? { socketDirectory.map { "\($0)/.s.PGSQL.\(port)" } }

    /// Reads `text`; `passwordAllowed` false (the command line) refuses a password in it.
    /// A refusal quotes `text` with its password left out.
    public init(_ given: String, passwordAllowed: Bool) throws(DatabaseURLError) {
        let text = Self.withoutPassword(given)
        let scheme = ["postgres://", "postgresql://"].first { given.hasPrefix($0) }
        guard let scheme else { throw .notPostgres(text) }
        let rest = given.dropFirst(scheme.count)
        guard let at = rest.firstIndex(of: "@") else { throw .noUser(text) }
        let credentials = rest[..<at].split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard let name = credentials.first, !name.isEmpty else { throw .noUser(text) }
        if credentials.count == 2, !passwordAllowed { throw .passwordOnCommandLine }
        user = String(name)
        password = credentials.count == 2 ? String(credentials[1]) : nil
        let afterUser = rest[rest.index(after: at)...]
        let (address, query) = Self.split(afterUser, at: "?")
        let (hostPort, path) = Self.split(address, at: "/")
        guard let path, !path.isEmpty, !path.contains("/") else { throw .noDatabase(text) }
        database = String(path)
        let (hostText, portText) = Self.split(hostPort, at: ":")
        port = 5432
        if let portText {
            guard let number = Int(portText), (1...65_535).contains(number) else { throw .notAPort(String(portText)) }
            port = number
        }
        let parameters = try Self.parameters(query)
        socketDirectory = parameters["host"]
        sslMode = parameters["sslmode"]
        sslRootCert = parameters["sslrootcert"]
        sslCert = parameters["sslcert"]
        sslKey = parameters["sslkey"]
        guard (sslCert == nil) == (sslKey == nil) else { throw .certWithoutKey }
        host = hostText.isEmpty ? nil : String(hostText)
        guard (host == nil) != (socketDirectory == nil) else { throw .noHost(text) }
    }

    /// The query's `host=/DIR`, `sslmode=MODE`, `sslrootcert=/PATH`, `sslcert=/PATH` and
    /// `sslkey=/PATH`, joined by `&`.
    private static func parameters(_ query: Substring?) throws(DatabaseURLError) -> [String: String] {
        guard let query else { return [:] }
        var found: [String: String] = [:]
        for parameter in query.split(separator: "&", omittingEmptySubsequences: false) {
            let (name, value) = split(parameter, at: "=")
            let known = Self.parameterNames.contains(String(name)) && found[String(name)] == nil
            guard known, let value, name == "sslmode" || value.hasPrefix("/") else {
                throw .unknownParameter(String(parameter))
            }
            guard name != "sslmode" || sslModes.contains(String(value)) else { throw .notAnSSLMode(String(value)) }
            found[String(name)] = String(value)
        }
        return found
    }

    static let parameterNames = ["host", "sslmode", "sslrootcert", "sslcert", "sslkey"]

    /// `text` with what stands between the first `:` after its `://` (or, in a text without
    /// one, its first `:`) and its last `@` shown as `***`: a malformed URL may hold a password
    /// too (`postgres:/ledger:secret@db`), and hiding the user with it is the safe side.
    static func withoutPassword(_ text: String) -> String {
        guard let at = text.lastIndex(of: "@") else { return text }
        let start = text.firstRange(of: "://").map(\.upperBound) ?? text.startIndex
        guard start < at, let colon = text[start..<at].firstIndex(of: ":") else { return text }
        return String(text[...colon]) + "***" + String(text[at...])
    }

    private static func split(_ text: Substring, at separator: Character) -> (Substring, Substring?) {
        guard let index = text.firstIndex(of: separator) else { return (text, nil) }
        return (text[..<index], text[text.index(after: index)...])
    }
}

extension DatabaseURL: CustomStringConvertible {
    /// The URL without its password, for messages and the start line.
    public var description: String {
        if let socketDirectory { return "postgres://\(user)@/\(database)?host=\(socketDirectory)" }
        return "postgres://\(user)@\(host ?? ""):\(port)/\(database)"
    }
}

/// A `--database` (or `LGR_DATABASE_URL`) that cannot be used; each says what to type instead.
public enum DatabaseURLError: UserFacingError, Equatable {
    case notPostgres(String)
    case noUser(String)
    case noDatabase(String)
    case noHost(String)
    case notAPort(String)
    case unknownParameter(String)
    case notAnSSLMode(String)
    case certWithoutKey
    case passwordOnCommandLine
    /// The same refusal of a URL given to another option (`ledger serve migrate --to`),
    /// which the message names instead of `--database`.
    indirect case option(String, DatabaseURLError)

    public var category: ErrorCategory { .usage }

    public var description: String { message(option: "--database") }

    private func message(option: String) -> String {
        let form = "e.g. postgres://ledger@db.example:5432/ledger or postgres://ledger@/ledger?host=/run/postgresql"
        return switch self {
        case .notPostgres(let text): "\(option) '\(text)' is not a PostgreSQL URL; \(form)"
        case .noUser(let text): "\(option) '\(text)' names no user; \(form)"
        case .noDatabase(let text): "\(option) '\(text)' names no database; \(form)"
        case .noHost(let text): "\(option) '\(text)' needs a host or ?host=/SOCKET/DIR, not both; \(form)"
        case .notAPort(let text): "\(option) port '\(text)' is not a port; use a number from 1 to 65535"
        case .unknownParameter(let text):
            "\(option) parameter '\(text)' is not known; the ones known are host=/SOCKET/DIR, "
                + "sslmode=MODE, sslrootcert=/PATH, sslcert=/PATH and sslkey=/PATH, each once"
        case .notAnSSLMode(let text):
            "\(option) sslmode '\(text)' is not known; use "
                + DatabaseURL.sslModes.joined(separator: ", ") + " (libpq's, without the silent fallbacks)"
        case .certWithoutKey:
            "\(option) names a client certificate without its key, or a key without its certificate; give both, "
                + "e.g. ?sslmode=verify-full&sslcert=/etc/ledger/db-client.crt&sslkey=/etc/ledger/db-client.key"
        case .passwordOnCommandLine:
            "\(option) must not hold a password (the command line is visible to every user); put it in a file "
                + "of mode 600 named by --database-password-file, or in LGR_DATABASE_PASSWORD"
        case .option(let name, let refusal): refusal.message(option: name)
        }
    }
}
