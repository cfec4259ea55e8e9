import LedgerCore

/// The ledger's price table: market data, not books. Unlike the event log it is not
/// append-only: an observation is keyed by (asset, quote, observed at, source), and recording
/// the same key again replaces its price and fetch time.
///
/// Implementations: ``LedgerPrices`` (the `prices` table of the ledger file) and, in
/// LedgerTestSupport, `InMemoryPriceStore`, held to the same contract by the tests.
///
/// As a ``PriceSeriesSource`` it answers a report's lookups one pair and one window at a time
/// (``PriceTable/init(reading:)``): `pairs()` and `observations(of:around:after:)` are index
/// lookups, never a scan of the table.
public protocol PriceStore: PriceSeriesSource {
    /// Records `observations` as one transaction (all or none), each replacing any stored
    /// observation with the same key; within one call a later duplicate key wins.
    /// Refuses (and records nothing) a negative or overflowed price, or an asset priced in
    /// itself.
    func record(_ observations: [PriceObservation], fetchedAt: Timestamp) throws
    /// Every stored observation, ready for valuation.
    func priceTable() throws -> PriceTable
    /// The stored observations of `asset` (every asset when nil), ordered by asset, quote,
    /// observed-at and source, oldest first.
    func observations(asset: AssetSymbol?) throws -> [RecordedPrice]
    /// The stored observations of `pair` made at `instant`, one per source, ordered by source:
    /// an index lookup (when a report's price was recorded).
    func observations(of pair: PricePair, at instant: Timestamp) throws -> [RecordedPrice]
}

extension PriceStore {
    public func priceTable() throws -> PriceTable {
        PriceTable(try observations(asset: nil).map(\.observation))
    }
}

/// Why an observation cannot be stored, in the words of the `prices` table's constraints
/// (the in-memory twin reports the same).
package enum PriceRecordCheck {
    /// SQLITE_CONSTRAINT_CHECK.
    package static let constraintCode: Int32 = 275

    package static func problem(_ observation: PriceObservation) -> SQLiteError? {
        let price = observation.price
        if price.isOverflow || price.isNegative {
            return SQLiteError(
                code: constraintCode,
                message: "CHECK constraint failed: price must be an exact decimal of 0 or more, got \(price)")
        }
        if observation.asset == observation.quote {
            return SQLiteError(
                code: constraintCode, message: "CHECK constraint failed: asset <> quote (\(observation.asset))")
        }
        return nil
    }
}
