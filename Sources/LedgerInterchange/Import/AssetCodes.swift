import LedgerCore

/// Turning an exchange's asset codes and pairs into the ledger's symbols.
public struct AssetCodes: Sendable {
    /// Exchange code → ledger symbol (`XBT` → `BTC`).
    public let aliases: [String: String]
    /// Quote assets to split concatenated pairs with (`BTCUSDT` → BTC / USDT), longest first.
    public let quotes: [String]

    public init(aliases: [String: String] = [:], quotes: [String] = AssetCodes.commonQuotes) {
        self.aliases = aliases
        self.quotes = quotes.sorted { $0.count > $1.count }
    }

    /// Quote assets of concatenated pairs (Binance, Gemini), as the importers of record list them.
    public static let commonQuotes = [
        "AEUR", "BNB", "BTC", "BUSD", "DAI", "DOGE", "DOT", "ETH", "EUR", "EURI", "FDUSD", "GBP",
        "TRY", "TUSD", "USDC", "USDP", "USDS", "USDT", "XRP", "USD", "SGD", "AUD", "CAD", "JPY",
        "BRL", "CHF", "ZAR", "UAH", "RUB", "NGN", "PLN", "RON", "ARS", "IDR", "MXN", "COP", "CZK",
        "GUSD", "PAXG", "TRX", "SOL", "PYUSD",
    ]

    /// Tickers that start with a digit, so that `10.51INCH` splits as 10.5 + 1INCH.
    public static let digitLeading = [
        "1INCH", "1000SATS", "1MBABYDOGE", "1000CAT", "1000PEPE", "1000SHIB", "0G", "2Z", "3KM",
    ]

    /// The ledger's asset for an exchange code, or an error naming the field.
    public func asset(_ code: String, _ field: String) throws(RowError) -> Asset {
        let upper = ImportText.trimmed(code).uppercased()
        guard !upper.isEmpty else { throw RowError("\(field) is empty") }
        let name = aliases[upper] ?? upper
        guard let symbol = AssetSymbol(name) else { throw RowError("\(field) '\(code)' is not an asset code") }
        return Asset(symbol)
    }

    /// Splits `BASE-QUOTE`, `BASE/QUOTE`, `BASE_QUOTE` or a concatenated pair (`BTCUSDT`,
    /// `XXBTZEUR` with Kraken's aliases) into its two assets.
    public func pair(_ text: String, _ field: String) throws(RowError) -> (base: Asset, quote: Asset) {
        let upper = ImportText.trimmed(text).uppercased()
        for separator in ["-", "/", "_"] where upper.contains(separator) {
            let parts = upper.split(separator: Character(separator))
            guard parts.count == 2 else { break }
            return (try asset(String(parts[0]), field), try asset(String(parts[1]), field))
        }
        if let quote = quotes.first(where: { upper.hasSuffix($0) && upper.count > $0.count }) {
            return (try asset(String(upper.dropLast(quote.count)), field), try asset(quote, field))
        }
        throw RowError("\(field) '\(text)' is not a pair this preset can split; expected e.g. BTC-USD or BTCUSDT")
    }

    /// Splits an amount glued to its asset (`0.1800000000SOL`, `1,234.56USDT`, `0.05 ETH`).
    /// `expected` symbols are tried first (the pair's base and quote), then the known
    /// digit-leading tickers, then the letters after the number.
    public func glued(_ text: String, _ field: String, expected: [Asset] = []) throws(RowError) -> AssetAmount {
        let body = ImportText.trimmed(text)
        let upper = body.uppercased()
        let candidates = expected.map(\.symbol.text) + Self.digitLeading + Array(aliases.keys)
        for code in candidates.sorted(by: { $0.count > $1.count })
        where upper.hasSuffix(code) && upper.count > code.count {
            let number = String(body.dropLast(code.count))
            guard number.last.map({ $0.isNumber || $0 == " " }) == true else { continue }
            return AssetAmount(try ImportNumber.money(number, field), try asset(code, field))
        }
        guard
            let start = upper.lastIndex(where: { !$0.isLetter && !$0.isNumber }).map({ upper.index(after: $0) })
                ?? upper.firstIndex(where: \.isLetter)
        else {
            throw RowError("\(field) '\(text)' names no asset; expected e.g. 0.5BTC")
        }
        var split = start
        while split < upper.endIndex, upper[split].isNumber { split = upper.index(after: split) }
        let code = String(upper[split...])
        guard !code.isEmpty else { throw RowError("\(field) '\(text)' names no asset; expected e.g. 0.5BTC") }
        return AssetAmount(try ImportNumber.money(String(upper[..<split]), field), try asset(code, field))
    }
}
