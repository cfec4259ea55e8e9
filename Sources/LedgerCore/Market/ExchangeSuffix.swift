/// The exchange a stock symbol's suffix names (`SAP.DE`, `7203.T`, `VOD.L`; Yahoo's
/// convention, which the ledger's symbols follow), with what each source calls it and the
/// currency its prices are quoted in. The one table of exchange suffixes: sources map symbols
/// through it, and classification may use it to tell a listed share from a coin.
///
/// A symbol without a known suffix is a US listing; a dot that is not a known suffix is a
/// share class (`BRK.B`), which Yahoo and Stooq write with a dash (`BRK-B`, `brk-b.us`).
public struct ExchangeSuffix: Hashable, Sendable {
    /// Yahoo's suffix without the dot (`DE`); empty for US listings.
    public let yahoo: String
    /// Stooq's suffix without the dot (`de`), or nil when Stooq does not list that exchange.
    public let stooq: String?
    /// ISO 3166 country code.
    public let country: String
    /// The currency the ledger records prices in (`GBP` for London).
    public let currency: AssetSymbol
    /// How many of the quoted unit make one `currency`: 100 for London, whose prices are in
    /// pence (GBX, Yahoo's `GBp`); 1 elsewhere. Sources divide by it, exactly.
    public let minorUnits: Int
    /// The exchange, as people name it.
    public let exchange: String

    init(_ yahoo: String, stooq: String?, _ country: String, _ currency: String, minor: Int = 1, _ exchange: String) {
        self.yahoo = yahoo
        self.stooq = stooq
        self.country = country
        self.currency = AssetSymbol(currency)!
        self.minorUnits = minor
        self.exchange = exchange
    }

    /// US listings (no suffix).
    public static let unitedStates = ExchangeSuffix("", stooq: "us", "US", "USD", "NYSE/Nasdaq")

    /// Every suffix known, US first.
    public static let all: [ExchangeSuffix] = [
        unitedStates,
        ExchangeSuffix("L", stooq: "uk", "GB", "GBP", minor: 100, "London Stock Exchange"),
        ExchangeSuffix("DE", stooq: "de", "DE", "EUR", "Xetra"),
        ExchangeSuffix("F", stooq: "de", "DE", "EUR", "Frankfurt"),
        ExchangeSuffix("T", stooq: "jp", "JP", "JPY", "Tokyo Stock Exchange"),
        ExchangeSuffix("HK", stooq: "hk", "HK", "HKD", "Hong Kong Exchanges"),
        ExchangeSuffix("BD", stooq: "hu", "HU", "HUF", "Budapest Stock Exchange"),
        ExchangeSuffix("PA", stooq: nil, "FR", "EUR", "Euronext Paris"),
        ExchangeSuffix("AS", stooq: nil, "NL", "EUR", "Euronext Amsterdam"),
        ExchangeSuffix("MI", stooq: nil, "IT", "EUR", "Borsa Italiana"),
        ExchangeSuffix("MC", stooq: nil, "ES", "EUR", "Bolsa de Madrid"),
        ExchangeSuffix("SW", stooq: nil, "CH", "CHF", "SIX Swiss Exchange"),
        ExchangeSuffix("TO", stooq: nil, "CA", "CAD", "Toronto Stock Exchange"),
        ExchangeSuffix("AX", stooq: nil, "AU", "AUD", "ASX"),
    ]

    private static let byYahoo: [String: ExchangeSuffix] = Dictionary(
        uniqueKeysWithValues: all.map { ($0.yahoo, $0) })

    /// The listing a symbol names: its ticker (share class dots kept) and exchange.
    public static func split(_ symbol: AssetSymbol) -> (ticker: String, exchange: ExchangeSuffix) {
        let text = symbol.text
        if let dot = text.lastIndex(of: "."), let suffix = byYahoo[String(text[text.index(after: dot)...])],
            !suffix.yahoo.isEmpty
        {
            return (String(text[..<dot]), suffix)
        }
        return (text, unitedStates)
    }

    /// The symbol on Stooq (`brk-b.us`, `sap.de`, `7203.jp`), or nil when Stooq does not list
    /// the exchange.
    public static func stooqSymbol(_ symbol: AssetSymbol) -> String? {
        let (ticker, exchange) = split(symbol)
        guard let suffix = exchange.stooq else { return nil }
        return ticker.lowercased().replacingDots() + "." + suffix
    }

    /// The symbol on Yahoo: share-class dots as dashes, the exchange suffix kept (`BRK-B`,
    /// `SAP.DE`, `BT-A.L`).
    public static func yahooSymbol(_ symbol: AssetSymbol) -> String {
        let (ticker, exchange) = split(symbol)
        return ticker.replacingDots() + (exchange.yahoo.isEmpty ? "" : "." + exchange.yahoo)
    }

    /// A currency code as a quote gives it, with minor units named apart (Yahoo's `GBp`, `GBX`,
    /// `ZAc`, `ILA`): the currency to record and the number of quoted units in one of it.
    public static func currency(quoted code: String) -> (currency: AssetSymbol, minorUnits: Int)? {
        switch code {
        case "GBp", "GBX": return (AssetSymbol("GBP")!, 100)
        case "ZAc", "ZAC": return (AssetSymbol("ZAR")!, 100)
        case "ILA": return (AssetSymbol("ILS")!, 100)
        default: return AssetSymbol(code).map { ($0, 1) }
        }
    }
}

extension String {
    fileprivate func replacingDots() -> String {
        String(map { $0 == "." ? "-" : $0 })
    }
}
