import LedgerCore
import LedgerStore

/// The in-memory twin of the `prices` table of `LedgerPrices`: the same keys, upserts,
/// refusals and order, with no file. For tests.
public final class InMemoryPriceStore: PriceStore {
    private struct Key: Hashable {
        let asset: AssetSymbol
        let quote: AssetSymbol
        let observedAt: Timestamp
        let source: String
    }

    private var stored: [Key: RecordedPrice] = [:]

    public init() {}

    public func record(_ observations: [PriceObservation], fetchedAt: Timestamp) throws {
        if let problem = observations.lazy.compactMap(PriceRecordCheck.problem).first {
            throw StoreError.sqlite(problem)
        }
        for observation in observations {
            let key = Key(
                asset: observation.asset, quote: observation.quote, observedAt: observation.observedAt,
                source: observation.source)
            stored[key] = RecordedPrice(observation, fetchedAt: fetchedAt)
        }
    }

    public func observations(asset: AssetSymbol?) throws -> [RecordedPrice] {
        stored.values.filter { asset == nil || $0.observation.asset == asset }.sorted(by: Self.storeOrder)
    }

    public func pairs() throws -> [PricePair] {
        var seen = Set<PricePair>()
        return try observations(asset: nil).map { PricePair(asset: $0.observation.asset, quote: $0.observation.quote) }
            .filter { seen.insert($0).inserted }
    }

    public func observations(of pair: PricePair, around time: Timestamp, after limit: Int) throws
        -> [PriceObservation]
    {
        let series = try observations(asset: pair.asset).map(\.observation).filter { $0.quote == pair.quote }
        let head = series.last { $0.observedAt <= time }
        return (head.map { [$0] } ?? []) + series.filter { $0.observedAt > time }.prefix(limit)
    }

    public func observations(of pair: PricePair, at instant: Timestamp) throws -> [RecordedPrice] {
        try observations(asset: pair.asset).filter {
            $0.observation.quote == pair.quote && $0.observation.observedAt == instant
        }
    }

    /// SQLite's order: asset, quote, observed-at, source, text compared byte by byte.
    private static func storeOrder(_ lhs: RecordedPrice, _ rhs: RecordedPrice) -> Bool {
        let left = lhs.observation
        let right = rhs.observation
        if left.asset != right.asset { return left.asset.text.utf8.lexicographicallyPrecedes(right.asset.text.utf8) }
        if left.quote != right.quote { return left.quote.text.utf8.lexicographicallyPrecedes(right.quote.text.utf8) }
        if left.observedAt != right.observedAt { return left.observedAt < right.observedAt }
        return left.source.utf8.lexicographicallyPrecedes(right.source.utf8)
    }
}
