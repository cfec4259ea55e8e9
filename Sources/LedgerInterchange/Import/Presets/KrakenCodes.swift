import LedgerCore

/// Kraken's asset codes: legacy X/Z prefixes (`XXBT`, `ZEUR`), `XBT` for BTC, `XDG` for DOGE,
/// and the suffixes of staked and earning balances (`DOT.S`, `DOT28.S`, `ETH2.S`, `USDC.M`,
/// `SOL.F`, `ETH.B`, `FLOW.H`, `.HOLD`, `.P`), which fold into the base asset.
enum KrakenCodes {
    static let aliases: [String: String] = [
        "XXBT": "BTC", "XBT": "BTC", "XBT.M": "BTC", "XETH": "ETH", "XXDG": "DOGE", "XDG": "DOGE",
        "ZEUR": "EUR", "ZUSD": "USD", "ZGBP": "GBP", "ZCAD": "CAD", "ZJPY": "JPY", "ZAUD": "AUD",
        "ZCHF": "CHF", "XLTC": "LTC", "XXRP": "XRP", "XXLM": "XLM", "XETC": "ETC", "XZEC": "ZEC",
        "XXMR": "XMR", "XREP": "REP", "XMLN": "MLN", "XICN": "ICN", "XNMC": "NMC", "XXVN": "XVN",
        "XDAO": "DAO", "ETH2": "ETH",
    ]

    static let quotes = [
        "ZEUR", "ZUSD", "ZGBP", "ZCAD", "ZJPY", "ZCHF", "ZAUD", "XXBT", "XETH", "PYUSD", "USDT", "USDC",
        "XBT", "EUR", "USD", "GBP", "CAD", "JPY", "CHF", "AUD", "ETH", "DAI", "DOT",
    ]

    static let codes = AssetCodes(aliases: aliases, quotes: quotes)

    /// The ledger asset for a Kraken code.
    static func asset(_ code: String, _ field: String) throws(RowError) -> Asset {
        try codes.asset(base(code), field)
    }

    /// `DOT28.S` → `DOT`, `ETH2.S` → `ETH`, `XXBT` → `BTC`.
    static func base(_ code: String) -> String {
        var upper = ImportText.trimmed(code).uppercased()
        for suffix in [".HOLD", ".S", ".M", ".P", ".F", ".B", ".H"] where upper.hasSuffix(suffix) {
            upper = String(upper.dropLast(suffix.count))
            if aliases[upper] == nil {
                while let last = upper.last, last.isNumber, upper.count > 1 { upper.removeLast() }
            }
            break
        }
        return aliases[upper] ?? upper
    }

    /// `ALGO/EUR`, `XXBTZEUR`, `XETHXXBT`, `DOTEUR`, `USDTZUSD`, `XBTPYUSD`.
    static func pair(_ text: String, _ field: String) throws(RowError) -> (base: Asset, quote: Asset) {
        let upper = ImportText.trimmed(text).uppercased()
        if upper.contains("/") {
            return try codes.pair(upper.split(separator: "/").map { base(String($0)) }.joined(separator: "/"), field)
        }
        let characters = Array(upper)
        if characters.count == 8, "XZ".contains(characters[0]), "XZ".contains(characters[4]),
            aliases[String(characters[0..<4])] != nil, aliases[String(characters[4...])] != nil
        {
            return (try asset(String(characters[0..<4]), field), try asset(String(characters[4...]), field))
        }
        for quote in quotes.sorted(by: { $0.count > $1.count })
        where upper.hasSuffix(quote) && upper.count > quote.count {
            return (try asset(String(upper.dropLast(quote.count)), field), try asset(quote, field))
        }
        throw RowError("\(field) '\(text)' is not a Kraken pair this preset can split")
    }
}
