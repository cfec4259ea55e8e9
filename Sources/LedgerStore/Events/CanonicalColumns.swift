import LedgerCore
import LedgerInterchange

/// The canonical encoding the hash chain covers (``EventRecordV1/appendCanonicalJSON(to:)``),
/// written straight from an `events` row's column bytes: what ``EventColumns/record(from:)``
/// reads, without making a string of each column. The chain walk's fast path
/// (``FastChainWalk``) hashes these bytes; a seeded test holds them to the record's for
/// every kind and field.
///
/// Read as the record reads them: a NULL `id`, `kind`, `account`, `note` or `source` is the
/// empty text, any other NULL column a field left out.
///
/// A row is encoded in two steps: ``read(_:)`` takes its columns and says how many bytes the
/// JSON may need (its texts counted exactly, times six when one must be escaped),
/// ``write(to:)`` writes it through LedgerCore's ``ByteCursor`` into that room: the walk writes
/// each row once into its chunk (appending short pieces to an array, its checks, copies and
/// regrowth, were about a third of the walk's reading thread: docs/PERFORMANCE.md).
///
/// A struct, kept in a local of the reading thread: a class's stored `var`s were checked for
/// exclusive access at run time on every read and write (~2 % of that thread).
struct CanonicalColumns {
    /// The last two times written (an import gives its events one `recorded_at`, and
    /// neighbours often share an `occurred_at`): their RFC 3339 text is made once.
    private var occurred = CanonicalTimeText()
    private var recorded = CanonicalTimeText()

    /// A text field: its key with the comma and colon before it and the value's opening
    /// quote, its column, and whether a NULL is written as the empty text (else the field is
    /// left out).
    private typealias Field = (key: StaticString, column: Int32, required: Bool)

    /// The text fields in the canonical order (columns as in ``EventColumns/names``); the
    /// integers and times go between `kind` and `account`.
    private static let fields: [Field] = [
        (",\"id\":\"", 1, true), (",\"kind\":\"", 3, true), (",\"account\":\"", 6, true),
        (",\"asset\":\"", 7, false), (",\"asset_class\":\"", 8, false), (",\"quantity\":\"", 9, false),
        (",\"price\":\"", 10, false), (",\"quote\":\"", 11, false), (",\"total\":\"", 27, false),
        (",\"counter_asset\":\"", 12, false), (",\"counter_class\":\"", 13, false),
        (",\"counter_quantity\":\"", 14, false), (",\"to_account\":\"", 15, false),
        (",\"income_kind\":\"", 16, false), (",\"split_ratio\":\"", 17, false),
        (",\"void_target\":\"", 18, false), (",\"reason\":\"", 19, false),
        (",\"link_withdrawal\":\"", 28, false), (",\"link_deposit\":\"", 29, false),
        (",\"tx_hash\":\"", 30, false), (",\"address\":\"", 31, false),
        (",\"fee\":\"", 20, false), (",\"fee_asset\":\"", 21, false), (",\"fee_class\":\"", 22, false),
        (",\"note\":\"", 23, true), (",\"source\":\"", 24, true),
        (",\"batch\":\"", 25, false), (",\"fingerprint\":\"", 26, false),
    ]

    /// The bytes of the fields' keys and quotes with the integers', the times' keys and the
    /// braces.
    private static let fixedSize = 128 + fields.reduce(0) { $0 + $1.key.utf8CodeUnitCount + 2 }
    /// The current row's texts in ``fields`` order (nil: NULL), its integers and times.
    private var texts: [UnsafeBufferPointer<UInt8>?] = Array(repeating: nil, count: CanonicalColumns.fields.count)
    private var version: Int64 = 0
    private var sequence: Int64 = 0
    private var occurredAt: Int64 = 0
    private var recordedAt: Int64 = 0
    /// Some text of the current row must be escaped.
    private var escapes = false
    /// One escaped text, made by ``JSONWriter`` (the one copy of the escaping rules).
    private var escaped: [UInt8] = []

    /// Appends the canonical JSON of the current row of `row` (columns in
    /// ``EventColumns/names`` order) to `out`.
    mutating func append(_ row: SQLiteStatement, to out: inout [UInt8]) {
        let bound = read(row)
        out.append(atMost: bound) { write(to: &$0) }
    }

    /// Takes the current row of `row` (its bytes stay SQLite's: ``write(to:)`` before the
    /// next step) and returns how many bytes its JSON may take.
    mutating func read(_ row: SQLiteStatement) -> Int {
        version = row.int(2)
        sequence = row.int(0)
        occurredAt = row.int(4)
        recordedAt = row.int(5)
        var escapes = false
        var size = Self.fixedSize + occurred.text(occurredAt).count + recorded.text(recordedAt).count
        let fields = Self.fields
        texts.withUnsafeMutableBufferPointer { texts in
            for index in fields.indices {
                let value = row.bytes(fields[index].column)
                texts[index] = value
                guard let value else { continue }
                size += value.count
                if !escapes, JSONWriter.needsEscaping(value) { escapes = true }
            }
        }
        self.escapes = escapes
        return escapes ? size * 6 : size
    }

    /// Writes the JSON of the row ``read(_:)`` took to `out`, which has room for what it
    /// returned.
    mutating func write(to out: inout ByteCursor) {
        out.append("{\"version\":")
        EventRecordV1.integer(version, &out)
        out.append(",\"seq\":")
        EventRecordV1.integer(sequence, &out)
        let fields = Self.fields
        for index in fields.indices {
            if index == 2 {
                out.append(",\"occurred_at\":")
                occurred.write(occurredAt, to: &out)
                out.append(",\"recorded_at\":")
                recorded.write(recordedAt, to: &out)
            }
            let text = texts[index]
            guard text != nil || fields[index].required else { continue }
            out.append(fields[index].key)
            let value = text ?? UnsafeBufferPointer(start: nil, count: 0)
            if escapes, JSONWriter.needsEscaping(value) {
                // The key wrote the opening quote.
                escaped.removeAll(keepingCapacity: true)
                JSONWriter.appendString(utf8: value, to: &escaped)
                escaped.withUnsafeBufferPointer { out.append(UnsafeBufferPointer(rebasing: $0.dropFirst())) }
            } else {
                out.append(value)
                out.append(UInt8(ascii: "\""))
            }
        }
        out.append(UInt8(ascii: "}"))
    }
}
