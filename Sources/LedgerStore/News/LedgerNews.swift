import LedgerCore

/// The headlines cached in a ledger file (migration 0015-news). `ledger news` and
/// `market show` write them; `news --offline`, `report --news` and the fallback after a
/// failed fetch read them.
public struct LedgerNews {
    package let ledger: Ledger
    var database: SQLiteDatabase { ledger.database }

    /// Records headlines in one transaction. A headline already cached (same source and id)
    /// is updated in place, and keeps the symbols it had besides the new ones.
    public func record(_ headlines: [Headline], fetchedAt: Timestamp) throws {
        guard !headlines.isEmpty else { return }
        try ledger.guarded {
            try database.immediateTransaction {
                for headline in headlines { try upsert(headline, fetchedAt: fetchedAt) }
            }
        }
    }

    private func upsert(_ headline: Headline, fetchedAt: Timestamp) throws {
        let key: [SQLiteValue] = [.text(headline.source), .text(headline.id)]
        let known = try rows("SELECT symbols FROM news WHERE source = ? AND id = ?", key) { $0.text(0) ?? "" }
        var symbols = known.first.map(Self.symbols) ?? []
        for symbol in headline.symbols where !symbols.contains(symbol) { symbols.append(symbol) }
        let upsert = """
            INSERT INTO news (source, id, published_at, title, url, publisher, lang, symbols, fetched_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (source, id) DO UPDATE SET published_at = excluded.published_at, title = excluded.title,
                url = excluded.url, publisher = excluded.publisher, lang = excluded.lang,
                symbols = excluded.symbols, fetched_at = excluded.fetched_at
            """
        try run(
            upsert,
            key + [
                .integer(headline.publishedAt.secondsSinceEpoch), .text(headline.title), .text(headline.url),
                .text(headline.publisher), .optionalText(headline.language),
                .text(symbols.map(\.text).joined(separator: " ")), .integer(fetchedAt.secondsSinceEpoch),
            ])
        for symbol in symbols {
            try run(
                "INSERT OR IGNORE INTO news_symbols (symbol, source, id) VALUES (?, ?, ?)", [.text(symbol.text)] + key)
        }
    }

    /// The newest cached headlines about any of `symbols` (every headline when empty), in
    /// `language` (or with none recorded), published at or after `since`; newest first.
    public func headlines(about symbols: [AssetSymbol], language: String?, since: Timestamp?, limit: Int) throws
        -> [Fetched<Headline>]
    {
        var conditions = ["published_at >= ?"]
        var arguments: [SQLiteValue] = [.integer(since?.secondsSinceEpoch ?? Int64.min)]
        if let language {
            conditions.append("(lang IS NULL OR lang = ?)")
            arguments.append(.text(language))
        }
        if !symbols.isEmpty {
            let marks = Array(repeating: "?", count: symbols.count).joined(separator: ", ")
            conditions.append(
                "EXISTS (SELECT 1 FROM news_symbols s WHERE s.source = news.source AND s.id = news.id AND s.symbol IN (\(marks)))"
            )
            arguments += symbols.map { .text($0.text) }
        }
        let sql = """
            SELECT source, id, published_at, title, url, publisher, lang, symbols, fetched_at FROM news
            WHERE \(conditions.joined(separator: " AND ")) ORDER BY published_at DESC, source, id LIMIT ?
            """
        return try rows(sql, arguments + [.integer(Int64(max(limit, 0)))]) { row in
            let headline = Headline(
                source: row.text(0) ?? "", id: row.text(1) ?? "", publishedAt: Timestamp(secondsSinceEpoch: row.int(2)),
                title: row.text(3) ?? "", url: row.text(4) ?? "", publisher: row.text(5) ?? "",
                symbols: Self.symbols(row.text(7) ?? ""), language: row.text(6))
            return Fetched(headline, fetchedAt: Timestamp(secondsSinceEpoch: row.int(8)))
        }
    }

    /// How many headlines are cached.
    public func count() throws -> Int {
        try rows("SELECT count(*) FROM news", []) { Int($0.int(0)) }.first ?? 0
    }

    private static func symbols(_ text: String) -> [AssetSymbol] {
        text.split(separator: " ").compactMap(AssetSymbol.init)
    }

    private func rows<T>(_ sql: String, _ arguments: [SQLiteValue], _ map: (SQLiteStatement) throws -> T) throws
        -> [T]
    {
        try ledger.rows(sql, arguments, map)
    }

    private func run(_ sql: String, _ values: [SQLiteValue]) throws {
        let statement = try database.prepare(sql)
        defer { statement.reset() }
        try statement.run(values)
    }
}

extension Ledger {
    /// The headline cache.
    public var news: LedgerNews { LedgerNews(ledger: self) }
}
