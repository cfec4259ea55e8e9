import ArgumentParser
import LedgerApp

/// The options of `ledger serve`, shared with the `ledger-serve` program it starts, so both
/// parse and refuse the same words.
struct ServeOptions: ParsableArguments {
    @Option(help: "The address to listen on. Keep 127.0.0.1 behind a reverse proxy.")
    var host: String = "127.0.0.1"

    @Option(help: "The port to listen on (0: any free port, printed on start).")
    var port: String = "8080"

    @Option(
        name: .customLong("data-dir"),
        help: "The server's directory: accounts and one ledger per user (default: $XDG_DATA_HOME/ledger/server).")
    var dataDirectory: String?

    @Option(
        name: .customLong("fetch-every"),
        help: "Refresh prices for every user's holdings and watchlist this often, e.g. 5m (default: off).")
    var fetchEvery: String?

    @Option(help: "The most symbols the fetcher asks a source for in one request.")
    var batch: String = "50"

    @Option(
        help: "Who may make an account on /signup: closed (admins add users), invite (with an admin's link) or open.")
    var registration: String = "closed"

    @Flag(
        name: .customLong("insecure-cookies"),
        help: "Send session cookies without Secure (only for plain HTTP beyond loopback; see docs/SERVER.md).")
    var insecureCookies = false

    @Option(
        name: .customLong("keep-messages"),
        help: "How many messages the Messages page keeps; older ones are deleted.")
    var keepMessages: String = "25"

    @Option(
        help:
            "Keep the users' books in PostgreSQL, e.g. postgres://ledger@/ledger?host=/run/postgresql; never with a password (default: $LGR_DATABASE_URL, else the config file's \"database\", else ledger files)."
    )
    var database: String?

    @Option(name: .customLong("database-password-file"), help: ArgumentHelp(ServeOptions.passwordFileHelp))
    var databasePasswordFile: String?

    @Option(
        name: .customLong("database-connections"),
        help:
            "The most connections this server opens to the database for the users' books, 1 to 1000 (default: the config file's \"database_connections\", else 32)."
    )
    var databaseConnections: String?

    /// The help of `--database-password-file`, the same for every command that takes a database.
    static let passwordFileHelp =
        "A file of mode 600 holding the database's password on its first line (default: $LGR_DATABASE_PASSWORD, the file $LGR_DATABASE_PASSWORD_FILE names, $PGPASSWORD, the config file's \"database_password_file\")."

    init() {}

    /// The settings these options give, or the one error that says what to type instead;
    /// `readFile` reads the config file (the database may be named there).
    func settings(variables: [String: String], currentDirectory: String, readFile: (String) -> [UInt8]?) throws
        -> ServerSettings
    {
        guard !host.isEmpty else { throw ServeError.emptyHost }
        guard let portNumber = Int(port), (0...65_535).contains(portNumber) else { throw ServeError.notAPort(port) }
        guard let batchSize = Int(batch), (1...250).contains(batchSize) else { throw ServeError.notABatchSize(batch) }
        guard let registration = ServerSettings.Registration(rawValue: registration) else {
            throw ServeError.notARegistration(registration)
        }
        var settings = ServerSettings(
            host: host, port: portNumber,
            dataDirectory: try Self.dataDirectory(
                dataDirectory, variables: variables, currentDirectory: currentDirectory),
            fetchInterval: try fetchEvery.map(Self.seconds), batchSize: batchSize, secureCookies: !insecureCookies)
        settings.messagesKept = try MessageRules.keepCount(keepMessages)
        settings.registration = registration
        settings.database = try Self.database(
            database, passwordFile: databasePasswordFile, connections: databaseConnections, variables: variables,
            readFile: readFile)
        return settings
    }

    /// The database `--database` (or the option `flag`, such as `--to`) names, else
    /// `LGR_DATABASE_URL`, else the config file's; its password from `passwordFile` or where
    /// LedgerApp's ``DatabaseConfig`` looks. A refusal names `flag`.
    static func database(
        _ option: String?, flag: String = "--database", passwordFile: String?, connections: String? = nil,
        variables: [String: String], readFile: (String) -> [UInt8]?
    ) throws -> DatabaseURL? {
        try DatabaseConfig.url(
            option: option, flag: flag, passwordFile: passwordFile, connections: connections, variables: variables,
            configFile: ConfigFile.read(variables: variables, readFile: readFile))
    }

    /// The server's directory `--data-dir` names (relative to the current directory, `~/`
    /// for the home directory), else the default; `ledger user …` resolves it the same way.
    static func dataDirectory(_ dataDirectory: String?, variables: [String: String], currentDirectory: String) throws
        -> String
    {
        guard let dataDirectory else { return ServerSettings.defaultDataDirectory(variables: variables) }
        guard !dataDirectory.isEmpty else { throw ServeError.emptyDataDirectory }
        if dataDirectory.hasPrefix("/") { return dataDirectory }
        if dataDirectory.hasPrefix("~/") { return (variables["HOME"] ?? "") + dataDirectory.dropFirst() }
        return currentDirectory + "/" + dataDirectory
    }

    /// `90s`, `5m`, `1h` (a bare number is seconds); at least a minute.
    static func seconds(_ text: String) throws -> Int {
        let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600]
        let unit = text.last.flatMap { units[$0] }
        let digits = unit == nil ? Substring(text) : text.dropLast()
        guard let count = Int(digits), count > 0, !digits.hasPrefix("+") else { throw ServeError.notAnInterval(text) }
        let (seconds, overflow) = count.multipliedReportingOverflow(by: unit ?? 1)
        guard !overflow else { throw ServeError.notAnInterval(text) }
        guard seconds >= 60 else { throw ServeError.intervalTooShort(text) }
        return seconds
    }
}
