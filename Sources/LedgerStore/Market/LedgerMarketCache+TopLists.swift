import LedgerCore

extension LedgerMarketCache {
    /// The currencies some list of coins by market cap has been cached in, alphabetically.
    public func cachedTopListQuotes() throws -> [AssetSymbol] {
        try ledger.rows("SELECT DISTINCT quote FROM market_lists WHERE list = 'crypto' ORDER BY quote", []) {
            AssetSymbol($0.text(0) ?? "")
        }
        .compactMap { $0 }
    }

    /// Records a top list or screen as fetched at `fetchedAt` (earlier lists are kept), under
    /// its ``TopList/cacheKey``.
    public func recordTopList(_ list: TopList, fetchedAt: Timestamp) throws {
        let sql = """
            INSERT OR REPLACE INTO market_lists (list, source, quote, fetched_at, rank, symbol, name, price, change_24h,
                change_7d, market_cap, circulating_supply, total_supply, volume_24h, high_24h, low_24h, coin_id,
                currency, change_1h, change_30d, change_1y)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """
        try ledger.write(
            sql,
            list.entries.map { entry in
                let numbers = [
                    entry.price, entry.change24h, entry.change7d, entry.marketCap, entry.circulatingSupply,
                    entry.totalSupply, entry.volume24h, entry.high24h, entry.low24h,
                ]
                let periods = [entry.change1h, entry.change30d, entry.change1y]
                return [
                    .text(list.cacheKey), .text(list.source), .text(list.quote.text),
                    .integer(fetchedAt.secondsSinceEpoch), .integer(Int64(entry.rank)), .text(entry.symbol.text),
                    .text(entry.name),
                ] + numbers.map { SQLiteValue.optionalText($0?.formatted()) }
                    + [.optionalText(entry.id), .optionalText(entry.quote == list.quote ? nil : entry.quote.text)]
                    + periods.map { SQLiteValue.optionalText($0?.formatted()) }
            })
    }

    /// The most recently fetched list in `quote`: of `screen`, or of coins by market cap.
    public func latestTopList(in quote: AssetSymbol, screen: StockScreen?) throws -> Fetched<TopList>? {
        let key = screen?.cacheKey ?? "crypto"
        let head = try ledger.rows(
            "SELECT source, fetched_at FROM market_lists WHERE list = ? AND quote = ? ORDER BY fetched_at DESC LIMIT 1",
            [.text(key), .text(quote.text)]
        ) {
            ($0.text(0) ?? "", $0.int(1))
        }
        guard let first = head.first else { return nil }
        let (source, fetched) = first
        let sql = """
            SELECT rank, symbol, name, price, change_24h, change_7d, market_cap, circulating_supply, total_supply,
                volume_24h, high_24h, low_24h, coin_id, currency, change_1h, change_30d, change_1y FROM market_lists
            WHERE list = ? AND source = ? AND quote = ? AND fetched_at = ? ORDER BY rank
            """
        let entries = try ledger.rows(sql, [.text(key), .text(source), .text(quote.text), .integer(fetched)]) {
            row -> TopListEntry? in
            guard let symbol = AssetSymbol(row.text(1) ?? "") else { return nil }
            let n = { (column: Int32) -> ExactDecimal? in row.text(column).flatMap { ExactDecimal($0) } }
            return TopListEntry(
                rank: Int(row.int(0)), symbol: symbol, name: row.text(2) ?? "",
                quote: row.text(13).flatMap { AssetSymbol($0) } ?? quote, price: n(3), change24h: n(4),
                change7d: n(5), marketCap: n(6), circulatingSupply: n(7), totalSupply: n(8), volume24h: n(9),
                high24h: n(10), low24h: n(11), id: row.text(12), change1h: n(14), change30d: n(15), change1y: n(16))
        }
        return Fetched(
            TopList(quote: quote, source: source, entries: entries.compactMap { $0 }, screen: screen),
            fetchedAt: Timestamp(secondsSinceEpoch: fetched))
    }
}
