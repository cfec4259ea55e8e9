/// Reference exchange rates of one base currency on one publication date: one unit of `base`
/// buys `rates[Q]` units of Q.
///
/// `requestedDate` is the date asked for (nil for "latest"); on a weekend or holiday the
/// publisher answers with an earlier working day, and `date` says which.
public struct FXRates: Hashable, Sendable {
    public let base: AssetSymbol
    public let date: LocalDate
    public let requestedDate: LocalDate?
    public let rates: [AssetSymbol: ExactDecimal]
    public let source: String

    public init(base: AssetSymbol, date: LocalDate, requestedDate: LocalDate?, rates: [AssetSymbol: ExactDecimal], source: String) {
        self.base = base
        self.date = date
        self.requestedDate = requestedDate
        self.rates = rates
        self.source = source
    }

    /// True when the publisher answered with another day than the one asked for.
    public var isFromEarlierDay: Bool { requestedDate.map { $0 != date } ?? false }

    /// The rates as price observations (one unit of `base` in each quote, at the start of
    /// `date`), the form valuation reads.
    public var observations: [PriceObservation] {
        rates.keys.sorted().compactMap { quote in
            guard quote != base, let rate = rates[quote] else { return nil }
            return PriceObservation(asset: base, quote: quote, observedAt: date.startOfDay, price: rate, source: source)
        }
    }
}

/// One match of a search by name or symbol.
public struct AssetSearchResult: Hashable, Sendable {
    /// The source's own id (`bitcoin` on CoinGecko).
    public let id: String
    public let symbol: String
    public let name: String
    public let rank: Int?

    public init(id: String, symbol: String, name: String, rank: Int?) {
        self.id = id
        self.symbol = symbol
        self.name = name
        self.rank = rank
    }
}
