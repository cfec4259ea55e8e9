import LedgerCore
import LedgerStore

extension PostgresMarketCache {
    /// The figures of an entry, in the order of their columns after `name` (the day's high and
    /// low, then the 1h, 30d and 1y changes). Computed: key paths are not `Sendable`.
    private static var figures: [KeyPath<TopListEntry, ExactDecimal?>] {
        [
            \.price, \.change24h, \.change7d, \.marketCap, \.circulatingSupply, \.totalSupply, \.volume24h, \.high24h,
            \.low24h, \.change1h, \.change30d, \.change1y,
        ]
    }

    public func recordTopList(_ list: TopList, fetchedAt: Timestamp) throws {
        let entries = Self.lastOfEach(list.entries, key: \.rank)
        guard !entries.isEmpty else { return }
        var binds = PostgresBindings()
        binds.append(list.cacheKey)
        binds.append(list.source)
        binds.append(list.quote.text)
        binds.append(fetchedAt.secondsSinceEpoch)
        binds.append(entries.map { Int64($0.rank) })
        binds.append(entries.map(\.symbol.text))
        binds.append(entries.map(\.name))
        // Arrays of text cannot hold NULL here: '' stands for none (no figure, id or currency
        // is ever empty text) and NULLIF turns it back.
        for figure in Self.figures {
            binds.append(entries.map { $0[keyPath: figure]?.formatted() ?? "" })
        }
        binds.append(entries.map { $0.id ?? "" })
        binds.append(entries.map { $0.quote == list.quote ? "" : $0.quote.text })
        _ = try pool.withSession { try $0.rows(Self.insertList, binds) }
    }

    private static let insertList = """
        INSERT INTO market_lists (list, source, quote, fetched_at, rank, symbol, name, price, change_24h, change_7d,
            market_cap, circulating_supply, total_supply, volume_24h, high_24h, low_24h, change_1h, change_30d,
            change_1y, coin_id, currency)
        SELECT $1, $2, $3, $4, t.rank, t.symbol, t.name, NULLIF(t.price, ''), NULLIF(t.c24, ''), NULLIF(t.c7, ''),
            NULLIF(t.cap, ''), NULLIF(t.circ, ''), NULLIF(t.total, ''), NULLIF(t.vol, ''), NULLIF(t.high, ''),
            NULLIF(t.low, ''), NULLIF(t.c1h, ''), NULLIF(t.c30, ''), NULLIF(t.c1y, ''), NULLIF(t.coin, ''),
            NULLIF(t.currency, '')
        FROM unnest($5::int8[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[],
            $13::text[], $14::text[], $15::text[], $16::text[], $17::text[], $18::text[], $19::text[], $20::text[],
            $21::text[])
            AS t(rank, symbol, name, price, c24, c7, cap, circ, total, vol, high, low, c1h, c30, c1y, coin, currency)
        ON CONFLICT (list, source, quote, fetched_at, rank) DO UPDATE SET symbol = excluded.symbol,
            name = excluded.name, price = excluded.price, change_24h = excluded.change_24h,
            change_7d = excluded.change_7d, market_cap = excluded.market_cap,
            circulating_supply = excluded.circulating_supply, total_supply = excluded.total_supply,
            volume_24h = excluded.volume_24h, high_24h = excluded.high_24h, low_24h = excluded.low_24h,
            change_1h = excluded.change_1h, change_30d = excluded.change_30d, change_1y = excluded.change_1y,
            coin_id = excluded.coin_id, currency = excluded.currency
        """

    public func latestTopList(in quote: AssetSymbol, screen: StockScreen?) throws -> Fetched<TopList>? {
        var binds = PostgresBindings()
        binds.append(screen?.cacheKey ?? "crypto")
        binds.append(quote.text)
        // The newest list's rows, in one statement (another server may record a list between two).
        let rows = try pool.withSession {
            try $0.rows(
                """
                SELECT source, fetched_at, rank, symbol, name, price, change_24h, change_7d, market_cap,
                    circulating_supply, total_supply, volume_24h, high_24h, low_24h, change_1h, change_30d, change_1y,
                    coin_id, currency
                FROM market_lists WHERE (list, quote, source, fetched_at) = (
                    SELECT list, quote, source, fetched_at FROM market_lists WHERE list = $1 AND quote = $2
                    ORDER BY fetched_at DESC LIMIT 1)
                ORDER BY rank
                """, binds)
        }
        guard let first = rows.first else { return nil }
        let head = Array(first)
        let source = try head[0].decode(String.self)
        let fetchedAt = try head[1].decode(Int64.self)
        let entries = try rows.compactMap { try Self.entry($0, quote: quote) }
        return Fetched(
            TopList(quote: quote, source: source, entries: entries, screen: screen),
            fetchedAt: Timestamp(secondsSinceEpoch: fetchedAt))
    }

    /// One row of a list (nil when its symbol is not one, as a ledger file skips it).
    private static func entry(_ row: PostgresRow, quote: AssetSymbol) throws -> TopListEntry? {
        let cells = Array(row)
        guard let symbol = AssetSymbol(try cells[3].decode(String.self)) else { return nil }
        let n = { (column: Int) throws -> ExactDecimal? in
            try cells[column].decode(String?.self).flatMap { ExactDecimal($0) }
        }
        return TopListEntry(
            rank: Int(try cells[2].decode(Int64.self)), symbol: symbol, name: try cells[4].decode(String.self),
            quote: try cells[18].decode(String?.self).flatMap { AssetSymbol($0) } ?? quote, price: try n(5),
            change24h: try n(6), change7d: try n(7), marketCap: try n(8), circulatingSupply: try n(9),
            totalSupply: try n(10), volume24h: try n(11), high24h: try n(12), low24h: try n(13),
            id: try cells[17].decode(String?.self), change1h: try n(14), change30d: try n(15), change1y: try n(16))
    }

    public func cachedTopListQuotes() throws -> [AssetSymbol] {
        try pool.withSession {
            try $0.rows("SELECT DISTINCT quote FROM market_lists WHERE list = 'crypto' ORDER BY quote")
        }.compactMap { AssetSymbol(try $0.decode(String.self)) }
    }
}
