import LedgerCore
import LedgerInterchange

/// Maps ticker symbols to CoinGecko coin ids: the user's overrides first, then a curated map
/// of well-known coins, then `/coins/list` (fetched once and cached). A symbol shared by
/// several coins is an error that lists them; an override settles it.
struct CoinGeckoSymbols: Sendable {
    let endpoint: Endpoint
    let overrides: [String: String]
    let cache: any CoinListCache

    /// Well-known coins whose symbol many tokens copy.
    static let curated: [String: String] = [
        "BTC": "bitcoin", "ETH": "ethereum", "USDT": "tether", "USDC": "usd-coin", "SOL": "solana",
        "XRP": "ripple", "BNB": "binancecoin", "ADA": "cardano", "DOGE": "dogecoin", "DOT": "polkadot",
        "GRT": "the-graph", "KCS": "kucoin-shares", "1INCH": "1inch", "LTC": "litecoin", "LINK": "chainlink",
        "AVAX": "avalanche-2", "TRX": "tron", "XLM": "stellar", "ATOM": "cosmos", "XMR": "monero",
        "BCH": "bitcoin-cash", "UNI": "uniswap", "SHIB": "shiba-inu", "DAI": "dai", "MATIC": "matic-network",
    ]

    struct Resolution {
        var ids: [AssetSymbol: String] = [:]
        var failures: [AssetSymbol: MarketDataError] = [:]
    }

    func resolve(_ assets: [AssetSymbol]) throws(MarketDataError) -> Resolution {
        var resolution = Resolution()
        var pending: [AssetSymbol] = []
        for asset in assets {
            if let id = overrides[asset.text] ?? Self.curated[asset.text] {
                resolution.ids[asset] = id
            } else {
                pending.append(asset)
            }
        }
        guard !pending.isEmpty else { return resolution }
        let list = try coinList()
        var bySymbol: [String: [CoinListEntry]] = [:]
        for entry in list { bySymbol[entry.symbol.uppercased(), default: []].append(entry) }
        for asset in pending {
            let matches = bySymbol[asset.text] ?? []
            switch matches.count {
            case 0: resolution.failures[asset] = .unknownSymbol(source: endpoint.source, symbol: asset.text)
            case 1: resolution.ids[asset] = matches[0].id
            default:
                resolution.failures[asset] = .ambiguousSymbol(
                    source: endpoint.source, symbol: asset.text, candidates: matches.map(\.id).sorted())
            }
        }
        return resolution
    }

    func coinList() throws(MarketDataError) -> [CoinListEntry] {
        if let cached = cache.coinList(source: endpoint.source) { return cached }
        let json = try endpoint.json("/coins/list")
        if let message = json["status"]?["error_message"]?.stringValue { throw endpoint.apiError(message) }
        guard let rows = json.arrayValue else { throw endpoint.badShape("/coins/list did not return a list") }
        guard !rows.isEmpty else { throw .empty(source: endpoint.source, what: "coins in /coins/list") }
        let entries = rows.compactMap { row -> CoinListEntry? in
            guard let id = row["id"]?.stringValue, let symbol = row["symbol"]?.stringValue else { return nil }
            return CoinListEntry(id: id, symbol: symbol, name: row["name"]?.stringValue ?? id)
        }
        cache.storeCoinList(entries, source: endpoint.source)
        return entries
    }
}
