extension PostgresSchema {
    /// The market data every server on the database shares (``PostgresMarketData``): a ledger
    /// file's market cache (LedgerStore's MarketCacheSchema: candles, top lists and screens, FX
    /// rates as published, symbol → id maps) and its headlines (NewsSchema), the same columns.
    /// Not keyed by user and without row-level security: it is market data, not anyone's
    /// books (what a source says about BTC is the same for every user, and no user's holdings,
    /// watchlist or conversions are among it), so one server's fetch serves every user on every
    /// server. Re-fetched keys replace their rows, as in a ledger file.
    static let marketData = Migration(
        name: "0009-market-data",
        statements: [
            """
            CREATE TABLE candles (
                asset TEXT COLLATE "C" NOT NULL, quote TEXT COLLATE "C" NOT NULL,
                resolution TEXT NOT NULL CHECK (resolution IN ('minute', 'hour', 'day')),
                opened_at BIGINT NOT NULL,
                open TEXT NOT NULL, high TEXT NOT NULL, low TEXT NOT NULL, close TEXT NOT NULL, volume TEXT,
                source TEXT COLLATE "C" NOT NULL, fetched_at BIGINT NOT NULL,
                PRIMARY KEY (asset, quote, resolution, opened_at, source)
            )
            """,
            """
            CREATE TABLE market_lists (
                list TEXT COLLATE "C" NOT NULL, source TEXT COLLATE "C" NOT NULL, quote TEXT COLLATE "C" NOT NULL,
                fetched_at BIGINT NOT NULL, rank BIGINT NOT NULL,
                symbol TEXT NOT NULL, name TEXT NOT NULL, price TEXT, change_24h TEXT, change_7d TEXT,
                market_cap TEXT, circulating_supply TEXT, total_supply TEXT, volume_24h TEXT,
                high_24h TEXT, low_24h TEXT, coin_id TEXT,
                currency TEXT, change_1h TEXT, change_30d TEXT, change_1y TEXT,
                PRIMARY KEY (list, source, quote, fetched_at, rank)
            )
            """,
            "CREATE INDEX market_lists_latest ON market_lists (list, quote, fetched_at)",
            """
            CREATE TABLE fx_rates (
                base TEXT COLLATE "C" NOT NULL, quote TEXT COLLATE "C" NOT NULL, rate_date TEXT COLLATE "C" NOT NULL,
                rate TEXT NOT NULL, source TEXT COLLATE "C" NOT NULL, requested_date TEXT, fetched_at BIGINT NOT NULL,
                PRIMARY KEY (base, quote, rate_date, source),
                CHECK (base <> quote)
            )
            """,
            """
            CREATE TABLE symbol_ids (
                source TEXT COLLATE "C" NOT NULL, symbol TEXT COLLATE "C" NOT NULL, id TEXT COLLATE "C" NOT NULL,
                name TEXT NOT NULL, fetched_at BIGINT NOT NULL,
                PRIMARY KEY (source, id)
            )
            """,
            "CREATE INDEX symbol_ids_symbol ON symbol_ids (source, symbol)",
            """
            CREATE TABLE news (
                source TEXT COLLATE "C" NOT NULL, id TEXT COLLATE "C" NOT NULL, published_at BIGINT NOT NULL,
                title TEXT NOT NULL, url TEXT NOT NULL, publisher TEXT NOT NULL, lang TEXT,
                symbols TEXT NOT NULL, fetched_at BIGINT NOT NULL,
                PRIMARY KEY (source, id)
            )
            """,
            "CREATE INDEX news_published ON news (published_at)",
            """
            CREATE TABLE news_symbols (
                symbol TEXT COLLATE "C" NOT NULL, source TEXT COLLATE "C" NOT NULL, id TEXT COLLATE "C" NOT NULL,
                PRIMARY KEY (symbol, source, id)
            )
            """,
        ])
}
