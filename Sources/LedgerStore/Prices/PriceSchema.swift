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
                """)
    ]
}
