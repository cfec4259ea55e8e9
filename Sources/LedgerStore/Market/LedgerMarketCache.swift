import LedgerCore

/// The market-data cache of a ledger file (migration 0006): candles, top lists, FX rates and
/// symbol maps (``MarketCacheStore``), and the user's conversions. Reports read these; only
/// `prices fetch` and friends write them.
public struct LedgerMarketCache {
    package let ledger: Ledger
    var database: SQLiteDatabase { ledger.database }

    /// Records candles, replacing any with the same asset, quote, width, open time and source.
    public func recordCandles(_ candles: [Candle], fetchedAt: Timestamp) throws {
        let sql = """
            INSERT OR REPLACE INTO candles (asset, quote, resolution, opened_at, open, high, low, close, volume, source, fetched_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """
        try ledger.write(
            sql,
            candles.map { candle in
                [
                    .text(candle.asset.text), .text(candle.quote.text), .text(candle.interval.rawValue),
                    .integer(candle.openedAt.secondsSinceEpoch), .text(candle.open.formatted()),
                    .text(candle.high.formatted()),
                    .text(candle.low.formatted()), .text(candle.close.formatted()),
                    .optionalText(candle.volume?.formatted()),
                    .text(candle.source), .integer(fetchedAt.secondsSinceEpoch),
                ]
            })
    }

    /// The cached candles of one pair and width, oldest first (every source).
    public func candles(of asset: AssetSymbol, in quote: AssetSymbol, interval: CandleInterval) throws -> [Fetched<
        Candle
    >] {
        let sql = """
            SELECT opened_at, open, high, low, close, volume, source, fetched_at FROM candles
            WHERE asset = ? AND quote = ? AND resolution = ? ORDER BY opened_at, source
            """
        return try ledger.rows(sql, [.text(asset.text), .text(quote.text), .text(interval.rawValue)]) { row in
            let candle = Candle(
                asset: asset, quote: quote, interval: interval, openedAt: Timestamp(secondsSinceEpoch: row.int(0)),
                open: try Ledger.decimal(row, 1), high: try Ledger.decimal(row, 2), low: try Ledger.decimal(row, 3),
                close: try Ledger.decimal(row, 4), volume: row.text(5).flatMap { ExactDecimal($0) },
                source: row.text(6) ?? ""
            )
            return Fetched(candle, fetchedAt: Timestamp(secondsSinceEpoch: row.int(7)))
        }
    }

    /// Records published FX rates, then the same rates as price observations (what valuation
    /// and `convert` read).
    public func recordFXRates(_ rates: FXRates, fetchedAt: Timestamp) throws {
        let sql = """
            INSERT OR REPLACE INTO fx_rates (base, quote, rate_date, rate, source, requested_date, fetched_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """
        let values: [[SQLiteValue]] = rates.rates.keys.sorted().filter { $0 != rates.base }.map { quote in
            [
                .text(rates.base.text), .text(quote.text), .text(rates.date.description),
                .text(rates.rates[quote]!.formatted()),
                .text(rates.source), .optionalText(rates.requestedDate?.description),
                .integer(fetchedAt.secondsSinceEpoch),
            ]
        }
        try ledger.write(sql, values)
        try ledger.prices.record(rates.observations, fetchedAt: fetchedAt)
    }

    /// The publication date of the newest cached FX rate between two currencies (either way
    /// round) on or before `date`, with its fetch time.
    public func fxRateDate(_ first: AssetSymbol, _ second: AssetSymbol, onOrBefore date: LocalDate) throws -> Fetched<
        LocalDate
    >? {
        let sql = """
            SELECT rate_date, fetched_at FROM fx_rates
            WHERE ((base = ?1 AND quote = ?2) OR (base = ?2 AND quote = ?1)) AND rate_date <= ?3
            ORDER BY rate_date DESC, fetched_at DESC LIMIT 1
            """
        return try ledger.rows(sql, [.text(first.text), .text(second.text), .text(date.description)]) { row in
            LocalDate.parse(row.text(0) ?? "").map { Fetched($0, fetchedAt: Timestamp(secondsSinceEpoch: row.int(1))) }
        }.first ?? nil
    }
}
