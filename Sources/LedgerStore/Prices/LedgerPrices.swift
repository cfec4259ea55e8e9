import LedgerCore

/// The price table in the ledger file (`prices`, migration 0003). Prices are stored as exact
/// decimal text and times as whole seconds since 1970 (UTC).
public struct LedgerPrices: PriceStore {
    package let ledger: Ledger
    var database: SQLiteDatabase { ledger.database }

    /// Observations written by one statement (as the events' append does: one statement a
    /// row cost an import of a million rows a second or two for its 288,109 prices).
    private static let rowsPerUpsert = 64

    /// `rows` observations inserted, or their price and fetch time replaced (a later row of
    /// the same key replaces an earlier one, as when written one by one).
    private static func upsertSQL(rows: Int) -> String {
        rows == rowsPerUpsert ? fullUpsertSQL : makeUpsertSQL(rows: rows)
    }

    /// The statement of a full batch, made once (made for every batch, its text and the
    /// statement cache's hash of it cost more than the binding).
    private static let fullUpsertSQL = makeUpsertSQL(rows: rowsPerUpsert)

    private static func makeUpsertSQL(rows: Int) -> String {
        let values = Array(repeating: "(?, ?, ?, ?, ?, ?)", count: rows).joined(separator: ", ")
        return """
            INSERT INTO prices (asset, quote, observed_at, price, source, fetched_at) VALUES \(values)
            ON CONFLICT (asset, quote, observed_at, source) DO UPDATE
            SET price = excluded.price, fetched_at = excluded.fetched_at
            """
    }

    private static let selectSQL = "SELECT asset, quote, observed_at, price, source, fetched_at FROM prices"
    private static let orderSQL = " ORDER BY asset, quote, observed_at, source"

    public func record(_ observations: [PriceObservation], fetchedAt: Timestamp) throws {
        guard !observations.isEmpty else { return }
        try ledger.guarded {
            if let problem = observations.lazy.compactMap(PriceRecordCheck.problem).first { throw problem }
            try database.immediateTransaction {
                try Self.upsert(observations, fetchedAt: fetchedAt, into: database)
            }
        }
    }

    /// Writes `observations` inside the transaction the caller holds (an import's).
    static func upsert(_ observations: [PriceObservation], fetchedAt: Timestamp, into database: SQLiteDatabase) throws {
        var start = 0
        while start < observations.count {
            let rows = observations[start..<min(start + rowsPerUpsert, observations.count)]
            var bound = BoundRows(reservingValues: 6 * rows.count, bytes: 48 * rows.count)
            for observation in rows {
                bound.text(observation.asset.text)
                bound.text(observation.quote.text)
                bound.integer(observation.observedAt.secondsSinceEpoch)
                bound.text(observation.price.formatted())
                bound.text(observation.source)
                bound.integer(fetchedAt.secondsSinceEpoch)
            }
            try database.prepare(upsertSQL(rows: rows.count)).run(bound)
            start += rows.count
        }
        // Each row fired one of the two count triggers (inserted, or updated on conflict).
        if try LedgerEvents.keepsCount("prices_count_insert", database) {
            try database.prepare("UPDATE counters SET value = value + ? WHERE name = 'prices'")
                .run([.integer(Int64(observations.count))])
        }
    }

    public func observations(asset: AssetSymbol?) throws -> [RecordedPrice] {
        try ledger.guarded {
            let sql = Self.selectSQL + (asset == nil ? "" : " WHERE asset = ?") + Self.orderSQL
            let statement = try database.prepare(sql)
            // Reset even after an error, so no read snapshot outlives the call.
            defer { statement.reset() }
            try statement.bind(asset.map { [.text($0.text)] } ?? [])
            var prices: [RecordedPrice] = []
            while try statement.step() {
                prices.append(try Self.storedPrice(from: statement))
            }
            return prices
        }
    }

    /// Every pair, an index probe or two each: the next quote of the same asset, else the
    /// first pair of the next asset. (A row-value `(asset, quote) > (?, ?)` is not a probe:
    /// SQLite seeks to the pair and then steps over every observation it has, which read the
    /// whole table, 288,109 rows at 1M trades, on every report.)
    public func pairs() throws -> [PricePair] {
        try ledger.sharingConnection {
            try ledger.guarded {
                var pairs: [PricePair] = []
                var next = try firstPair(Self.firstPairSQL, [])
                while let pair = next {
                    pairs.append(pair)
                    let key: [SQLiteValue] = [.text(pair.asset.text), .text(pair.quote.text)]
                    next = try firstPair(Self.nextQuoteSQL, key) ?? firstPair(Self.nextAssetSQL, [key[0]])
                }
                return pairs
            }
        }
    }

    private static let firstPairSQL = "SELECT asset, quote FROM prices ORDER BY asset, quote LIMIT 1"
    private static let nextQuoteSQL =
        "SELECT asset, quote FROM prices WHERE asset = ?1 AND quote > ?2 ORDER BY asset, quote LIMIT 1"
    private static let nextAssetSQL = "SELECT asset, quote FROM prices WHERE asset > ?1 ORDER BY asset, quote LIMIT 1"

    private func firstPair(_ sql: String, _ arguments: [SQLiteValue]) throws -> PricePair? {
        let statement = try database.prepare(sql)
        defer { statement.reset() }
        try statement.bind(arguments)
        return try statement.step() ? Self.pair(statement) : nil
    }

    public func observations(of pair: PricePair, around time: Timestamp, after limit: Int) throws
        -> [PriceObservation]
    {
        let key: [SQLiteValue] = [
            .text(pair.asset.text), .text(pair.quote.text), .integer(time.secondsSinceEpoch),
        ]
        return try ledger.sharingConnection {
            try ledger.guarded {
                var found = try read(Self.headSQL, key)
                found += try read(Self.afterSQL, key + [.integer(Int64(min(limit, Int(Int64.max))))])
                return found.map(\.observation)
            }
        }
    }

    public func observations(of pair: PricePair, at instant: Timestamp) throws -> [RecordedPrice] {
        try ledger.sharingConnection {
            try ledger.guarded {
                try read(
                    Self.instantSQL,
                    [.text(pair.asset.text), .text(pair.quote.text), .integer(instant.secondsSinceEpoch)])
            }
        }
    }

    private static let instantSQL = selectSQL + " WHERE asset = ?1 AND quote = ?2 AND observed_at = ?3 ORDER BY source"
    private static let headSQL =
        selectSQL
        + " WHERE asset = ?1 AND quote = ?2 AND observed_at <= ?3 ORDER BY observed_at DESC, source DESC LIMIT 1"
    private static let afterSQL =
        selectSQL + " WHERE asset = ?1 AND quote = ?2 AND observed_at > ?3 ORDER BY observed_at, source LIMIT ?4"

    private func read(_ sql: String, _ arguments: [SQLiteValue]) throws -> [RecordedPrice] {
        let statement = try database.prepare(sql)
        defer { statement.reset() }
        try statement.bind(arguments)
        var prices: [RecordedPrice] = []
        while try statement.step() { prices.append(try Self.storedPrice(from: statement)) }
        return prices
    }

    private static func pair(_ row: SQLiteStatement) throws -> PricePair {
        guard let asset = row.text(0).flatMap({ AssetSymbol($0) }), let quote = row.text(1).flatMap({ AssetSymbol($0) })
        else { throw StoreError.corruptRecord("a price's pair reads '\(row.text(0) ?? "")/\(row.text(1) ?? "")'") }
        return PricePair(asset: asset, quote: quote)
    }

    /// Reads columns asset, quote, observed_at, price, source, fetched_at of the current row.
    private static func storedPrice(from row: SQLiteStatement) throws -> RecordedPrice {
        let assetText = row.text(0) ?? ""
        let quoteText = row.text(1) ?? ""
        let priceText = row.text(3) ?? ""
        let observedAt = Timestamp(secondsSinceEpoch: row.int(2))
        guard let asset = AssetSymbol(assetText), let quote = AssetSymbol(quoteText),
            case .success(let price) = ExactDecimal.parse(priceText)
        else {
            throw StoreError.sqlite(
                SQLiteError(
                    code: 11, // SQLITE_CORRUPT
                    message:
                        "the price of '\(assetText)' in '\(quoteText)' at \(observedAt) is stored as '\(priceText)', which this version cannot read"
                ))
        }
        let observation = PriceObservation(
            asset: asset, quote: quote, observedAt: observedAt, price: price, source: row.text(4) ?? ""
        )
        return RecordedPrice(observation, fetchedAt: Timestamp(secondsSinceEpoch: row.int(5)))
    }

    /// The latest observed-at of any price (nil for an empty table).
    public func lastObservedAt() throws -> Timestamp? {
        try ledger.guarded {
            try database.scalarInt("SELECT MAX(observed_at) FROM prices").map(Timestamp.init(secondsSinceEpoch:))
        }
    }

    /// The price table's change counter (bumped by triggers on every write): a snapshot that
    /// read prices is stale once it moves.
    public func version() throws -> Int64 {
        try ledger.guarded { try database.scalarInt("SELECT value FROM counters WHERE name = 'prices'") ?? 0 }
    }
}
