#if PostgreSQL
import LedgerStore
import Logging
import NIOCore
import NIOPosix
import PostgresNIO
import Synchronization

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

    public init(endpoint: Endpoint, user: String, password: String? = nil, database: String) {
        self.endpoint = endpoint
        self.user = user
        self.password = password
        self.database = database
    }

    func configuration(_ limits: PostgresLimits) -> PostgresConnection.Configuration {
        var configuration =
            switch endpoint {
            case .tcp(let host, let port):
                PostgresConnection.Configuration(
                    host: host, port: port, username: user, password: password, database: database, tls: .disable)
            case .socket(let path):
                PostgresConnection.Configuration(
                    unixSocketPath: path, username: user, password: password, database: database)
            }
        configuration.options.connectTimeout = limits.connect
        // The server cancels a statement (a lock wait included) past the bound by itself.
        configuration.options.additionalStartupParameters = [
            ("statement_timeout", "\(limits.statement.nanoseconds / 1_000_000)")
        ]
        return configuration
    }
}

/// How long a session waits: for the connection, and for each statement's answer. Every wait
/// of the bridge is bounded, so a server that stops answering fails the call instead of
/// holding its thread (a hung test, a hung request). The server is told the statement bound
/// too (`statement_timeout`); the client waits a little longer, then closes the connection.
public struct PostgresLimits: Sendable, Equatable {
    public var connect: TimeAmount
    public var statement: TimeAmount

    public init(connect: TimeAmount = .seconds(10), statement: TimeAmount = .seconds(30)) {
        self.connect = connect
        self.statement = statement
    }

    /// The client's own bound on one answer: the server's, plus time for its refusal to arrive.
    var answer: TimeAmount { statement + .seconds(2) }
}

/// One PostgreSQL connection for synchronous code: the bounded bridge of docs/ARCHITECTURE.md
/// ("Synchronous stores on PostgreSQL"). Each call sends its query on the connection's event
/// loop and blocks the calling thread until the answer is whole, so the store protocols stay
/// synchronous. Never call it on an event loop thread (NIO's `wait()` traps there): the server
/// calls the stores from its blocking pool, whose size bounds the threads waiting here.
///
/// Like a SQLite `Ledger`, a session is one connection used by one thread at a time; a
/// transaction is the session's (``transaction(_:)``), so what a store reads inside one (an
/// append's check) sees the transaction's own state.
public final class PostgresSession: @unchecked Sendable {
    /// The connection and its logger, for async callers in this package (`ledger-pg-bench`).
    package let connection: PostgresConnection
    package let logger: Logger
    public let limits: PostgresLimits
    private var transactionDepth = 0
    /// How many statements this session has sent. A value read by one statement is what this
    /// session would read again while the count has not moved (``PostgresLedger``'s glance).
    package private(set) var statementsSent = 0
    /// The user the session's `ledger.user` names (``PostgresLedger/claim(_:userID:)``), nil
    /// when not known (none yet, or a transaction that may have set it rolled back).
    package var claimedUser: Int64?

    private init(connection: PostgresConnection, logger: Logger, limits: PostgresLimits) {
        self.connection = connection
        self.logger = logger
        self.limits = limits
    }

    /// Connects within `limits.connect`, or throws ``StoreError/cannotConnect(url:_:)`` saying
    /// what failed (no socket, refused, no answer, the role, the password, the database).
    public static func connect(_ location: PostgresLocation, limits: PostgresLimits = PostgresLimits()) throws
        -> PostgresSession
    {
        let logger = Logger(label: "ledger.postgres")
        do {
            // postgres-nio fails the connect itself at `connectTimeout` (TCP and handshake).
            let connection = try PostgresConnection.connect(
                on: MultiThreadedEventLoopGroup.singleton.next(), configuration: location.configuration(limits),
                id: 1, logger: logger
            ).wait()
            return PostgresSession(connection: connection, logger: logger, limits: limits)
        } catch {
            let seconds = Int(limits.connect.nanoseconds / 1_000_000_000)
            throw StoreError.cannotConnect(
                url: location.description, PostgresConnectFailure.classify(error, location, seconds: seconds))
        }
    }

    deinit {
        // Not awaited: a deinit may run on an event loop thread. The callback holds the
        // connection until it is closed (postgres-nio asserts that it is when it goes).
        let connection = connection
        connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
    }

    /// False once the connection is closed (by ``close()``, by the server, or by a bound that
    /// expired): such a session is not handed out again.
    public var isOpen: Bool { !connection.isClosed }

    /// Closes the connection (an open transaction is rolled back by the server).
    public func close() {
        _ = try? bounded(connection.close())
    }

    /// Runs `sql` with `binds` ($1, $2, …) and returns every row, or throws
    /// ``StoreError/database(_:)`` (the server's refusal, or no answer within `limits`).
    @discardableResult
    func rows(_ sql: String, _ binds: PostgresBindings = PostgresBindings()) throws -> [PostgresRow] {
        try run(PostgresQuery(unsafeSQL: sql, binds: binds))
    }

    /// Runs `query` (its interpolated values sent as binds) and returns every row, as
    /// ``rows(_:_:)``.
    @discardableResult
    func run(_ query: PostgresQuery) throws -> [PostgresRow] {
        statementsSent += 1
        do {
            return try bounded(connection.query(query, logger: logger)).rows
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.database(PostgresFailure.detail(error))
        }
    }

    /// Waits for `future` at most `limits.answer`. Past it the connection is closed, which
    /// fails what it was doing (and every later call on this session): the thread is free.
    private func bounded<T: Sendable>(_ future: EventLoopFuture<T>) throws -> T {
        let expired = Expired()
        let timer = connection.eventLoop.scheduleTask(in: limits.answer) { [connection] in
            expired.flag.store(true, ordering: .relaxed)
            let _: EventLoopFuture<Void> = connection.close()
        }
        defer { timer.cancel() }
        do {
            return try future.wait()
        } catch {
            guard expired.flag.load(ordering: .relaxed) else { throw error }
            throw StoreError.database(
                "no answer from the server within \(limits.answer.nanoseconds / 1_000_000_000) s; the connection is closed"
            )
        }
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

/// Set by a session's timer when an answer did not come in time.
private final class Expired: Sendable {
    let flag = Atomic<Bool>(false)
}

/// What a PostgreSQL failure says: the server's message and SQLSTATE, or the client's code.
enum PostgresFailure {
    static func detail(_ error: any Error) -> String {
        guard let error = error as? PSQLError else { return "\(error)" }
        if let info = error.serverInfo, let message = info[.message] {
            let state = info[.sqlState].map { " (SQLSTATE \($0))" } ?? ""
            return message + state
        }
        return "\(error.code)"
    }
}
#endif
