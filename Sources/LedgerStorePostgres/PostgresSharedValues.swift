import LedgerStore

/// The named texts every server on the database shares (``SharedValueStore``): the table
/// `shared_values`, not keyed by user (nothing in it is anyone's books: the fetcher's last
/// run, the latest quotes of the live pages), each call on a session of the market's pool.
public struct PostgresSharedValues: SharedValueStore {
    /// The market's pool, made on first use.
    let pool: @Sendable () throws -> PostgresPool

    public func values(_ keys: [String]) throws -> [String: String] {
        guard !keys.isEmpty else { return [:] }
        var binds = PostgresBindings()
        binds.append(keys)
        let rows = try pool().withSession { session in
            try session.rows("SELECT key, value FROM shared_values WHERE key = ANY($1::text[])", binds)
        }
        var found: [String: String] = [:]
        for row in rows {
            let (key, value) = try row.decode((String, String).self)
            found[key] = value
        }
        return found
    }

    public func setValues(_ values: [String: String]) throws {
        guard !values.isEmpty else { return }
        let keys = values.keys.sorted()
        var binds = PostgresBindings()
        binds.append(keys)
        binds.append(keys.map { values[$0]! })
        // One statement: one transaction.
        _ = try pool().withSession { session in
            try session.rows(
                """
                INSERT INTO shared_values (key, value) SELECT * FROM unnest($1::text[], $2::text[])
                ON CONFLICT (key) DO UPDATE SET value = excluded.value
                """, binds)
        }
    }
}

extension PostgresSchema {
    /// ``PostgresSharedValues``' table: a key and its text, replaced whole. Like the market
    /// data, shared by every user and without row-level security.
    static let sharedValues = Migration(
        name: "0011-shared-values",
        statements: [
            "CREATE TABLE shared_values (key TEXT COLLATE \"C\" PRIMARY KEY, value TEXT NOT NULL)"
        ])
}
