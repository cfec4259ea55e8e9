import LedgerCore

/// A saved snapshot `verify` found a problem with.
public struct SnapshotProblem: Equatable, Sendable {
    public let key: String
    public let sequence: Int64
    public let reason: String

    package init(key: String, sequence: Int64, reason: String) {
        self.key = key
        self.sequence = sequence
        self.reason = reason
    }
}

extension LedgerSnapshots {
    /// Checks every saved snapshot's binding: the event at its sequence has its head hash, its
    /// seal (``SnapshotSeal``) matches its row and sealed prefix under this user's key, and each
    /// part (a book's lots) matches its digest. A snapshot that fails is never used (the report
    /// replays instead), so this is a finding, not damage to the books.
    public func problems() throws -> [SnapshotProblem] {
        try ledger.guarded {
            try database.readTransaction {
                let statement = try database.prepare(
                    "SELECT key, seq, head, last_occurred, prices_version, uses_prices, data FROM snapshots ORDER BY key"
                )
                defer { statement.reset() }
                var problems: [SnapshotProblem] = []
                while try statement.step() {
                    let record = SnapshotRecord(
                        key: statement.text(0) ?? "", sequence: statement.int(1), head: statement.text(2) ?? "",
                        lastOccurred: Timestamp(secondsSinceEpoch: statement.int(3)), pricesVersion: statement.int(4),
                        usesPrices: statement.int(5) != 0, data: [])
                    let data = statement.blob(6)
                    let seal = Array(data.prefix(Self.sealSize))
                    if let reason = try problem(with: record, bytes: Array(data.dropFirst(Self.sealSize)), mac: seal) {
                        problems.append(SnapshotProblem(key: record.key, sequence: record.sequence, reason: reason))
                    }
                }
                return problems
            }
        }
    }

    /// `bytes` are the frame (the BLOB after the seal `mac`).
    private func problem(with record: SnapshotRecord, bytes: [UInt8], mac: [UInt8]) throws -> String? {
        guard try isOnChain(record) else {
            return "its head is not the hash of event #\(record.sequence): it does not belong to this chain"
        }
        guard let (frame, _) = SnapshotFrame.parse(bytes) else {
            // One whole snapshot, as builds before the summary saved them: not read, and the
            // next report replaces it; anything else is damage.
            if (mac + bytes).starts(with: SnapshotFrame.wholeSnapshotMagic) { return nil }
            return "its bytes are not a snapshot: it was damaged or changed"
        }
        guard SnapshotSeal.isSealed(record, prefix: frame.prefix(of: bytes), mac: mac, key: ledger.snapshotKey) else {
            return
                "its seal does not match its bytes under this user's key: it was changed, or saved by another user or machine"
        }
        if let part = frame.partLengths.indices.first(where: { frame.part($0, in: bytes) == nil }) {
            return "the lots of its book #\(part + 1) do not match the digest its seal covers: they were changed"
        }
        return nil
    }
}
