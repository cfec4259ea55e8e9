import CSQLite
import Glibc

/// A failure reported by SQLite itself.
public struct SQLiteError: Error, Equatable, Sendable {
    public let code: Int32
    public let message: String
    /// The `errno` of the system call behind an I/O error (0 when none): SQLite reports a
    /// full disk met while growing the `-shm` file as a plain "disk I/O error".
    public let systemErrno: Int32

    public init(code: Int32, message: String, systemErrno: Int32 = 0) {
        self.code = code
        self.message = message
        self.systemErrno = systemErrno
    }

    /// True for SQLITE_BUSY / SQLITE_LOCKED: another process held the lock past the timeout.
    public var isBusy: Bool { code & 0xFF == SQLITE_BUSY || code & 0xFF == SQLITE_LOCKED }

    /// True when the disk (or the user's quota) is full: SQLITE_FULL, or an I/O error whose
    /// system call failed with ENOSPC or EDQUOT.
    public var isDiskFull: Bool {
        code & 0xFF == SQLITE_FULL || (code & 0xFF == SQLITE_IOERR && (systemErrno == ENOSPC || systemErrno == EDQUOT))
    }
}

/// One connection to an SQLite file: the thin layer over the C API that the store is written
/// against. Not thread-safe; one per command.
public final class SQLiteDatabase {
    let handle: OpaquePointer
    private var statements: [String: SQLiteStatement] = [:]

    /// Opens `path`; `create` allows a new file. The caller has checked what the path is.
    /// `readOnly` opens it for reading only, and takes `path` as a URI (`file:…?immutable=1`).
    public init(path: String, create: Bool, readOnly: Bool = false) throws(SQLiteError) {
        _ = Self.configured
        var pointer: OpaquePointer?
        let access =
            readOnly
            ? SQLITE_OPEN_READONLY | SQLITE_OPEN_URI : SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0)
        let flags = access | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &pointer, flags, nil)
        guard code == SQLITE_OK, let pointer else {
            let message = pointer.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            let errno = pointer.map { sqlite3_system_errno($0) } ?? 0
            if let pointer { sqlite3_close_v2(pointer) }
            throw SQLiteError(code: code, message: message, systemErrno: errno)
        }
        handle = pointer
        sqlite3_extended_result_codes(handle, 1)
    }

    /// Process-wide SQLite settings, applied once before the first connection opens.
    private static let configured: Bool = {
        ledger_sqlite3_set_statement_journal_spill(-1) == SQLITE_OK
    }()

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// The number of rows the last INSERT, UPDATE or DELETE changed.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// Runs one or more statements that return no rows.
    public func execute(_ sql: String) throws(SQLiteError) {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        guard code == SQLITE_OK else {
            let message = errorMessage.map { String(cString: $0) } ?? lastMessage
            sqlite3_free(errorMessage)
            throw SQLiteError(code: code, message: message, systemErrno: sqlite3_system_errno(handle))
        }
    }

    /// A prepared statement for `sql`, cached for the life of the connection and reset.
    public func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let cached = statements[sql] {
            cached.reset()
            return cached
        }
        var pointer: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &pointer, nil)
        guard code == SQLITE_OK, let pointer else {
            throw SQLiteError(code: code, message: lastMessage, systemErrno: sqlite3_system_errno(handle))
        }
        let statement = SQLiteStatement(pointer, database: self)
        statements[sql] = statement
        return statement
    }

    /// The single integer (or nil) that `sql` returns.
    public func scalarInt(_ sql: String, _ arguments: [SQLiteValue] = []) throws(SQLiteError) -> Int64? {
        let statement = try prepare(sql)
        // A statement left on a row keeps a read transaction open, which would later stop
        // BEGIN IMMEDIATE from waiting for the lock; reset it as soon as the value is read.
        defer { statement.reset() }
        try statement.bind(arguments)
        guard try statement.step() else { return nil }
        return statement.isNull(0) ? nil : statement.int(0)
    }

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`: the write lock is taken up front, so two
    /// writers queue on the busy timeout instead of failing mid-transaction. Any error rolls back.
    public func immediateTransaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Runs `body` in the transaction open on this connection, else in ``immediateTransaction(_:)``.
    public func writing<T>(_ body: () throws -> T) throws -> T {
        guard sqlite3_get_autocommit(handle) != 0 else { return try body() }
        return try immediateTransaction(body)
    }

    /// True when a database is attached to this connection under `name`.
    func isAttached(_ name: String) throws(SQLiteError) -> Bool {
        let statement = try prepare("PRAGMA database_list")
        defer { statement.reset() }
        while try statement.step() {
            if statement.text(1) == name { return true }
        }
        return false
    }

    /// A read transaction, so a multi-statement read sees one consistent snapshot. Inside a
    /// transaction already (a report's ``BookStores/reading(_:)``), `body` runs in that one.
    public func readTransaction<T>(_ body: () throws -> T) throws -> T {
        guard sqlite3_get_autocommit(handle) != 0 else { return try body() }
        try execute("BEGIN DEFERRED")
        defer { try? execute("COMMIT") }
        return try body()
    }

    /// A transaction is open on this connection (its snapshot, if it has read, is already taken).
    var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Runs `body` with the page cache at most `kibibytes` (`PRAGMA cache_size`: the pages
    /// beyond it are freed at once; restored after, which allocates nothing). For a write of
    /// a large BLOB, whose pages are written once, after a full replay filled the cache.
    public func withPageCache<T>(kibibytes: Int, _ body: () throws -> T) throws -> T {
        let before = try scalarInt("PRAGMA cache_size") ?? -2000
        try execute("PRAGMA cache_size=-\(kibibytes)")
        defer { try? execute("PRAGMA cache_size=\(before)") }
        return try body()
    }

    /// Waits up to `milliseconds` for another process's lock before failing with SQLITE_BUSY.
    public func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(handle, milliseconds)
    }

    var lastMessage: String { String(cString: sqlite3_errmsg(handle)) }
}
