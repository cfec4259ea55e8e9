import Synchronization

/// One coin of a source's coin list: its id and the symbol and name it goes by.
public struct CoinListEntry: Hashable, Sendable {
    public let id: String
    public let symbol: String
    public let name: String

    public init(id: String, symbol: String, name: String) {
        self.id = id
        self.symbol = symbol
        self.name = name
    }
}

/// Where an adapter keeps its symbol → id list between runs (the ledger file, in the CLI).
public protocol CoinListCache: Sendable {
    /// The cached list of `source`, or nil when there is none or it is too old to trust.
    func coinList(source: String) -> [CoinListEntry]?
    /// Replaces the cached list of `source`.
    func storeCoinList(_ entries: [CoinListEntry], source: String)
}

/// A coin-list cache in memory (tests, and runs without a ledger).
public final class InMemoryCoinListCache: CoinListCache {
    private let lists: Mutex<[String: [CoinListEntry]]>

    public init(_ lists: [String: [CoinListEntry]] = [:]) {
        self.lists = Mutex(lists)
    }

    public func coinList(source: String) -> [CoinListEntry]? { lists.withLock { $0[source] } }

    public func storeCoinList(_ entries: [CoinListEntry], source: String) { lists.withLock { $0[source] = entries } }
}
