/// A price as a ledger records it: what was observed, and when the ledger recorded it (typed,
/// imported or fetched; a fresher fetch of the same key moves it forward). The store keeps
/// these and `prices show` lists them.
public struct RecordedPrice: Hashable, Sendable {
    public let observation: PriceObservation
    public let fetchedAt: Timestamp

    public init(_ observation: PriceObservation, fetchedAt: Timestamp) {
        self.observation = observation
        self.fetchedAt = fetchedAt
    }
}
