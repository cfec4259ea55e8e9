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

    public init(
        base: AssetSymbol, date: LocalDate, requestedDate: LocalDate?, rates: [AssetSymbol: ExactDecimal],
        source: String
    ) {
        self.base = base
        self.date = date
        self.requestedDate = requestedDate
        self.rates = rates
        self.source = source
    }

    /// True when the publisher answered with another day than the one asked for.
    public var isFromEarlierDay: Bool { requestedDate.map { $0 != date } ?? false }

    /// The rates as price observations (one unit of `base` in each quote, stamped when they
    /// were published, ``publishedAt(_:)``), the form valuation reads.
    public var observations: [PriceObservation] {
        rates.keys.sorted().compactMap { quote in
            guard quote != base, let rate = rates[quote] else { return nil }
            return PriceObservation(
                asset: base, quote: quote, observedAt: Self.publishedAt(date), price: rate, source: source)
        }
    }

    /// When the ECB reference rates of `date` become known: 16:00 Frankfurt time (15:00 UTC
    /// under CET, 14:00 UTC under CEST, from the last Sunday of March to the last Sunday of
    /// October). A valuation earlier that day uses the previous working day's rates.
    public static func publishedAt(_ date: LocalDate) -> Timestamp {
        let summer = date >= lastSunday(of: 3, in: date.year) && date < lastSunday(of: 10, in: date.year)
        return date.startOfDay.adding(seconds: Int64(summer ? 14 : 15) * 3600)
    }

    /// The first publication due after `time`: ``publishedAt(_:)`` of the first working day
    /// (Monday to Friday) whose rates become known later than `time`. TARGET holidays are not
    /// known here, so they count as working days (a rate can read as stale one day early).
    public static func nextPublication(after time: Timestamp) -> Timestamp {
        var day = time.date
        while day.weekday == 0 || day.weekday == 6 || publishedAt(day) <= time { day = day.adding(days: 1) }
        return publishedAt(day)
    }

    /// How long a cached rate has been stale at `now`, in seconds: zero while no newer rate
    /// was due after it was fetched (it is the latest published, however long ago it was
    /// observed), else the time since the first newer one was due. Fiat freshness
    /// (`--max-age` of `convert` and `prices fetch`) is judged by this, not by the age.
    public static func staleness(fetchedAt: Timestamp, now: Timestamp) -> Int64 {
        max(0, now.secondsSinceEpoch - nextPublication(after: fetchedAt).secondsSinceEpoch)
    }

    private static func lastSunday(of month: Int, in year: Int) -> LocalDate {
        let last = LocalDate(year: year, month: month, day: 31)!
        return last.adding(days: -last.weekday)
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
