/// The tables of migration 0006-market-cache. Decimals are exact text, times whole seconds
/// since 1970 (UTC), dates `YYYY-MM-DD`.
enum MarketCacheSchema {
    static let migrations: [Migration] = [
        // The market-data cache (LedgerStore/Market): candles, top lists, FX rates as published,
        // symbol → id maps and the history of conversions, each row with its fetch time.
        // Market data, not books: re-fetched keys replace their rows.
        Migration(name: "0006-market-cache", sql: MarketCacheSchema.sql),
        // A top list's coin ids (CoinGecko's `solana`): search joins figures and ranks to a
        // coin by id, since several coins share a symbol. Lists cached before have NULL.
        Migration(
            name: "0012-top-list-ids",
            sql: """
                ALTER TABLE top_lists ADD COLUMN coin_id TEXT;
                """),
        // Stock and ETF screens beside the coins by market cap (`list`: `crypto`, or
        // `stock:most_actives`; in the key, so each list has its own latest copy), each
        // entry's own currency (`currency`, NULL: the list's quote) and the 1h, 30d and 1y
        // changes. SQLite cannot change a primary key, so the rows move to a new table,
        // `market_lists` (not renamed back: ALTER TABLE RENAME opens SQLite's temp schema on
        // the connection, which import sessions check is not there).
        Migration(name: "0015-top-list-screens", sql: MarketCacheSchema.screens),
    ]

    static let screens = """
        CREATE TABLE market_lists (
            list TEXT NOT NULL DEFAULT 'crypto',
            source TEXT NOT NULL, quote TEXT NOT NULL, fetched_at INTEGER NOT NULL, rank INTEGER NOT NULL,
            symbol TEXT NOT NULL, name TEXT NOT NULL, price TEXT, change_24h TEXT, change_7d TEXT,
            market_cap TEXT, circulating_supply TEXT, total_supply TEXT, volume_24h TEXT,
            high_24h TEXT, low_24h TEXT, coin_id TEXT,
            currency TEXT, change_1h TEXT, change_30d TEXT, change_1y TEXT,
            PRIMARY KEY (list, source, quote, fetched_at, rank)
        ) STRICT, WITHOUT ROWID;
        INSERT INTO market_lists (source, quote, fetched_at, rank, symbol, name, price, change_24h, change_7d,
            market_cap, circulating_supply, total_supply, volume_24h, high_24h, low_24h, coin_id)
            SELECT source, quote, fetched_at, rank, symbol, name, price, change_24h, change_7d,
            market_cap, circulating_supply, total_supply, volume_24h, high_24h, low_24h, coin_id FROM top_lists;
        DROP TABLE top_lists;
        """

    static let sql = """
        CREATE TABLE candles (
            asset TEXT NOT NULL, quote TEXT NOT NULL,
            resolution TEXT NOT NULL CHECK (resolution IN ('minute', 'hour', 'day')),
            opened_at INTEGER NOT NULL,
            open TEXT NOT NULL, high TEXT NOT NULL, low TEXT NOT NULL, close TEXT NOT NULL, volume TEXT,
            source TEXT NOT NULL, fetched_at INTEGER NOT NULL,
            PRIMARY KEY (asset, quote, resolution, opened_at, source)
        ) STRICT, WITHOUT ROWID;
        CREATE TABLE top_lists (
            source TEXT NOT NULL, quote TEXT NOT NULL, fetched_at INTEGER NOT NULL, rank INTEGER NOT NULL,
            symbol TEXT NOT NULL, name TEXT NOT NULL, price TEXT, change_24h TEXT, change_7d TEXT,
            market_cap TEXT, circulating_supply TEXT, total_supply TEXT, volume_24h TEXT,
            high_24h TEXT, low_24h TEXT,
            PRIMARY KEY (source, quote, fetched_at, rank)
        ) STRICT, WITHOUT ROWID;
        CREATE TABLE fx_rates (
            base TEXT NOT NULL, quote TEXT NOT NULL, rate_date TEXT NOT NULL, rate TEXT NOT NULL,
            source TEXT NOT NULL, requested_date TEXT, fetched_at INTEGER NOT NULL,
            PRIMARY KEY (base, quote, rate_date, source),
            CHECK (base <> quote)
        ) STRICT, WITHOUT ROWID;
        CREATE TABLE symbol_ids (
            source TEXT NOT NULL, symbol TEXT NOT NULL, id TEXT NOT NULL, name TEXT NOT NULL,
            fetched_at INTEGER NOT NULL,
            PRIMARY KEY (source, id)
        ) STRICT, WITHOUT ROWID;
        CREATE INDEX symbol_ids_symbol ON symbol_ids (source, symbol);
        CREATE TABLE conversions (
            seq INTEGER PRIMARY KEY,
            converted_at INTEGER NOT NULL,
            amount TEXT NOT NULL, from_asset TEXT NOT NULL, to_asset TEXT NOT NULL,
            result TEXT NOT NULL, rate TEXT NOT NULL,
            rate_observed_at INTEGER NOT NULL, rate_fetched_at INTEGER NOT NULL, source TEXT NOT NULL
        ) STRICT;
        """
}
