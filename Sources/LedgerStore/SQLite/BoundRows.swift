import CSQLite

/// The parameters of a multi-row statement with every text and BLOB in one buffer, bound
/// without copying (SQLITE_STATIC) while the statement runs.
///
/// Why: an append binds 29 values per event, and binding each string with SQLITE_TRANSIENT
/// made SQLite allocate and copy it (a quarter of the append's writing thread). The buffer is
/// filled on the thread that encodes the events, and the writing thread only points at it.
struct BoundRows: Sendable {
    enum Value: Sendable {
        case integer(Int64)
        case text(start: Int, count: Int)
        case blob(start: Int, count: Int)
        case null
    }

    private(set) var values: [Value] = []
    private(set) var storage: [UInt8] = []
    /// Rows added (the caller counts them: a row is however many values it adds).
    var rows = 0

    init(reservingValues values: Int = 0, bytes: Int = 0) {
        self.values.reserveCapacity(values)
        storage.reserveCapacity(bytes)
    }

    mutating func integer(_ value: Int64) {
        values.append(.integer(value))
    }

    /// A text value, or NULL for nil.
    mutating func text(_ value: String?) {
        guard let value else { return values.append(.null) }
        let start = storage.count
        storage.append(contentsOf: value.utf8)
        values.append(.text(start: start, count: storage.count - start))
    }

    mutating func null() {
        values.append(.null)
    }

    /// Sets value `index`, added before, to the text `bytes`.
    mutating func setText(at index: Int, _ bytes: [UInt8]) {
        values[index] = .text(start: storage.count, count: bytes.count)
        storage.append(contentsOf: bytes)
    }

    mutating func blob(_ bytes: [UInt8]) {
        values.append(.blob(start: storage.count, count: bytes.count))
        storage.append(contentsOf: bytes)
    }
}

extension SQLiteStatement {
    /// Binds `rows` to parameters 1…n, steps to the end and resets (so no binding outlives
    /// the buffer it points into).
    func run(_ rows: BoundRows) throws(SQLiteError) {
        let result = rows.storage.withUnsafeBytes { buffer -> SQLiteError? in
            defer { reset() }
            do throws(SQLiteError) {
                try bind(rows.values, in: buffer)
                while try step() {}
                return nil
            } catch {
                return error
            }
        }
        if let result { throw result }
    }

    private func bind(_ values: [BoundRows.Value], in buffer: UnsafeRawBufferPointer) throws(SQLiteError) {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
            case .null: code = sqlite3_bind_null(handle, index)
            case .text(let start, let count):
                // An empty text must still be text, not NULL: no pointer into an empty buffer.
                code =
                    count == 0
                    ? sqlite3_bind_text(handle, index, "", 0, sqliteTransient)
                    : sqlite3_bind_text(
                        handle, index, (buffer.baseAddress! + start).assumingMemoryBound(to: CChar.self), Int32(count),
                        sqliteStatic)
            case .blob(let start, let count):
                code =
                    count == 0
                    ? sqlite3_bind_zeroblob(handle, index, 0)
                    : sqlite3_bind_blob(handle, index, buffer.baseAddress! + start, Int32(count), sqliteStatic)
            }
            guard code == SQLITE_OK else { throw SQLiteError(code: code, message: database.lastMessage) }
        }
    }
}

/// SQLITE_STATIC: the bytes stay valid and unchanged until the statement is reset.
private let sqliteStatic = unsafeBitCast(0, to: sqlite3_destructor_type.self)
