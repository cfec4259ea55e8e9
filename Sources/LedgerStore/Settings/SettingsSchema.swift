/// The `settings` table (``LedgerSettings``).
enum SettingsSchema {
    static let migrations: [Migration] = [
        Migration(
            name: "0002-settings",
            sql: """
                CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
                """)
    ]
}
