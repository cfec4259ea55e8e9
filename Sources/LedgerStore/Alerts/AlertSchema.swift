/// The table of migration 0007-alerts. Alerts are settings, not books: rows change as alerts
/// fire and re-arm, and `ledger alert remove` deletes them; the event log is untouched.
/// `AUTOINCREMENT` so that the id of a removed alert is never given to a new one (an old
/// "(alert 3)" in a cron mail must not name a different alert later).
enum AlertSchema {
    static let migrations: [Migration] = [
        // Price alerts (LedgerStore/Alerts): settings, not books; rows change as alerts fire.
        Migration(name: "0007-alerts", sql: AlertSchema.sql)
    ]

    static let sql = """
        CREATE TABLE alerts (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            asset TEXT NOT NULL, asset_class TEXT, quote TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('above', 'below', 'change')),
            threshold TEXT NOT NULL CHECK (
                threshold GLOB '[0-9]*' AND threshold NOT GLOB '*[^0-9.]*'
                AND threshold NOT GLOB '*.*.*' AND threshold NOT GLOB '*.'
            ),
            direction TEXT CHECK (direction IN ('either', 'up', 'down')),
            window_seconds INTEGER CHECK (window_seconds > 0),
            note TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            state TEXT NOT NULL CHECK (state IN ('armed', 'fired')),
            last_price TEXT, last_observed_at INTEGER, last_source TEXT,
            last_fired_at INTEGER,
            CHECK (asset <> quote),
            CHECK ((kind = 'change') = (direction IS NOT NULL AND window_seconds IS NOT NULL))
        ) STRICT;
        """
}
