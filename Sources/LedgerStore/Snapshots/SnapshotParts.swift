/// The lots section of a snapshot: one part per book (its lots' bytes), which a report reads
/// only when an event needs that book's lots (a sale, a split, a lot acquired before the
/// others). Held in memory (a snapshot being saved, or a store that reads the whole row), or
/// read from the store part by part, each checked against its digest in the sealed header
/// (``SnapshotFrame``).
///
/// Unchecked `Sendable`: the failure flag and count are behind a lock, and a store's `read`
/// takes the connection's own lock (``Ledger/sharingConnection(_:)``).
public final class SnapshotParts: @unchecked Sendable {
    public let count: Int
    private let read: (Int) -> [UInt8]?
    private let monitor = Monitor()
    private var failure = false
    private var reads = 0

    /// Parts held in memory.
    public convenience init(_ parts: [[UInt8]] = []) {
        self.init(count: parts.count) { parts.indices.contains($0) ? parts[$0] : nil }
    }

    /// Parts read as asked for; `read` gives nil for a part that is missing or does not match
    /// its digest.
    init(count: Int, read: @escaping (Int) -> [UInt8]?) {
        self.count = count
        self.read = read
    }

    /// The bytes of part `index`, or nil when they cannot be read, do not match their digest
    /// or are not `length` long; then ``failed`` is true and what was restored from this
    /// snapshot must not be used.
    public func bytes(_ index: Int, length: Int? = nil) -> [UInt8]? {
        var bytes = index >= 0 && index < count ? read(index) : nil
        if let length, bytes?.count != length { bytes = nil }
        monitor.locked {
            reads += 1
            if bytes == nil { failure = true }
        }
        return bytes
    }

    /// True once a part could not be read or did not match its digest.
    public var failed: Bool { monitor.locked { failure } }

    /// How many parts were asked for (a report from the summary alone asks for none).
    public var partsRead: Int { monitor.locked { reads } }

    /// Every part, or nil when one cannot be read.
    public func all() -> [[UInt8]]? {
        var parts: [[UInt8]] = []
        for index in 0..<count {
            guard let part = bytes(index) else { return nil }
            parts.append(part)
        }
        return parts
    }
}
