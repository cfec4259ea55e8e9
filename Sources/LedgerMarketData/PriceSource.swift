import LedgerCore

/// A source of market prices. Adapters for real vendors arrive with the market-data work;
/// the protocol is here so the shell can already be wired against it.
public protocol PriceSource: Sendable {
    /// A short name shown next to every price it supplied (`coingecko`).
    var name: String { get }
}
