import LedgerCore

/// The flat, versioned form of an event: one optional text column per field, numbers as exact
/// decimal strings. The store's columns, the canonical (hashed) encoding and the JSON export
/// are all this record, so they cannot drift apart. The domain's `LedgerEvent` never encodes
/// itself; it goes through ``init(_:)`` and ``event()``.
///
/// One type holds every record version: version 2 is version 1 plus the optional `total` of a
/// buy or sell, version 3 the `total` of an income, version 4 the `link` kind with
/// `link_withdrawal` and `link_deposit`, version 5 a deposit's or withdrawal's `tx_hash` and
/// `address`. A
/// version-1 record has none of these, so its fields, columns and canonical bytes are exactly
/// what they were before version 2 existed (docs/EVENTS.md).
public struct EventRecordV1: Hashable, Sendable {
    public var sequence: Int64
    public var id: String
    public var schemaVersion: Int
    public var kind: String
    /// Seconds since 1970-01-01T00:00:00Z.
    public var occurredAt: Int64
    public var recordedAt: Int64
    public var account: String
    public var asset: String?
    public var assetClass: String?
    public var quantity: String?
    public var price: String?
    public var quote: String?
    /// The total a buy or sell was given for (version 2); `price` is then derived from it.
    public var total: String?
    public var counterAsset: String?
    public var counterClass: String?
    public var counterQuantity: String?
    public var toAccount: String?
    public var incomeKind: String?
    public var splitRatio: String?
    public var voidTarget: String?
    /// A void's reason, or the rule a transfer link was made by.
    public var reason: String?
    /// A transfer link's withdrawal and deposit (version 4).
    public var linkWithdrawal: String?
    public var linkDeposit: String?
    /// A deposit's or withdrawal's transaction hash and address (version 5).
    public var txHash: String?
    public var address: String?
    public var fee: String?
    public var feeAsset: String?
    public var feeClass: String?
    public var note: String
    /// `manual` or `import`.
    public var source: String
    public var batch: String?
    public var fingerprint: String?

    public init(
        sequence: Int64, id: String, schemaVersion: Int, kind: String, occurredAt: Int64,
        recordedAt: Int64, account: String, note: String = "", source: String = "manual"
    ) {
        self.sequence = sequence
        self.id = id
        self.schemaVersion = schemaVersion
        self.kind = kind
        self.occurredAt = occurredAt
        self.recordedAt = recordedAt
        self.account = account
        self.note = note
        self.source = source
    }

    /// The canonical encoding that the hash chain signs: compact JSON, keys in a fixed order,
    /// absent fields left out, times as RFC 3339 UTC text. Changing this breaks every existing
    /// chain, so it is versioned with the record.
    public var canonicalJSON: String {
        String(decoding: canonicalJSONBytes, as: UTF8.self)
    }

    /// ``canonicalJSON`` as UTF-8 bytes (what the hash chain hashes).
    public var canonicalJSONBytes: [UInt8] {
        // A record is 300 to 500 bytes: room for it at once instead of growing into it.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(512)
        appendCanonicalJSON(to: &bytes)
        return bytes
    }

    /// Writes the record as one JSON object (the export and the canonical form share this);
    /// `extra` fields (not part of the record, e.g. `voided_by`) go last.
    public func write(to writer: inout JSONWriter, extra: [(String, String)] = []) {
        writer.beginObject()
        writer.field("version", Int64(schemaVersion))
        writer.field("seq", sequence)
        writer.field("id", id)
        writer.field("kind", kind)
        writer.field("occurred_at", Timestamp(secondsSinceEpoch: occurredAt).description)
        writer.field("recorded_at", Timestamp(secondsSinceEpoch: recordedAt).description)
        writer.field("account", account)
        for (name, value) in optionalFields { writer.field(name, value) }
        writer.field("note", note)
        writer.field("source", source)
        writer.field("batch", batch)
        writer.field("fingerprint", fingerprint)
        for (name, value) in extra { writer.field(name, value) }
        writer.endObject()
    }

    /// The kind-specific fields in their fixed order, with their JSON names.
    public var optionalFields: [(String, String?)] {
        [
            ("asset", asset), ("asset_class", assetClass), ("quantity", quantity),
            ("price", price), ("quote", quote), ("total", total),
            ("counter_asset", counterAsset), ("counter_class", counterClass),
            ("counter_quantity", counterQuantity), ("to_account", toAccount),
            ("income_kind", incomeKind), ("split_ratio", splitRatio),
            ("void_target", voidTarget), ("reason", reason),
            ("link_withdrawal", linkWithdrawal), ("link_deposit", linkDeposit),
            ("tx_hash", txHash), ("address", address),
            ("fee", fee), ("fee_asset", feeAsset), ("fee_class", feeClass),
        ]
    }
}
