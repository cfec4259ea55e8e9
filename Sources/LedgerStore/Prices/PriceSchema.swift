/// The `prices` table (``LedgerPrices``).
enum PriceSchema {
    static let migrations: [Migration] = [
        // Market data, not books: a re-recorded key replaces its price (see PriceStore).
        // The CHECKs keep `price` an exact, non-negative decimal string (digits with at most
        // one inner dot: never a REAL, a sign or an exponent) and refuse a price of X in X.
        Migration(
            name: "0003-prices",
            sql: """
                CREATE TABLE prices (
                    asset TEXT NOT NULL,
                    quote TEXT NOT NULL,
                    observed_at INTEGER NOT NULL,
                    price TEXT NOT NULL CHECK (
                        price GLOB '[0-9]*' AND price NOT GLOB '*[^0-9.]*'
                        AND price NOT GLOB '*.*.*' AND price NOT GLOB '*.'
                    ),
                    source TEXT NOT NULL,
                    fetched_at INTEGER NOT NULL,
                    PRIMARY KEY (asset, quote, observed_at, source),
                    CHECK (asset <> quote)
                ) STRICT, WITHOUT ROWID;
                """),
        // A kept portfolio or returns answer of `ledger serve` is checked against the latest
        // observed-at of any price (`LedgerPrices.lastObservedAt`) each time one is made:
        // without this, MAX(observed_at) read every price (8–9 ms at the 81,642 prices of the
        // 100k price-recording ledger, 35 ms at 288,109; most of a portfolio request that the
        // kept answer could not give). PostgreSQL's store has the same index (0010).
        Migration(name: "0019-prices-by-time", sql: "CREATE INDEX prices_by_time ON prices (observed_at);"),
    ]
}
