import LedgerCore

/// A cached value and when it was fetched.
public struct Fetched<Value: Sendable>: Sendable {
    public let value: Value
    public let fetchedAt: Timestamp

    public init(_ value: Value, fetchedAt: Timestamp) {
        self.value = value
        self.fetchedAt = fetchedAt
    }
}

extension Fetched: Equatable where Value: Equatable {}

/// One entry of a cached symbol → id map (CoinGecko's `/coins/list`).
public struct SymbolIDRecord: Hashable, Sendable {
    public let symbol: String
    public let id: String
    public let name: String

    public init(symbol: String, id: String, name: String) {
        self.symbol = symbol
        self.id = id
        self.name = name
    }
}
