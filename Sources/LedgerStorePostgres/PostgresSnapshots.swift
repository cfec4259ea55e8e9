import LedgerCore
import LedgerStore

/// One user's saved fold states in PostgreSQL (`snapshots`): the ledger file's cache of the
/// replay, valid under the same rules (``LedgerSnapshots``). Unlike a ledger file's, a row is
/// not sealed: a ledger file can be edited by whoever holds it, so its snapshots carry an HMAC
/// keyed from the user's state directory; these rows are written only through the server's
/// database role, which the database itself guards. A row's `data` is the whole snapshot,
/// summary and parts framed (``SnapshotRecord/framed()``), read whole.
public struct PostgresSnapshots: SnapshotStore {
    let ledger: PostgresLedger
    private var session: PostgresSession { ledger.session }

    /// The snapshot under `key` if the events it covers are unchanged (its head hash still at
    /// its sequence), nothing appended since happened before its last event, no void or link
    /// was appended since, and, when it read prices, the price table has not moved.
    public func valid(key: String) throws -> SnapshotRecord? {
        try session.readTransaction {
            var binds = ledger.binds()
            binds.append(key)
            guard
                let row = try session.rows(
                    """
                    SELECT sequence, head, last_occurred, prices_version, uses_prices, data
                    FROM snapshots WHERE user_id = $1 AND key = $2
                    """, binds
                ).first
            else { return nil }
            let (sequence, head, last, version, usesPrices, data) = try row.decode(
                (Int64, String, Int64, Int64, Bool, PostgresBytes).self)
            let record = SnapshotRecord(
                key: key, sequence: sequence, head: head, lastOccurred: Timestamp(secondsSinceEpoch: last),
                pricesVersion: version, usesPrices: usesPrices, data: [])
            // A row of an older layout (the snapshot whole) is not a frame: replayed and replaced.
            return try isValid(record) ? record.unframed(data.bytes) : nil
        }
    }

    private func isValid(_ record: SnapshotRecord) throws -> Bool {
        var binds = ledger.binds()
        binds.append(record.sequence)
        binds.append(record.lastOccurred.secondsSinceEpoch)
        let onChain = try session.rows("SELECT hash FROM events WHERE user_id = $1 AND sequence = $2", binds)
            .first?.decode(String.self)
        guard record.sequence == 0 || onChain == record.head else { return false }
        let spoiled = try session.rows(
            """
            SELECT 1 FROM events WHERE user_id = $1 AND sequence > $2
                AND (occurred_at < $3 OR kind IN ('void', 'link')) LIMIT 1
            """, binds)
        guard spoiled.isEmpty else { return false }
        return try !record.usesPrices || ledger.prices.version() == record.pricesVersion
    }

    /// Saves a snapshot, replacing the one under its key; a cache, so a failure is skipped.
    public func save(_ record: SnapshotRecord) {
        guard let data = record.framed() else { return }
        var binds = ledger.binds()
        binds.append(record.key)
        binds.append(record.sequence)
        binds.append(record.head)
        binds.append(record.lastOccurred.secondsSinceEpoch)
        binds.append(record.pricesVersion)
        binds.append(record.usesPrices)
        binds.append(PostgresBytes(data))
        _ = try? session.rows(
            """
            INSERT INTO snapshots (user_id, key, sequence, head, last_occurred, prices_version, uses_prices, data)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
            ON CONFLICT (user_id, key) DO UPDATE SET sequence = excluded.sequence, head = excluded.head,
                last_occurred = excluded.last_occurred, prices_version = excluded.prices_version,
                uses_prices = excluded.uses_prices, data = excluded.data
            """, binds)
    }

    /// Every snapshot whose head is not the hash of the event at its sequence (rows are not
    /// sealed, so there is no seal to check).
    public func problems() throws -> [SnapshotProblem] {
        try session.rows(
            """
            SELECT s.key, s.sequence FROM snapshots s
            LEFT JOIN events e ON e.user_id = s.user_id AND e.sequence = s.sequence
            WHERE s.user_id = $1 AND s.sequence > 0 AND (e.hash IS NULL OR e.hash <> s.head) ORDER BY s.key
            """, ledger.binds()
        ).map { row in
            let (key, sequence) = try row.decode((String, Int64).self)
            return SnapshotProblem(
                key: key, sequence: sequence,
                reason: "its head is not the hash of event #\(sequence): it does not belong to this chain")
        }
    }
}
