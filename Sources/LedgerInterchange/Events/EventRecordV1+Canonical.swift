import LedgerCore

extension EventRecordV1 {
    /// Appends ``canonicalJSON`` to `out`: the bytes ``write(to:extra:)`` gives with no extra
    /// fields, written straight into `out`.
    ///
    /// Why not through ``JSONWriter``: every event appended or verified is encoded once, and
    /// the general writer (its nesting stack, a list of the optional fields, a buffer per
    /// record) was a third of the work of encoding an imported event (docs/PERFORMANCE.md).
    /// A seeded test holds the two to the same bytes.
    public func appendCanonicalJSON(to out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        Self.key("\"version\":", &out)
        Self.integer(Int64(schemaVersion), &out)
        Self.key(",\"seq\":", &out)
        Self.integer(sequence, &out)
        Self.field(",\"id\":", id, &out)
        Self.field(",\"kind\":", kind, &out)
        Self.field(",\"occurred_at\":", Timestamp(secondsSinceEpoch: occurredAt).description, &out)
        Self.field(",\"recorded_at\":", Timestamp(secondsSinceEpoch: recordedAt).description, &out)
        Self.field(",\"account\":", account, &out)
        Self.field(",\"asset\":", asset, &out)
        Self.field(",\"asset_class\":", assetClass, &out)
        Self.field(",\"quantity\":", quantity, &out)
        Self.field(",\"price\":", price, &out)
        Self.field(",\"quote\":", quote, &out)
        Self.field(",\"total\":", total, &out)
        Self.field(",\"counter_asset\":", counterAsset, &out)
        Self.field(",\"counter_class\":", counterClass, &out)
        Self.field(",\"counter_quantity\":", counterQuantity, &out)
        Self.field(",\"to_account\":", toAccount, &out)
        Self.field(",\"income_kind\":", incomeKind, &out)
        Self.field(",\"split_ratio\":", splitRatio, &out)
        Self.field(",\"void_target\":", voidTarget, &out)
        Self.field(",\"reason\":", reason, &out)
        Self.field(",\"link_withdrawal\":", linkWithdrawal, &out)
        Self.field(",\"link_deposit\":", linkDeposit, &out)
        Self.field(",\"tx_hash\":", txHash, &out)
        Self.field(",\"address\":", address, &out)
        Self.field(",\"fee\":", fee, &out)
        Self.field(",\"fee_asset\":", feeAsset, &out)
        Self.field(",\"fee_class\":", feeClass, &out)
        Self.field(",\"note\":", note, &out)
        Self.field(",\"source\":", source, &out)
        Self.field(",\"batch\":", batch, &out)
        Self.field(",\"fingerprint\":", fingerprint, &out)
        out.append(UInt8(ascii: "}"))
    }

    /// `,"name":"value"` (the key given with its comma and colon), nothing for nil.
    private static func field(_ key: StaticString, _ value: String?, _ out: inout [UInt8]) {
        guard let value else { return }
        Self.key(key, &out)
        JSONWriter.appendString(value, to: &out)
    }

    static func key(_ key: StaticString, _ out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
    }

    /// The decimal digits of `value`, as `String(value)` writes them.
    static func integer(_ value: Int64, _ out: inout [UInt8]) {
        out.append(atMost: 20) { integer(value, &$0) }
    }

    /// ``integer(_:_:)`` through a cursor (at most 20 bytes: `Int64.min`).
    package static func integer(_ value: Int64, _ out: inout ByteCursor) {
        out.reserve(20) { start in
            let magnitude = value.magnitude
            var width = 1
            var rest = magnitude / 10
            while rest > 0 {
                width += 1
                rest /= 10
            }
            let sign = value < 0 ? 1 : 0
            if sign == 1 { start[0] = UInt8(ascii: "-") }
            rest = magnitude
            for index in stride(from: sign + width - 1, through: sign, by: -1) {
                start[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            }
            return sign + width
        }
    }
}
