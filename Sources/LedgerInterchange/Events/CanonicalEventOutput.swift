import LedgerCore

/// The text fields of an event's canonical JSON (``EventRecordV1/appendCanonicalJSON(to:)``)
/// in their order, `id` to `fingerprint`; the times go between `kind` and `account`. A stored
/// row's columns are read in this order too (LedgerStore's `CanonicalColumns`).
public enum CanonicalField: Int, CaseIterable, Sendable {
    case id, kind, account, asset, assetClass, quantity, price, quote, total
    case counterAsset, counterClass, counterQuantity, toAccount, incomeKind, splitRatio
    case voidTarget, reason, linkWithdrawal, linkDeposit, txHash, address
    case fee, feeAsset, feeClass, note, source, batch, fingerprint

    /// Always written, as the empty text when there is none (a NULL column is read so).
    public var isRequired: Bool {
        switch self {
        case .id, .kind, .account, .note, .source: true
        default: false
        }
    }

    /// Its key with the comma and colon before it and the value's opening quote.
    public var key: StaticString {
        switch self {
        case .id: ",\"id\":\""
        case .kind: ",\"kind\":\""
        case .account: ",\"account\":\""
        case .asset: ",\"asset\":\""
        case .assetClass: ",\"asset_class\":\""
        case .quantity: ",\"quantity\":\""
        case .price: ",\"price\":\""
        case .quote: ",\"quote\":\""
        case .total: ",\"total\":\""
        case .counterAsset: ",\"counter_asset\":\""
        case .counterClass: ",\"counter_class\":\""
        case .counterQuantity: ",\"counter_quantity\":\""
        case .toAccount: ",\"to_account\":\""
        case .incomeKind: ",\"income_kind\":\""
        case .splitRatio: ",\"split_ratio\":\""
        case .voidTarget: ",\"void_target\":\""
        case .reason: ",\"reason\":\""
        case .linkWithdrawal: ",\"link_withdrawal\":\""
        case .linkDeposit: ",\"link_deposit\":\""
        case .txHash: ",\"tx_hash\":\""
        case .address: ",\"address\":\""
        case .fee: ",\"fee\":\""
        case .feeAsset: ",\"fee_asset\":\""
        case .feeClass: ",\"fee_class\":\""
        case .note: ",\"note\":\""
        case .source: ",\"source\":\""
        case .batch: ",\"batch\":\""
        case .fingerprint: ",\"fingerprint\":\""
        }
    }
}

/// What ``CanonicalEventJSON`` hands an event's fields to, in the canonical order: the JSON
/// writer (``CanonicalJSONOutput``) or the comparison with a stored row's columns
/// (``CanonicalEventMatch``).
protocol CanonicalEventOutput {
    /// `version` and `seq`, first.
    mutating func header(version: Int64, sequence: Int64)
    /// `occurred_at` and `recorded_at` (seconds), between `kind` and `account`; `encoder`
    /// keeps their last texts.
    mutating func times(occurred: Int64, recorded: Int64, _ encoder: inout CanonicalEventJSON)
    /// A text field's UTF-8 bytes (escaped when written).
    mutating func text(_ field: CanonicalField, _ bytes: UnsafeBufferPointer<UInt8>)
    /// An id field (its 26 digits need no escaping).
    mutating func id(_ field: CanonicalField, _ value: EventID)
    /// A decimal field (its digits, sign and point, or `overflow`: no escaping).
    mutating func decimal(_ field: CanonicalField, _ value: ExactDecimal)
    /// The last field was given.
    mutating func end()
}

/// The canonical JSON written through a cursor with room enough
/// (``CanonicalEventJSON/bound(textBytes:)``).
struct CanonicalJSONOutput: CanonicalEventOutput {
    var cursor: ByteCursor

    mutating func header(version: Int64, sequence: Int64) {
        cursor.append("{\"version\":")
        EventRecordV1.integer(version, &cursor)
        cursor.append(",\"seq\":")
        EventRecordV1.integer(sequence, &cursor)
    }

    mutating func times(occurred: Int64, recorded: Int64, _ encoder: inout CanonicalEventJSON) {
        cursor.append(",\"occurred_at\":")
        encoder.timeText(occurred: occurred).withUnsafeBufferPointer { cursor.append($0) }
        cursor.append(",\"recorded_at\":")
        encoder.timeText(recorded: recorded).withUnsafeBufferPointer { cursor.append($0) }
    }

    /// The key ends with the value's opening quote (one piece less to append for each field).
    mutating func text(_ field: CanonicalField, _ bytes: UnsafeBufferPointer<UInt8>) {
        cursor.append(field.key)
        guard JSONWriter.needsEscaping(bytes) else {
            cursor.append(bytes)
            cursor.append(UInt8(ascii: "\""))
            return
        }
        // The escaped string, with its own quotes.
        cursor.removeLast(1)
        JSONWriter.appendString(utf8: bytes, to: &cursor)
    }

    /// No string is made.
    mutating func id(_ field: CanonicalField, _ value: EventID) {
        cursor.append(field.key)
        value.write(textTo: &cursor)
        cursor.append(UInt8(ascii: "\""))
    }

    mutating func decimal(_ field: CanonicalField, _ value: ExactDecimal) {
        cursor.append(field.key)
        value.write(formattedTo: &cursor)
        cursor.append(UInt8(ascii: "\""))
    }

    mutating func end() {
        cursor.append(UInt8(ascii: "}"))
    }
}
