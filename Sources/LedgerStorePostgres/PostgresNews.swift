import LedgerCore
import LedgerStore

/// The headlines every server on one database shares (migration 0009-market-data): the
/// contract of ``NewsStore`` as a ledger file's `LedgerNews` keeps it, one row per source and
/// id, the assets each is about merged across fetches.
public struct PostgresNews: NewsStore {
    let pool: PostgresPool

    public func record(_ headlines: [Headline], fetchedAt: Timestamp) throws {
        guard !headlines.isEmpty else { return }
        try pool.withSession { session in
            try session.transaction {
                let merged = try merge(headlines, known: known(headlines, session))
                var binds = PostgresBindings()
                binds.append(fetchedAt.secondsSinceEpoch)
                binds.append(merged.map(\.source))
                binds.append(merged.map(\.id))
                binds.append(merged.map(\.publishedAt.secondsSinceEpoch))
                binds.append(merged.map(\.title))
                binds.append(merged.map(\.url))
                binds.append(merged.map(\.publisher))
                // '' stands for no language (arrays of text hold no NULL here); none is empty.
                binds.append(merged.map { $0.language ?? "" })
                binds.append(merged.map { $0.symbols.map(\.text).joined(separator: " ") })
                try session.rows(Self.upsert, binds)
                var tags = PostgresBindings()
                let pairs = merged.flatMap { headline in headline.symbols.map { ($0.text, headline) } }
                tags.append(pairs.map { $0.0 })
                tags.append(pairs.map { $0.1.source })
                tags.append(pairs.map { $0.1.id })
                try session.rows(
                    """
                    INSERT INTO news_symbols (symbol, source, id)
                    SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) ON CONFLICT DO NOTHING
                    """, tags)
            }
        }
    }

    private static let upsert = """
        INSERT INTO news (source, id, published_at, title, url, publisher, lang, symbols, fetched_at)
        SELECT t.source, t.id, t.published_at, t.title, t.url, t.publisher, NULLIF(t.lang, ''), t.symbols, $1
        FROM unnest($2::text[], $3::text[], $4::int8[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])
            AS t(source, id, published_at, title, url, publisher, lang, symbols)
        ON CONFLICT (source, id) DO UPDATE SET published_at = excluded.published_at, title = excluded.title,
            url = excluded.url, publisher = excluded.publisher, lang = excluded.lang, symbols = excluded.symbols,
            fetched_at = excluded.fetched_at
        """

    /// The symbols already cached for each headline's source and id.
    private func known(_ headlines: [Headline], _ session: PostgresSession) throws -> [String: [AssetSymbol]] {
        var binds = PostgresBindings()
        binds.append(headlines.map(\.source))
        binds.append(headlines.map(\.id))
        let rows = try session.rows(
            """
            SELECT n.source, n.id, n.symbols FROM news n
            JOIN unnest($1::text[], $2::text[]) AS k(source, id) ON n.source = k.source AND n.id = k.id
            """, binds)
        var known: [String: [AssetSymbol]] = [:]
        for row in rows {
            let (source, id, symbols) = try row.decode((String, String, String).self)
            known[Self.key(source, id)] = Self.symbols(symbols)
        }
        return known
    }

    /// One headline per source and id (the last one given), each with the symbols it had
    /// before, then the new ones, in order.
    private func merge(_ headlines: [Headline], known: [String: [AssetSymbol]]) -> [Headline] {
        var symbols = known
        var latest: [String: Headline] = [:]
        var order: [String] = []
        for headline in headlines {
            let key = Self.key(headline.source, headline.id)
            if latest.updateValue(headline, forKey: key) == nil { order.append(key) }
            var about = symbols[key] ?? []
            for symbol in headline.symbols where !about.contains(symbol) { about.append(symbol) }
            symbols[key] = about
        }
        return order.map { key in
            let headline = latest[key]!
            return Headline(
                source: headline.source, id: headline.id, publishedAt: headline.publishedAt, title: headline.title,
                url: headline.url, publisher: headline.publisher, symbols: symbols[key] ?? [],
                language: headline.language)
        }
    }

    public func headlines(about symbols: [AssetSymbol], language: String?, since: Timestamp?, limit: Int) throws
        -> [Fetched<Headline>]
    {
        var binds = PostgresBindings()
        binds.append(since?.secondsSinceEpoch ?? Int64.min)
        binds.append(Int64(max(limit, 0)))
        var conditions = ["published_at >= $1"]
        if let language {
            binds.append(language)
            conditions.append("(lang IS NULL OR lang = $\(binds.count))")
        }
        if !symbols.isEmpty {
            binds.append(symbols.map(\.text))
            conditions.append(
                "EXISTS (SELECT 1 FROM news_symbols s WHERE s.source = news.source AND s.id = news.id AND s.symbol = ANY($\(binds.count)::text[]))"
            )
        }
        let sql = """
            SELECT source, id, published_at, title, url, publisher, lang, symbols, fetched_at FROM news
            WHERE \(conditions.joined(separator: " AND ")) ORDER BY published_at DESC, source, id LIMIT $2
            """
        return try pool.withSession { try $0.rows(sql, binds) }.map { row in
            let (source, id, publishedAt, title, url, publisher, lang, about) = try row.decode(
                (String, String, Int64, String, String, String, String?, String).self)
            let fetchedAt = try Array(row)[8].decode(Int64.self)
            let headline = Headline(
                source: source, id: id, publishedAt: Timestamp(secondsSinceEpoch: publishedAt), title: title,
                url: url, publisher: publisher, symbols: Self.symbols(about), language: lang)
            return Fetched(headline, fetchedAt: Timestamp(secondsSinceEpoch: fetchedAt))
        }
    }

    public func count() throws -> Int {
        Int(try pool.withSession { try $0.rows("SELECT count(*) FROM news") }.first?.decode(Int64.self) ?? 0)
    }

    private static func key(_ source: String, _ id: String) -> String { source + "\u{1F}" + id }

    private static func symbols(_ text: String) -> [AssetSymbol] {
        text.split(separator: " ").compactMap(AssetSymbol.init)
    }
}

/// The market data every server on one database shares: its cache and its headlines
/// (``MarketStores``), each call on a session of the market's own pool.
public final class PostgresMarketData: MarketStores {
    let pool: PostgresPool

    public init(pool: PostgresPool) {
        self.pool = pool
    }

    public var market: PostgresMarketCache { PostgresMarketCache(pool: pool) }
    public var news: PostgresNews { PostgresNews(pool: pool) }
}
