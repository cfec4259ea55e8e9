import CSQLite

/// A value to bind to a statement parameter.
public enum SQLiteValue: Sendable, Equatable {
    case integer(Int64)
    case text(String)
    case blob([UInt8])
    case null

    /// `.text(value)` or `.null`.
    public static func optionalText(_ value: String?) -> SQLiteValue {
        value.map(SQLiteValue.text) ?? .null
    }
}

/// A prepared statement. Reused through the database's cache; bind, step, read columns.
public final class SQLiteStatement {
    let handle: OpaquePointer
    unowned let database: SQLiteDatabase

    init(_ handle: OpaquePointer, database: SQLiteDatabase) {
        self.handle = handle
        self.database = database
    }

    deinit { sqlite3_finalize(handle) }

    /// Ends the statement's current run (releasing its read snapshot) and clears bindings.
    public func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Binds `values` to parameters 1…n.
    public func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
            case .text(let string): code = Self.bindText(handle, index, string)
            case .blob(let bytes):
                code = bytes.withUnsafeBytes {
                    sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), sqliteTransient)
                }
            case .null: code = sqlite3_bind_null(handle, index)
            }
            guard code == SQLITE_OK else { throw SQLiteError(code: code, message: database.lastMessage) }
        }
    }

    /// Binds `string` with its byte count, so a NUL inside it (an imported ID, a note) is
    /// stored, not the C string before it.
    private static func bindText(_ handle: OpaquePointer, _ index: Int32, _ string: String) -> Int32 {
        var string = string
        return string.withUTF8 { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else {
                return sqlite3_bind_text(handle, index, "", 0, sqliteTransient)
            }
            return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                sqlite3_bind_text(handle, index, $0, Int32(bytes.count), sqliteTransient)
            }
        }
    }

    /// Advances to the next row: true when a row is ready, false when done.
    public func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = SQLiteError(
                code: sqlite3_extended_errcode(database.handle), message: database.lastMessage,
                systemErrno: sqlite3_system_errno(database.handle))
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Binds, then steps to the end (for INSERT and the like).
    public func run(_ values: [SQLiteValue]) throws(SQLiteError) {
        try bind(values)
        while try step() {}
    }

    public func int(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    public func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    /// The column's text as bytes borrowed from SQLite (valid until the next step or reset),
    /// or nil when NULL: the replay decodes from these without building strings.
    ///
    /// Read through the column's value: one call into the statement per column, not two
    /// (`sqlite3_column_text` and `_bytes` each look the column up and check the statement
    /// again: the chain walk reads 34 columns of every event). The value is "unprotected",
    /// which SQLite's documentation allows with the `sqlite3_value_*` calls in its
    /// multi-thread mode, the mode of every connection here (`SQLITE_OPEN_NOMUTEX`,
    /// ``SQLiteDatabase``).
    public func bytes(_ column: Int32) -> UnsafeBufferPointer<UInt8>? {
        guard let value = sqlite3_column_value(handle, column), let pointer = sqlite3_value_text(value) else {
            return nil
        }
        return UnsafeBufferPointer(start: pointer, count: Int(sqlite3_value_bytes(value)))
    }

    /// The column's BLOB bytes borrowed from SQLite (valid until the next step or reset), or
    /// nil when NULL or empty.
    public func borrowedBlob(_ column: Int32) -> UnsafeBufferPointer<UInt8>? {
        guard let pointer = sqlite3_column_blob(handle, column) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        return UnsafeBufferPointer(start: pointer.assumingMemoryBound(to: UInt8.self), count: count)
    }

    /// The column's bytes (a BLOB), empty when NULL.
    public func blob(_ column: Int32) -> [UInt8] {
        guard let pointer = sqlite3_column_blob(handle, column) else { return [] }
        let count = Int(sqlite3_column_bytes(handle, column))
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }

    /// The column as text, or nil when NULL.
    public func text(_ column: Int32) -> String? {
        guard let pointer = sqlite3_column_text(handle, column) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }
}

/// SQLITE_TRANSIENT: SQLite copies the bound bytes before the call returns.
let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
