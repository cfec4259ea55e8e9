import LedgerCore
import LedgerStore

/// One user's price table in PostgreSQL (`prices`): the contract of ``PriceStore``, as the
/// ledger file's `prices` keeps it (exact decimal text, whole seconds, byte order).
public struct PostgresPrices: VersionedPriceStore {
    let ledger: PostgresLedger
    private var session: PostgresSession { ledger.session }

    private static let columns = "asset, quote, observed_at, price, source, fetched_at"

    public func record(_ observations: [PriceObservation], fetchedAt: Timestamp) throws {
        guard !observations.isEmpty else { return }
        if let problem = observations.lazy.compactMap(PriceRecordCheck.problem).first {
            throw StoreError.sqlite(problem)
        }
        // One statement may not update a row twice: the later of two equal keys is kept here.
        var latest: [String: PriceObservation] = [:]
        var order: [String] = []
        for observation in observations {
            let key =
                "\(observation.asset) \(observation.quote) \(observation.observedAt.secondsSinceEpoch) \(observation.source)"
            if latest.updateValue(observation, forKey: key) == nil { order.append(key) }
        }
        let kept = order.map { latest[$0]! }
        var binds = ledger.binds()
        binds.append(fetchedAt.secondsSinceEpoch)
        binds.append(kept.map(\.asset.text))
        binds.append(kept.map(\.quote.text))
        binds.append(kept.map(\.observedAt.secondsSinceEpoch))
        binds.append(kept.map { $0.price.formatted() })
        binds.append(kept.map(\.source))
        try session.transaction {
            try session.rows(Self.upsertSQL, binds)
            try session.rows(Self.bumpVersionSQL, ledger.binds())
        }
    }

    /// The user's price table's change counter (0 before the first write), moved by every
    /// ``record(_:fetchedAt:)`` in its transaction: what a snapshot's `prices_version` names.
    public func version() throws -> Int64 {
        try ledger.glance().pricesVersion
    }

    public func lastObservedAt() throws -> Timestamp? {
        try session.rows("SELECT max(observed_at) FROM prices WHERE user_id = $1", ledger.binds()).first?
            .decode(Int64?.self).map(Timestamp.init(secondsSinceEpoch:))
    }

    private static let bumpVersionSQL = """
        INSERT INTO price_versions (user_id, value) VALUES ($1, 1)
        ON CONFLICT (user_id) DO UPDATE SET value = price_versions.value + 1
        """

    private static let upsertSQL = """
        INSERT INTO prices (user_id, \(Self.columns))
        SELECT $1, t.asset, t.quote, t.observed_at, t.price, t.source, $2
        FROM unnest($3::text[], $4::text[], $5::int8[], $6::text[], $7::text[])
            AS t(asset, quote, observed_at, price, source)
        ON CONFLICT (user_id, asset, quote, observed_at, source) DO UPDATE
        SET price = excluded.price, fetched_at = excluded.fetched_at
        """

    public func observations(asset: AssetSymbol?) throws -> [RecordedPrice] {
        var binds = ledger.binds()
        if let asset { binds.append(asset.text) }
        return try read(asset == nil ? "" : " AND asset = $2", " ORDER BY asset, quote, observed_at, source", binds)
    }

    public func pairs() throws -> [PricePair] {
        try session.rows(
            "SELECT DISTINCT asset, quote FROM prices WHERE user_id = $1 ORDER BY asset, quote", ledger.binds()
        ).map { row in
            let (asset, quote) = try row.decode((String, String).self)
            return PricePair(asset: try Self.symbol(asset), quote: try Self.symbol(quote))
        }
    }

    public func observations(of pair: PricePair, around time: Timestamp, after limit: Int) throws
        -> [PriceObservation]
    {
        let binds = pairBinds(pair, time)
        var found = try read(
            Self.pairWhere + " AND observed_at <= $4", " ORDER BY observed_at DESC, source DESC LIMIT 1", binds)
        found += try read(
            Self.pairWhere + " AND observed_at > $4", " ORDER BY observed_at, source LIMIT \(max(0, limit))", binds)
        return found.map(\.observation)
    }

    public func observations(of pair: PricePair, at instant: Timestamp) throws -> [RecordedPrice] {
        try read(Self.pairWhere + " AND observed_at = $4", " ORDER BY source", pairBinds(pair, instant))
    }

    private static let pairWhere = " AND asset = $2 AND quote = $3"

    private func pairBinds(_ pair: PricePair, _ time: Timestamp) -> PostgresBindings {
        var binds = ledger.binds()
        binds.append(pair.asset.text)
        binds.append(pair.quote.text)
        binds.append(time.secondsSinceEpoch)
        return binds
    }

    private func read(_ condition: String, _ order: String, _ binds: PostgresBindings) throws -> [RecordedPrice] {
        try session.rows("SELECT \(Self.columns) FROM prices WHERE user_id = $1\(condition)\(order)", binds).map {
            let (asset, quote, observedAt, price, source, fetchedAt) = try $0.decode(
                (String, String, Int64, String, String, Int64).self)
            guard case .success(let value) = ExactDecimal.parse(price) else {
                throw StoreError.corruptRecord("the price of '\(asset)' in '\(quote)' is stored as '\(price)'")
            }
            let observation = PriceObservation(
                asset: try Self.symbol(asset), quote: try Self.symbol(quote),
                observedAt: Timestamp(secondsSinceEpoch: observedAt), price: value, source: source)
            return RecordedPrice(observation, fetchedAt: Timestamp(secondsSinceEpoch: fetchedAt))
        }
    }

    private static func symbol(_ text: String) throws -> AssetSymbol {
        guard let symbol = AssetSymbol(text) else { throw StoreError.corruptRecord("a price's asset reads '\(text)'") }
        return symbol
    }
}
