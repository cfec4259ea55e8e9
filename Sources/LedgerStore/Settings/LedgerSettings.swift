/// Ledger-level settings (`currency`, the watchlist): the `settings` table, one row a key.
public struct LedgerSettings: SettingsStore {
    package let ledger: Ledger
    var database: SQLiteDatabase { ledger.database }

    public func setting(_ key: String) throws -> String? {
        try ledger.guarded {
            let statement = try database.prepare("SELECT value FROM settings WHERE key = ?")
            defer { statement.reset() }
            try statement.bind([.text(key)])
            return try statement.step() ? statement.text(0) : nil
        }
    }

    public func allSettings() throws -> [String: String] {
        try ledger.guarded {
            let statement = try database.prepare("SELECT key, value FROM settings")
            defer { statement.reset() }
            var settings: [String: String] = [:]
            while try statement.step() { settings[statement.text(0) ?? ""] = statement.text(1) ?? "" }
            return settings
        }
    }

    public func setSetting(_ key: String, _ value: String) throws {
        try ledger.guarded {
            try database.immediateTransaction {
                try database.prepare(
                    "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value"
                )
                .run([.text(key), .text(value)])
            }
        }
    }
}
