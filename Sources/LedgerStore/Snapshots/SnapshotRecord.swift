import LedgerCore

/// A saved fold state and where in the log it stands.
public struct SnapshotRecord: Sendable {
    /// Which fold: booking method, pooling and currency.
    public let key: String
    /// The last event folded in and the chain head hash then.
    public let sequence: Int64
    public let head: String
    /// The latest occurred-at folded in.
    public let lastOccurred: Timestamp
    /// The price table's change counter when the state was folded, and whether the fold
    /// read prices at all (if not, price changes do not make it stale).
    public let pricesVersion: Int64
    public let usesPrices: Bool
    /// The summary: everything a holdings report needs, each book's totals included, but not
    /// the lots (``SnapshotCodec``; a store keeps any bytes given here as they are).
    public internal(set) var data: [UInt8]
    /// The lots, one part per book, read when an event needs them (``SnapshotParts``).
    public internal(set) var parts: SnapshotParts

    public init(
        key: String, sequence: Int64, head: String, lastOccurred: Timestamp, pricesVersion: Int64, usesPrices: Bool,
        data: [UInt8], parts: SnapshotParts = SnapshotParts()
    ) {
        self.key = key
        self.sequence = sequence
        self.head = head
        self.lastOccurred = lastOccurred
        self.pricesVersion = pricesVersion
        self.usesPrices = usesPrices
        self.data = data
        self.parts = parts
    }

    /// The summary and every part in one BLOB (``SnapshotFrame``), for a store that keeps the
    /// row whole (PostgreSQL); nil when a part cannot be read.
    public func framed() -> [UInt8]? {
        parts.all().map { SnapshotFrame.framed(summary: data, parts: $0) }
    }

    /// This record with the summary and parts of a BLOB ``framed()`` made; nil when the bytes
    /// are not one or a part does not match its digest.
    public func unframed(_ bytes: [UInt8]) -> SnapshotRecord? {
        guard let (summary, parts) = SnapshotFrame.unframed(bytes) else { return nil }
        var record = self
        (record.data, record.parts) = (summary, SnapshotParts(parts))
        return record
    }
}
