import CLibPQ
import Glibc
import LedgerStore

/// Where a PostgreSQL server is and who connects: a TCP host and port or a Unix socket.
/// The password comes from a file or the environment, never the command line (issue 38).
public struct PostgresLocation: Sendable, Equatable {
    public enum Endpoint: Sendable, Equatable {
        case tcp(host: String, port: Int)
        /// The socket file itself (`DIR/.s.PGSQL.5432`).
        case socket(path: String)
    }

    public var endpoint: Endpoint
    public var user: String
    public var password: String?
    public var database: String
    /// libpq's `sslmode` (`require`, `verify-ca`, `verify-full`), nil for none: no TLS.
    public var sslMode: String?
    /// The authority's certificate the server's is checked against (`sslrootcert`).
    public var sslRootCert: String?
    /// The client's certificate and its key (`sslcert`, `sslkey`), for a server that asks for
    /// one (`clientcert=verify-full` in its pg_hba.conf).
    public var sslCert: String?
    public var sslKey: String?

    public init(
        endpoint: Endpoint, user: String, password: String? = nil, database: String, sslMode: String? = nil,
        sslRootCert: String? = nil, sslCert: String? = nil, sslKey: String? = nil
    ) {
        self.endpoint = endpoint
        self.user = user
        self.password = password
        self.database = database
        self.sslMode = sslMode
        self.sslRootCert = sslRootCert
        self.sslCert = sslCert
        self.sslKey = sslKey
    }

    /// libpq's connection keywords and values: the socket's directory and port, or the host
    /// and port; TLS as the URL's `sslmode` asks (none when it does not: `disable`, never
    /// libpq's silent `prefer`) and no GSSAPI encryption; text in UTF-8; the statement bound
    /// told to the server (`statement_timeout`).
    func parameters(_ limits: PostgresLimits) -> [(String, String)] {
        var parameters: [(String, String)]
        switch endpoint {
        case .tcp(let host, let port): parameters = [("host", host), ("port", String(port))]
        case .socket(let path):
            let (directory, port) = Self.socketParts(path)
            parameters = [("host", directory), ("port", port)]
        }
        parameters += [("user", user), ("dbname", database)]
        if let password { parameters.append(("password", password)) }
        for (keyword, value) in [("sslrootcert", sslRootCert), ("sslcert", sslCert), ("sslkey", sslKey)] {
            if let value { parameters.append((keyword, value)) }
        }
        return parameters + [
            ("sslmode", sslMode ?? "disable"), ("gssencmode", "disable"), ("client_encoding", "UTF8"),
            ("application_name", "ledger-serve"),
            // The server cancels a statement (a lock wait included) past the bound by itself.
            ("options", "-c statement_timeout=\(limits.statement.milliseconds)"),
        ]
    }

    /// `DIR/.s.PGSQL.PORT` as libpq takes it: the directory and the port (5432 for a path of
    /// another form, whose directory is then the path itself).
    static func socketParts(_ path: String) -> (directory: String, port: String) {
        guard let slash = path.lastIndex(of: "/"), path[slash...].hasPrefix("/.s.PGSQL.") else {
            return (path, "5432")
        }
        return (String(path[..<slash]), String(path[slash...].dropFirst("/.s.PGSQL.".count)))
    }
}

/// How long a session waits: for the connection, and for each statement's answer. Every wait
/// of a session is bounded, so a server that stops answering fails the call instead of
/// holding its thread (a hung test, a hung request). The server is told the statement bound
/// too (`statement_timeout`); the client waits a little longer, then closes the connection.
public struct PostgresLimits: Sendable, Equatable {
    public var connect: Duration
    public var statement: Duration

    public init(connect: Duration = .seconds(10), statement: Duration = .seconds(30)) {
        self.connect = connect
        self.statement = statement
    }

    /// The client's own bound on one answer: the server's, plus time for its refusal to arrive.
    var answer: Duration { statement + .seconds(2) }
}

extension Duration {
    /// The whole milliseconds, for libpq's and poll()'s bounds.
    var milliseconds: Int {
        Int(components.seconds) * 1000 + Int(components.attoseconds / 1_000_000_000_000_000)
    }
}

/// One PostgreSQL connection for synchronous code: libpq's, whose calls block the calling
/// thread (docs/ARCHITECTURE.md, "Synchronous stores on PostgreSQL"). Each statement is sent
/// and its answer awaited with poll() on the connection's socket, never longer than
/// `limits.answer`, so the store protocols stay synchronous. The server calls the stores from
/// its blocking pool, whose size bounds the threads waiting here.
///
/// Like a SQLite `Ledger`, a session is one connection used by one thread at a time; a
/// transaction is the session's (``transaction(_:)``), so what a store reads inside one (an
/// append's check) sees the transaction's own state.
public final class PostgresSession: @unchecked Sendable {
    /// libpq's connection, nil once closed.
    private var connection: OpaquePointer?
    public let limits: PostgresLimits
    private var transactionDepth = 0
    /// How many statements this session has sent. A value read by one statement is what this
    /// session would read again while the count has not moved (``PostgresLedger``'s glance).
    package private(set) var statementsSent = 0
    /// The user the session's `ledger.user` names (``PostgresLedger/claim(_:userID:)``), nil
    /// when not known (none yet, or a transaction that may have set it rolled back).
    package var claimedUser: Int64?

    private init(connection: OpaquePointer, limits: PostgresLimits) {
        self.connection = connection
        self.limits = limits
    }

    /// Connects within `limits.connect`, or throws ``StoreError/cannotConnect(url:_:)`` saying
    /// what failed (no libpq, no socket, refused, no answer, the role, the password, the
    /// database).
    public static func connect(_ location: PostgresLocation, limits: PostgresLimits = PostgresLimits()) throws
        -> PostgresSession
    {
        let refusal = { StoreError.cannotConnect(url: location.description, $0) }
        if let missing = LibPQ.missing { throw refusal(missing) }
        let parameters = location.parameters(limits)
        var timedOut: Int32 = 0
        let made = withCStrings(parameters.map(\.0)) { keywords in
            withCStrings(parameters.map(\.1)) { values in
                ledger_pq_connect(keywords, values, Int32(limits.connect.milliseconds), &timedOut)
            }
        }
        guard let made else { throw refusal(.other("out of memory")) }
        guard ledger_pq_ok(made) != 0 else {
            let message = String(cString: ledger_pq_error(made))
            ledger_pq_finish(made)
            let seconds = Int(limits.connect.components.seconds)
            throw refusal(PostgresConnectFailure.classify(message, timedOut: timedOut != 0, location, seconds: seconds))
        }
        return PostgresSession(connection: made, limits: limits)
    }

    deinit { close() }

    /// False once the connection is closed (by ``close()``, by the server, or by a bound that
    /// expired): such a session is not handed out again.
    public var isOpen: Bool { connection.map { ledger_pq_ok($0) != 0 } ?? false }

    /// Closes the connection (an open transaction is rolled back by the server).
    public func close() {
        guard let connection else { return }
        ledger_pq_finish(connection)
        self.connection = nil
    }

    /// Runs `sql` with `binds` ($1, $2, …) and returns every row, or throws
    /// ``StoreError/database(_:)`` (the server's refusal, or no answer within `limits`: the
    /// connection is then closed, which fails every later call on this session).
    @discardableResult
    func rows(_ sql: String, _ binds: PostgresBindings = PostgresBindings()) throws -> [PostgresRow] {
        statementsSent += 1
        guard let connection, ledger_pq_ok(connection) != 0 else {
            throw StoreError.database("the connection to the server is closed")
        }
        var answer: OpaquePointer?
        let outcome = binds.withParameters { types, values, lengths, formats in
            ledger_pq_run(
                connection, sql, Int32(binds.count), types, values, lengths, formats,
                Int32(limits.answer.milliseconds), &answer)
        }
        guard outcome == 0, let answer else {
            let reason =
                outcome == 1
                ? "no answer from the server within \(limits.answer.components.seconds) s; the connection is closed"
                : PostgresFailure.trimmed(String(cString: ledger_pq_error(connection)))
            close()
            throw StoreError.database(reason)
        }
        let result = PostgresResult(answer)
        guard ledger_pq_succeeded(answer) != 0 else { throw StoreError.database(PostgresFailure.detail(result)) }
        return result.rows
    }

    /// Runs `query` (its interpolated values sent as binds) and returns every row, as
    /// ``rows(_:_:)``.
    @discardableResult
    func run(_ query: PostgresQuery) throws -> [PostgresRow] {
        try rows(query.sql, query.binds)
    }

    /// Runs `body` in one transaction (`BEGIN` … `COMMIT`, `ROLLBACK` when it throws). Nested
    /// calls join the outer transaction.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try transaction(begin: "BEGIN", body)
    }

    /// Runs `body` in one read-only transaction that sees one snapshot of the database for all
    /// its statements (`REPEATABLE READ`): a replay and the head it reports agree, whatever
    /// other servers commit meanwhile. Inside another transaction it joins that one.
    public func readTransaction<T>(_ body: () throws -> T) throws -> T {
        try transaction(begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", body)
    }

    private func transaction<T>(begin: String, _ body: () throws -> T) throws -> T {
        transactionDepth += 1
        defer { transactionDepth -= 1 }
        guard transactionDepth == 1 else { return try body() }
        try rows(begin)
        do {
            let result = try body()
            try rows("COMMIT")
            return result
        } catch {
            _ = try? rows("ROLLBACK")
            claimedUser = nil // a claim made inside is undone
            throw error
        }
    }

    /// Runs one statement as written (for tests and administration: a trigger's refusal is
    /// seen this way).
    public func execute(_ sql: String) throws {
        try rows(sql)
    }
}

extension PostgresLocation: CustomStringConvertible {
    /// `postgres://user@host:port/db` or `postgres://user@/db?host=DIR` (with `:PORT` after
    /// the `@` when the socket's port is not 5432), as `--database` takes it: never the password.
    public var description: String {
        switch endpoint {
        case .tcp(let host, let port): return "postgres://\(user)@\(host):\(port)/\(database)"
        case .socket(let path):
            guard let slash = path.lastIndex(of: "/"), path[slash...].hasPrefix("/.s.PGSQL.") else {
                return "postgres://\(user)@/\(database)?host=\(path)"
            }
            let port = path[slash...].dropFirst("/.s.PGSQL.".count)
            return "postgres://\(user)@\(port == "5432" ? "" : ":" + port)/\(database)?host=\(path[..<slash])"
        }
    }
}

/// What a PostgreSQL failure says: the server's message and SQLSTATE, or libpq's own message.
enum PostgresFailure {
    static func detail(_ result: PostgresResult) -> String {
        if let message = ledger_pq_field(result.handle, Int32(UInt8(ascii: "M"))) {
            let state = ledger_pq_field(result.handle, Int32(UInt8(ascii: "C"))).map {
                " (SQLSTATE \(String(cString: $0)))"
            }
            return String(cString: message) + (state ?? "")
        }
        return trimmed(String(cString: ledger_pq_message(result.handle)))
    }

    /// libpq's message on one line: its lines joined, the trailing newline gone.
    static func trimmed(_ message: String) -> String {
        message.split(whereSeparator: \.isNewline).map { $0.trimmingPrefix(while: \.isWhitespace) }
            .joined(separator: " ")
    }
}

/// `body` with `strings` as a NULL-terminated array of C strings.
func withCStrings<T>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T) -> T {
    var pointers = strings.map { UnsafePointer(strdup($0)) } + [nil]
    defer { for pointer in pointers { free(UnsafeMutablePointer(mutating: pointer)) } }
    return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
}
