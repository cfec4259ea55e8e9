// Attempts against a rate limit (the `attempts` table).
extension SQLiteAccountStore {
    public func countAttempt(_ keys: [AttemptKey], now: Int64, windowMilliseconds: Int64) throws -> AttemptCount {
        try guarded {
            try database.immediateTransaction {
                let since = now - windowMilliseconds
                // Limits have windows of their own (15 minutes for a sign-in, a minute for a
                // message): only what is older than the longest is swept.
                let sweep = now - max(windowMilliseconds, AttemptKey.keptMilliseconds)
                _ = try run("DELETE FROM attempts WHERE at_ms <= ?", [.integer(sweep)])
                // The key is full when its limit-th newest attempt is still in the window; it
                // frees once that one leaves it.
                let sql = """
                    SELECT at_ms FROM attempts WHERE key_hash = ? AND at_ms > ? ORDER BY at_ms DESC LIMIT 1 OFFSET ?
                    """
                var until: Int64?
                for key in keys {
                    let arguments: [SQLiteValue] = [
                        .text(key.hash), .integer(since), .integer(Int64(max(key.limit, 1) - 1)),
                    ]
                    let oldest = try rows(sql, arguments) { $0.int(0) }
                    if let at = oldest.first { until = max(until ?? 0, at + windowMilliseconds) }
                }
                if let until { return .refused(until: until) }
                var ids: [Int64] = []
                for key in keys {
                    ids += try rows(
                        "INSERT INTO attempts (key_hash, at_ms) VALUES (?, ?) RETURNING id",
                        [.text(key.hash), .integer(now)]
                    ) { $0.int(0) }
                }
                return .counted(ids: ids)
            }
        }
    }

    public func forgetAttempts(keys: [String], ids: [Int64]) throws {
        try guarded {
            try database.immediateTransaction {
                for key in keys { _ = try run("DELETE FROM attempts WHERE key_hash = ?", [.text(key)]) }
                for id in ids { _ = try run("DELETE FROM attempts WHERE id = ?", [.integer(id)]) }
            }
        }
    }
}
