import CSQLite

/// One row's BLOB opened with SQLite's incremental BLOB I/O: read or written in pieces at any
/// offset, with no copy of the whole value (reading the column through a statement copies a
/// large value twice; an INSERT of a bound BLOB copies it into the bind and again into the
/// row's record). Only inside ``SQLiteDatabase/withBlob(table:column:rowid:writable:_:)``.
public struct SQLiteBlob {
    let pointer: OpaquePointer
    let database: SQLiteDatabase

    /// The BLOB's length in bytes.
    public var size: Int { Int(sqlite3_blob_bytes(pointer)) }

    /// `count` bytes from `offset` (SQLite follows the row's overflow pages to it).
    public func read(at offset: Int, count: Int) throws(SQLiteError) -> [UInt8] {
        guard offset >= 0, count >= 0, offset <= size - count, let start = Int32(exactly: offset) else {
            throw SQLiteError(code: SQLITE_ERROR, message: "a read past the end of a BLOB")
        }
        var status = SQLITE_OK
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            status = count == 0 ? SQLITE_OK : sqlite3_blob_read(pointer, buffer.baseAddress, Int32(count), start)
            initialized = status == SQLITE_OK ? count : 0
        }
        guard status == SQLITE_OK else { throw SQLiteError(code: status, message: database.lastMessage) }
        return bytes
    }

    /// Writes `bytes` at `offset` (the BLOB must already be that long: a row inserted with
    /// `zeroblob(n)`).
    public func write(_ bytes: [UInt8], at offset: Int) throws(SQLiteError) {
        guard let start = Int32(exactly: offset), Int32(exactly: offset + bytes.count) != nil else {
            throw SQLiteError(code: SQLITE_TOOBIG, message: "a write past what a BLOB can hold")
        }
        let status = bytes.withUnsafeBytes {
            $0.isEmpty ? SQLITE_OK : sqlite3_blob_write(pointer, $0.baseAddress, Int32($0.count), start)
        }
        guard status == SQLITE_OK else { throw SQLiteError(code: status, message: database.lastMessage) }
    }
}

extension SQLiteDatabase {
    /// Runs `body` with the BLOB in `table.column` of row `rowid` open (for writing when
    /// `writable`), and closes it after.
    public func withBlob<T>(
        table: String, column: String, rowid: Int64, writable: Bool = false, _ body: (SQLiteBlob) throws -> T
    ) throws -> T {
        var blob: OpaquePointer?
        let code = sqlite3_blob_open(handle, "main", table, column, rowid, writable ? 1 : 0, &blob)
        guard code == SQLITE_OK, let blob else { throw SQLiteError(code: code, message: lastMessage) }
        defer { sqlite3_blob_close(blob) }
        return try body(SQLiteBlob(pointer: blob, database: self))
    }
}
