/// How `ledger serve` runs: where it listens, where its users' books live, and how often the
/// fetcher refreshes prices. The shell fills it from options; the server only reads it.
public struct ServerSettings: Sendable, Equatable {
    /// The address to bind (127.0.0.1 unless told otherwise: a public address belongs to the
    /// reverse proxy in front, see docs/SERVER.md).
    public var host: String
    /// The port (0: any free port, printed on start).
    public var port: Int
    /// The server's own directory: the accounts database and one ledger per user.
    public var dataDirectory: String
    /// Seconds between the fetcher's runs; nil when the fetcher is off.
    public var fetchInterval: Int?
    /// The most symbols the fetcher asks one source for in one request.
    public var batchSize: Int
    /// Whether session cookies carry `Secure` (off only for plain HTTP beyond loopback).
    public var secureCookies: Bool
    /// Timeouts, the connection cap and the upload limits.
    public var limits = ServerLimits()
    /// How many messages the social page keeps (the newest; older ones are deleted).
    public var messagesKept = MessageRules.defaultKept
    /// Who may make an account on `/signup` (`--registration`).
    public var registration = Registration.closed
    /// Where the users' books are kept when not in ledger files under ``dataDirectory``
    /// (`--database`, `LGR_DATABASE_URL`); nil: ledger files.
    public var database: DatabaseURL?

    /// `--registration`: nobody (admins add users; the default), whoever has an admin's invite
    /// link, or anyone.
    public enum Registration: String, Sendable, Equatable, CaseIterable {
        case closed, invite, open
    }

    public init(
        host: String = "127.0.0.1", port: Int = 8080, dataDirectory: String, fetchInterval: Int? = nil,
        batchSize: Int = 50, secureCookies: Bool = true
    ) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.fetchInterval = fetchInterval
        self.batchSize = batchSize
        self.secureCookies = secureCookies
    }

    /// The accounts database: users, password hashes, token hashes, sessions.
    public var accountsPath: String { dataDirectory + "/accounts.sqlite" }

    /// A user's own ledger. Names are checked before they reach a path (``UserName``).
    public func ledgerPath(forUser name: String) -> String {
        dataDirectory + "/users/" + name + "/books.ledger"
    }

    /// `$XDG_DATA_HOME/ledger/server`, else `~/.local/share/ledger/server`.
    public static func defaultDataDirectory(variables: [String: String]) -> String {
        let dataHome =
            variables["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (variables["HOME"] ?? "") + "/.local/share"
        return dataHome + "/ledger/server"
    }
}
