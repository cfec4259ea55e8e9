import LedgerCore

/// `add` met a symbol it has no class for and would have had to guess (exit 1, nothing
/// written). Each sentence ends asking for `--class`.
public enum ClassificationError: UserFacingError, Equatable {
    /// A source could not be reached (or answered with an error); the reasons, one per source.
    case unreachable(AssetSymbol, reasons: [String])
    /// Yahoo lists it (its `quoteType`) and CoinGecko has a coin of that symbol.
    case disagree(AssetSymbol, yahoo: String, coins: [String])
    /// Neither source knows it.
    case unknown(AssetSymbol)
    /// Yahoo lists it as something that is not an asset class (an index, a currency pair).
    case notAnAssetClass(AssetSymbol, yahoo: String)
    /// `--offline`, and no earlier lookup is cached.
    case offline(AssetSymbol)

    public var category: ErrorCategory { .data }

    public var description: String {
        "could not tell what \(symbol) is: \(why); say it with --class stock|etf|fund|adr|warrant|bond|crypto"
    }

    private var symbol: AssetSymbol {
        switch self {
        case .unreachable(let symbol, _), .disagree(let symbol, _, _), .unknown(let symbol),
            .notAnAssetClass(let symbol, _), .offline(let symbol):
            symbol
        }
    }

    private var why: String {
        switch self {
        case .unreachable(_, let reasons): reasons.joined(separator: "; ")
        case .disagree(_, let yahoo, let coins):
            "yahoo lists it as \(yahoo) and coingecko has a coin of that symbol (\(Self.few(coins)))"
        case .unknown: "neither yahoo nor coingecko knows it"
        case .notAnAssetClass(_, let yahoo): "yahoo lists it as \(yahoo), which is not an asset class"
        case .offline: "--offline, and no earlier lookup is cached"
        }
    }

    /// Up to three coin ids, then how many more.
    static func few(_ ids: [String]) -> String {
        let shown = ids.prefix(3).joined(separator: ", ")
        return ids.count > 3 ? shown + " and \(ids.count - 3) more" : shown
    }
}
