/// The headline cache (migration 0015-news): market data like prices, outside the hash chain.
/// A headline is keyed by its source and the source's id, so one seen twice is one row;
/// `news_symbols` says which assets each is about (for `ledger news BTC` offline).
enum NewsSchema {
    static let migrations: [Migration] = [Migration(name: "0016-news", sql: sql)]

    static let sql = """
        CREATE TABLE news (
            source TEXT NOT NULL, id TEXT NOT NULL, published_at INTEGER NOT NULL,
            title TEXT NOT NULL, url TEXT NOT NULL, publisher TEXT NOT NULL, lang TEXT,
            symbols TEXT NOT NULL, fetched_at INTEGER NOT NULL,
            PRIMARY KEY (source, id)
        ) STRICT, WITHOUT ROWID;
        CREATE INDEX news_published ON news (published_at);
        CREATE TABLE news_symbols (
            symbol TEXT NOT NULL, source TEXT NOT NULL, id TEXT NOT NULL,
            PRIMARY KEY (symbol, source, id)
        ) STRICT, WITHOUT ROWID;
        """
}
