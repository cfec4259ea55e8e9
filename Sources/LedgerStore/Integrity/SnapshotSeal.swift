import LedgerCore
import LedgerInterchange

/// The MAC that binds a snapshot row to its bytes: HMAC-SHA256, under the user's key (in the
/// ``StateDirectory``), of the row's key, sequence, chain head, last occurred-at, price
/// counter and whether it read prices, then its sealed prefix (``SnapshotFrame``: the header,
/// whose SHA-256 of each part binds the lots, and the summary). The head binds it to the
/// chain (the store checks that the event at its sequence has that hash); the MAC makes a row
/// changed with plain SQL, or copied from another ledger, fail the check: it is discarded and
/// the report replays. Without a key (no state directory) the MAC's key is empty: it still
/// catches a damaged row, but anyone can recompute it.
enum SnapshotSeal {
    static func mac(_ record: SnapshotRecord, prefix: [UInt8], key: [UInt8]) -> [UInt8] {
        var hmac = HMACSHA256(key: key)
        let fields = [
            record.key, String(record.sequence), record.head, String(record.lastOccurred.secondsSinceEpoch),
            String(record.pricesVersion), record.usesPrices ? "1" : "0",
        ]
        hmac.update(data: Array((fields.joined(separator: "\n") + "\n").utf8))
        hmac.update(data: prefix)
        return hmac.finalize()
    }

    static func isSealed(_ record: SnapshotRecord, prefix: [UInt8], mac: [UInt8]?, key: [UInt8]) -> Bool {
        guard let mac else { return false }
        let expected = Self.mac(record, prefix: prefix, key: key)
        // Constant time: the comparison does not say how many leading bytes matched.
        return mac.count == expected.count && zip(mac, expected).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
