extension PostgresSchema {
    /// The tables whose rows belong to one user (`user_id`): the books.
    static let perUserTables = [
        "chain_heads", "events", "settings", "prices", "alert_ids", "alerts", "price_versions", "snapshots",
    ]

    /// Row-level security on every per-user table, a second wall behind the `user_id` each
    /// query names: a role that does not own the tables (the server's, docs/SERVER.md "Roles
    /// and grants") sees and writes only the rows of the user its session names
    /// (``PostgresLedger/claim(_:userID:)``: the setting `ledger.user`); with none named, no
    /// row. The tables' owner is not bound by the policies (PostgreSQL's rule without `FORCE`),
    /// so a deployment with one role works as before.
    static let rowLevelSecurity = Migration(
        name: "0006-row-level-security",
        statements: perUserTables.flatMap(ownRowsOnly))
}
