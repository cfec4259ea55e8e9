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
/// ``write(to:)`` writes it with no capacity check per piece: the walk writes each row once
/// into a buffer of that size (appending short pieces to an array, its checks, copies and
/// regrowth, were about a third of the walk's reading thread: docs/PERFORMANCE.md).
final class CanonicalColumns {
    /// The last two times written (an import gives its events one `recorded_at`, and
    /// neighbours often share an `occurred_at`): their RFC 3339 text is made once.
    private var occurred = CanonicalTimeText()
    private var recorded = CanonicalTimeText()

    /// A text field: its key with the comma and colon before it, its column, and whether a
    /// NULL is written as the empty text (else the field is left out).
    private typealias Field = (key: StaticString, column: Int32, required: Bool)

    /// The text fields in the canonical order (columns as in ``EventColumns/names``); the
    /// integers and times go between `kind` and `account`.
    private static let fields: [Field] = [
        (",\"id\":", 1, true), (",\"kind\":", 3, true), (",\"account\":", 6, true),
        (",\"asset\":", 7, false), (",\"asset_class\":", 8, false), (",\"quantity\":", 9, false),
        (",\"price\":", 10, false), (",\"quote\":", 11, false), (",\"total\":", 27, false),
        (",\"counter_asset\":", 12, false), (",\"counter_class\":", 13, false),
        (",\"counter_quantity\":", 14, false), (",\"to_account\":", 15, false),
        (",\"income_kind\":", 16, false), (",\"split_ratio\":", 17, false),
        (",\"void_target\":", 18, false), (",\"reason\":", 19, false),
        (",\"link_withdrawal\":", 28, false), (",\"link_deposit\":", 29, false),
        (",\"tx_hash\":", 30, false), (",\"address\":", 31, false),
        (",\"fee\":", 20, false), (",\"fee_asset\":", 21, false), (",\"fee_class\":", 22, false),
        (",\"note\":", 23, true), (",\"source\":", 24, true),
        (",\"batch\":", 25, false), (",\"fingerprint\":", 26, false),
    ]

    /// ``fields``, and the bytes of their keys and quotes with the integers', the times' keys
    /// and the braces.
    private let textFields = CanonicalColumns.fields
    private let fixedSize = 128 + CanonicalColumns.fields.reduce(0) { $0 + $1.key.utf8CodeUnitCount + 2 }
    /// The current row's texts in ``fields`` order (nil: NULL), its integers and times.
    private var texts: [UnsafeBufferPointer<UInt8>?] = Array(repeating: nil, count: CanonicalColumns.fields.count)
    private var version: Int64 = 0
    private var sequence: Int64 = 0
    private var occurredText: [UInt8] = []
    private var recordedText: [UInt8] = []
    /// Some text of the current row must be escaped.
    private var escapes = false
    /// One escaped text, made by ``JSONWriter`` (the one copy of the escaping rules).
    private var escaped: [UInt8] = []

    /// Appends the canonical JSON of the current row of `row` (columns in
    /// ``EventColumns/names`` order) to `out`.
    func append(_ row: SQLiteStatement, to out: inout [UInt8]) {
        let bound = read(row)
        let start = out.count
        out.append(contentsOf: repeatElement(0, count: bound))
        let written = out.withUnsafeMutableBufferPointer { write(to: $0.baseAddress! + start) }
        out.removeLast(bound - written)
    }

    /// Takes the current row of `row` (its bytes stay SQLite's: ``write(to:)`` before the
    /// next step) and returns how many bytes its JSON may take.
    func read(_ row: SQLiteStatement) -> Int {
        version = row.int(2)
        sequence = row.int(0)
        // The last row's times let go first, so that a new time's text is made in the same
        // buffer, not a copy of it.
        (occurredText, recordedText) = ([], [])
        occurredText = occurred.text(row.int(4))
        recordedText = recorded.text(row.int(5))
        // The loop works on locals: every read or write of a class's stored `var` is checked
        // for exclusive access at run time, which was about a tenth of the reading thread.
        var escapes = false
        var size = fixedSize + occurredText.count + recordedText.count
        let fields = textFields
        texts.withUnsafeMutableBufferPointer { texts in
            for index in fields.indices {
                let value = row.bytes(fields[index].column)
                texts[index] = value
                guard let value else { continue }
                size += value.count
                if !escapes, value.contains(where: Self.needsEscape) { escapes = true }
            }
        }
        self.escapes = escapes
        return escapes ? size * 6 : size
    }

    /// Writes the JSON of the row ``read(_:)`` took at `out`, which has room for what it
    /// returned; returns the bytes written.
    func write(to out: UnsafeMutablePointer<UInt8>) -> Int {
        var cursor = ByteCursor(at: out)
        cursor.put("{\"version\":")
        cursor.put(integer: version)
        cursor.put(",\"seq\":")
        cursor.put(integer: sequence)
        let (fields, escapes) = (textFields, self.escapes)
        texts.withUnsafeBufferPointer { texts in
            for index in fields.indices {
                if index == 2 {
                    cursor.put(",\"occurred_at\":")
                    cursor.put(occurredText)
                    cursor.put(",\"recorded_at\":")
                    cursor.put(recordedText)
                }
                guard texts[index] != nil || fields[index].required else { continue }
                cursor.put(fields[index].key)
                let value = texts[index] ?? UnsafeBufferPointer(start: nil, count: 0)
                if escapes, value.contains(where: Self.needsEscape) {
                    escaped.removeAll(keepingCapacity: true)
                    JSONWriter.appendString(utf8: value, to: &escaped)
                    cursor.put(escaped)
                } else {
                    cursor.put(UInt8(ascii: "\""))
                    cursor.put(value)
                    cursor.put(UInt8(ascii: "\""))
                }
            }
        }
        cursor.put(UInt8(ascii: "}"))
        return cursor.at - out
    }

    /// What JSON escapes in a string (``JSONWriter``'s rule).
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }
}

/// Writes bytes at a pointer with no capacity check: the caller made room for all of them.
struct ByteCursor {
    var at: UnsafeMutablePointer<UInt8>

    mutating func put(_ byte: UInt8) {
        at.pointee = byte
        at += 1
    }

    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        at.update(from: base, count: bytes.count)
        at += bytes.count
    }

    mutating func put(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { put($0) }
    }

    mutating func put(_ text: StaticString) {
        put(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// The decimal digits of `value`, as `String(value)` writes them (a short string is made
    /// without an allocation).
    mutating func put(integer value: Int64) {
        var text = String(value)
        text.withUTF8 { put($0) }
    }
}
