/// The best-known coins, which `add` records as crypto without asking a source (a fresh ledger
/// with no network still takes `add buy BTC 0.1 @ 30000`). A symbol here is a coin even where a
/// stock exchange lists the same ticker (Yahoo's `BTC` is an ETF); `--class` overrides it.
/// Keep it short: each entry is a symbol people mean as the coin (docs/MARKET-DATA.md).
public enum WellKnownCoin {
    /// Symbol → name.
    public static let named: [String: String] = [
        "BTC": "Bitcoin", "ETH": "Ethereum", "USDT": "Tether", "USDC": "USD Coin", "BNB": "BNB",
        "SOL": "Solana", "XRP": "XRP", "ADA": "Cardano", "DOGE": "Dogecoin", "DOT": "Polkadot",
        "TRX": "TRON", "LTC": "Litecoin", "LINK": "Chainlink", "AVAX": "Avalanche", "XLM": "Stellar",
        "ATOM": "Cosmos", "XMR": "Monero", "BCH": "Bitcoin Cash", "UNI": "Uniswap", "SHIB": "Shiba Inu",
        "DAI": "Dai", "MATIC": "Polygon", "GRT": "The Graph", "KCS": "KuCoin Token", "1INCH": "1inch",
        "ETC": "Ethereum Classic", "XTZ": "Tezos", "ALGO": "Algorand", "FIL": "Filecoin", "NEAR": "NEAR",
        "BUSD": "Binance USD",
    ]

    /// True when `symbol` is one of ``named``.
    public static func contains(_ symbol: AssetSymbol) -> Bool { named[symbol.text] != nil }
}
