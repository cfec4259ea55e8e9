import LedgerCore

/// How `add` learned the class of a symbol new to the ledger, shown in its output:
/// `VOO: etf (yahoo: ETF)`, `BTC: crypto (a well-known coin)`.
public struct AssetClassification: Sendable, Equatable {
    public let symbol: AssetSymbol
    public let assetClass: AssetClass
    /// Where the class came from, in a few words.
    public let reason: String
    /// True when a source was asked just now (the answer is then cached in the ledger).
    public let lookedUp: Bool

    public init(symbol: AssetSymbol, assetClass: AssetClass, reason: String, lookedUp: Bool = false) {
        self.symbol = symbol
        self.assetClass = assetClass
        self.reason = reason
        self.lookedUp = lookedUp
    }

    /// `VOO: etf (yahoo: ETF)`.
    public var line: String { "\(symbol): \(assetClass) (\(reason))" }

    /// The settings key of a cached lookup (`asset_class.VOO`; ``SymbolClassifier``).
    static func cacheKey(_ symbol: AssetSymbol) -> String { "asset_class." + symbol.text }

    /// The settings value of a cached lookup: `etf yahoo: ETF`.
    var cacheValue: String { "\(assetClass.rawValue) \(reason)" }

    /// A cached lookup read back, or nil for a value this version cannot read.
    static func cached(_ symbol: AssetSymbol, _ value: String) -> AssetClassification? {
        let parts = value.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, let assetClass = AssetClass(rawValue: String(parts[0])) else { return nil }
        return AssetClassification(symbol: symbol, assetClass: assetClass, reason: "\(parts[1]), looked up before")
    }
}
