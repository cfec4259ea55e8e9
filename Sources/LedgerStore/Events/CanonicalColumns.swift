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
final class CanonicalColumns {
    /// The last two times written (an import gives its events one `recorded_at`, and
    /// neighbours often share an `occurred_at`): their RFC 3339 text is made once.
    private var occurred = CanonicalTimeText()
    private var recorded = CanonicalTimeText()

    /// A text field: its key with the comma and colon before it, its column, and whether a
    /// NULL is written as the empty text (else the field is left out).
    private typealias Field = (key: StaticString, column: Int32, required: Bool)

    /// The fields after `recorded_at`, in the canonical order (columns as in
    /// ``EventColumns/names``).
    private static let fields: [Field] = [
        (",\"account\":", 6, true),
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

    /// Appends the canonical JSON of the current row of `row` (columns in
    /// ``EventColumns/names`` order) to `out`.
    func append(_ row: SQLiteStatement, to out: inout [UInt8]) {
        Self.key("{\"version\":", &out)
        out.append(contentsOf: String(row.int(2)).utf8)
        Self.key(",\"seq\":", &out)
        out.append(contentsOf: String(row.int(0)).utf8)
        Self.text(",\"id\":", row.bytes(1), required: true, &out)
        Self.text(",\"kind\":", row.bytes(3), required: true, &out)
        Self.key(",\"occurred_at\":", &out)
        occurred.append(row.int(4), to: &out)
        Self.key(",\"recorded_at\":", &out)
        recorded.append(row.int(5), to: &out)
        for field in Self.fields {
            Self.text(field.key, row.bytes(field.column), required: field.required, &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    private static func text(
        _ key: StaticString, _ value: UnsafeBufferPointer<UInt8>?, required: Bool, _ out: inout [UInt8]
    ) {
        guard value != nil || required else { return }
        Self.key(key, &out)
        JSONWriter.appendString(utf8: value ?? UnsafeBufferPointer(start: nil, count: 0), to: &out)
    }

    private static func key(_ key: StaticString, _ out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
    }
}
