import LedgerCore

extension LedgerMarketCache {
    /// Replaces the cached symbol → id map of `source`.
    public func replaceSymbolIDs(_ entries: [SymbolIDRecord], source: String, fetchedAt: Timestamp) throws {
        try ledger.guarded {
            try database.immediateTransaction {
                try database.prepare("DELETE FROM symbol_ids WHERE source = ?").run([.text(source)])
                let insert = try database.prepare(
                    "INSERT OR REPLACE INTO symbol_ids (source, symbol, id, name, fetched_at) VALUES (?, ?, ?, ?, ?)")
                for entry in entries {
                    try insert.run([
                        .text(source), .text(entry.symbol), .text(entry.id), .text(entry.name),
                        .integer(fetchedAt.secondsSinceEpoch),
                    ])
                    insert.reset()
                }
            }
        }
    }

    /// The cached symbol → id map of `source` and when it was fetched; nil when none is cached.
    public func symbolIDs(source: String) throws -> Fetched<[SymbolIDRecord]>? {
        let entries = try ledger.rows(
            "SELECT symbol, id, name, fetched_at FROM symbol_ids WHERE source = ? ORDER BY id", [.text(source)]
        ) { row in
            (SymbolIDRecord(symbol: row.text(0) ?? "", id: row.text(1) ?? "", name: row.text(2) ?? ""), row.int(3))
        }
        guard let oldest = entries.map(\.1).min() else { return nil }
        return Fetched(entries.map(\.0), fetchedAt: Timestamp(secondsSinceEpoch: oldest))
    }

    /// Records one conversion.
    public func recordConversion(_ conversion: ConversionRecord) throws {
        let sql = """
            INSERT INTO conversions (converted_at, amount, from_asset, to_asset, result, rate, rate_observed_at, rate_fetched_at, source)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """
        try ledger.write(
            sql,
            [
                [
                    .integer(conversion.convertedAt.secondsSinceEpoch), .text(conversion.amount.formatted()),
                    .text(conversion.from.text),
                    .text(conversion.to.text), .text(conversion.result.formatted()), .text(conversion.rate.formatted()),
                    .integer(conversion.rateObservedAt.secondsSinceEpoch),
                    .integer(conversion.rateFetchedAt.secondsSinceEpoch),
                    .text(conversion.source),
                ]
            ])
    }

    /// Recorded conversions, newest first (at most `limit`).
    public func conversions(limit: Int = 100) throws -> [ConversionRecord] {
        let sql = """
            SELECT converted_at, amount, from_asset, to_asset, result, rate, rate_observed_at, rate_fetched_at, source
            FROM conversions ORDER BY converted_at DESC, seq DESC LIMIT ?
            """
        return try ledger.rows(sql, [.integer(Int64(limit))]) { row in
            guard let from = AssetSymbol(row.text(2) ?? ""), let to = AssetSymbol(row.text(3) ?? "") else {
                throw StoreError.corruptRecord(
                    "a conversion names assets '\(row.text(2) ?? "")' and '\(row.text(3) ?? "")'")
            }
            return ConversionRecord(
                convertedAt: Timestamp(secondsSinceEpoch: row.int(0)), amount: try Ledger.decimal(row, 1), from: from,
                to: to,
                result: try Ledger.decimal(row, 4), rate: try Ledger.decimal(row, 5),
                rateObservedAt: Timestamp(secondsSinceEpoch: row.int(6)),
                rateFetchedAt: Timestamp(secondsSinceEpoch: row.int(7)),
                source: row.text(8) ?? ""
            )
        }
    }
}
