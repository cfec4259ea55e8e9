import LedgerCore
import LedgerStore

/// The market cache every server on one database shares (migration 0009-market-data): the
/// contract of ``MarketCacheStore`` as a ledger file's `LedgerMarketCache` keeps it (exact
/// decimal text, whole seconds, a re-fetched key replacing its row). Each call takes a session
/// of the market's own pool for its statement (or transaction) alone, so no connection is held
/// while a page waits for a source.
public struct PostgresMarketCache: MarketCacheStore {
    let pool: PostgresPool

    public func recordCandles(_ candles: [Candle], fetchedAt: Timestamp) throws {
        let kept = Self.lastOfEach(candles) {
            "\($0.asset) \($0.quote) \($0.interval.rawValue) \($0.openedAt.secondsSinceEpoch) \($0.source)"
        }
        guard !kept.isEmpty else { return }
        var binds = PostgresBindings()
        binds.append(fetchedAt.secondsSinceEpoch)
        binds.append(kept.map(\.asset.text))
        binds.append(kept.map(\.quote.text))
        binds.append(kept.map(\.interval.rawValue))
        binds.append(kept.map(\.openedAt.secondsSinceEpoch))
        for column in [\Candle.open, \.high, \.low, \.close] {
            binds.append(kept.map { $0[keyPath: column].formatted() })
        }
        binds.append(kept.map { $0.volume?.formatted() ?? "" })
        binds.append(kept.map(\.source))
        _ = try pool.withSession {
            try $0.rows(
                """
                INSERT INTO candles (asset, quote, resolution, opened_at, open, high, low, close, volume, source, fetched_at)
                SELECT t.asset, t.quote, t.resolution, t.opened_at, t.open, t.high, t.low, t.close, NULLIF(t.volume, ''),
                    t.source, $1
                FROM unnest($2::text[], $3::text[], $4::text[], $5::int8[], $6::text[], $7::text[], $8::text[],
                    $9::text[], $10::text[], $11::text[])
                    AS t(asset, quote, resolution, opened_at, open, high, low, close, volume, source)
                ON CONFLICT (asset, quote, resolution, opened_at, source) DO UPDATE SET open = excluded.open,
                    high = excluded.high, low = excluded.low, close = excluded.close, volume = excluded.volume,
                    fetched_at = excluded.fetched_at
                """, binds)
        }
    }

    public func candles(of asset: AssetSymbol, in quote: AssetSymbol, interval: CandleInterval) throws
        -> [Fetched<Candle>]
    {
        var binds = PostgresBindings()
        binds.append(asset.text)
        binds.append(quote.text)
        binds.append(interval.rawValue)
        let rows = try pool.withSession {
            try $0.rows(
                """
                SELECT opened_at, open, high, low, close, volume, source, fetched_at FROM candles
                WHERE asset = $1 AND quote = $2 AND resolution = $3 ORDER BY opened_at, source
                """, binds)
        }
        return try rows.map { row in
            let (openedAt, open, high, low, close, volume, source, fetchedAt) = try row.decode(
                (Int64, String, String, String, String, String?, String, Int64).self)
            let candle = Candle(
                asset: asset, quote: quote, interval: interval, openedAt: Timestamp(secondsSinceEpoch: openedAt),
                open: try Self.decimal(open), high: try Self.decimal(high), low: try Self.decimal(low),
                close: try Self.decimal(close), volume: volume.flatMap { ExactDecimal($0) }, source: source)
            return Fetched(candle, fetchedAt: Timestamp(secondsSinceEpoch: fetchedAt))
        }
    }

    public func recordFXRates(_ rates: FXRates, fetchedAt: Timestamp) throws {
        let quotes = rates.rates.keys.sorted().filter { $0 != rates.base }
        guard !quotes.isEmpty else { return }
        var binds = PostgresBindings()
        binds.append(rates.base.text)
        binds.append(rates.date.description)
        binds.append(rates.source)
        binds.append(rates.requestedDate?.description)
        binds.append(fetchedAt.secondsSinceEpoch)
        binds.append(quotes.map(\.text))
        binds.append(quotes.map { rates.rates[$0]!.formatted() })
        _ = try pool.withSession {
            try $0.rows(
                """
                INSERT INTO fx_rates (base, quote, rate_date, rate, source, requested_date, fetched_at)
                SELECT $1, t.quote, $2, t.rate, $3, $4, $5 FROM unnest($6::text[], $7::text[]) AS t(quote, rate)
                ON CONFLICT (base, quote, rate_date, source) DO UPDATE SET rate = excluded.rate,
                    requested_date = excluded.requested_date, fetched_at = excluded.fetched_at
                """, binds)
        }
    }

    public func fxRateDate(_ first: AssetSymbol, _ second: AssetSymbol, onOrBefore date: LocalDate) throws
        -> Fetched<LocalDate>?
    {
        var binds = PostgresBindings()
        binds.append(first.text)
        binds.append(second.text)
        binds.append(date.description)
        let rows = try pool.withSession {
            try $0.rows(
                """
                SELECT rate_date, fetched_at FROM fx_rates
                WHERE ((base = $1 AND quote = $2) OR (base = $2 AND quote = $1)) AND rate_date <= $3
                ORDER BY rate_date DESC, fetched_at DESC LIMIT 1
                """, binds)
        }
        guard let row = rows.first else { return nil }
        let (day, fetchedAt) = try row.decode((String, Int64).self)
        return LocalDate.parse(day).map { Fetched($0, fetchedAt: Timestamp(secondsSinceEpoch: fetchedAt)) }
    }

    public func replaceSymbolIDs(_ entries: [SymbolIDRecord], source: String, fetchedAt: Timestamp) throws {
        let kept = Self.lastOfEach(entries, key: \.id)
        var binds = PostgresBindings()
        binds.append(source)
        var insert = binds
        insert.append(fetchedAt.secondsSinceEpoch)
        insert.append(kept.map(\.symbol))
        insert.append(kept.map(\.id))
        insert.append(kept.map(\.name))
        try pool.withSession { session in
            try session.transaction {
                try session.rows("DELETE FROM symbol_ids WHERE source = $1", binds)
                try session.rows(
                    """
                    INSERT INTO symbol_ids (source, symbol, id, name, fetched_at)
                    SELECT $1, t.symbol, t.id, t.name, $2 FROM unnest($3::text[], $4::text[], $5::text[]) AS t(symbol, id, name)
                    """, insert)
            }
        }
    }

    public func symbolIDs(source: String) throws -> Fetched<[SymbolIDRecord]>? {
        var binds = PostgresBindings()
        binds.append(source)
        let rows = try pool.withSession {
            try $0.rows("SELECT symbol, id, name, fetched_at FROM symbol_ids WHERE source = $1 ORDER BY id", binds)
        }
        let entries = try rows.map { row in
            let (symbol, id, name, fetchedAt) = try row.decode((String, String, String, Int64).self)
            return (SymbolIDRecord(symbol: symbol, id: id, name: name), fetchedAt)
        }
        guard let oldest = entries.map(\.1).min() else { return nil }
        return Fetched(entries.map(\.0), fetchedAt: Timestamp(secondsSinceEpoch: oldest))
    }

    /// `values` with only the last of those sharing a key, in the order the keys came first:
    /// one statement may not write a row twice (a ledger file's `INSERT OR REPLACE` keeps the
    /// last).
    static func lastOfEach<Value, Key: Hashable>(_ values: [Value], key: (Value) -> Key) -> [Value] {
        var latest: [Key: Value] = [:]
        var order: [Key] = []
        for value in values {
            let found = key(value)
            if latest.updateValue(value, forKey: found) == nil { order.append(found) }
        }
        return order.map { latest[$0]! }
    }

    static func decimal(_ text: String) throws -> ExactDecimal {
        guard let value = ExactDecimal(text) else {
            throw StoreError.corruptRecord("a market figure is stored as '\(text)'")
        }
        return value
    }
}
