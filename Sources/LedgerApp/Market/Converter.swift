import LedgerCore
import LedgerMarketData
import LedgerStore

/// Converts from the cache alone: the price table's rate of FROM in TO at the time asked
/// (direct, inverted or through one bridge currency), with every observation it rests on.
public struct Converter {
    let store: Ledger
    let now: Timestamp
    /// Fetched now and not yet recorded (recorded with the conversion).
    public var fresh = RefreshedRates()

    public init(store: Ledger, now: Timestamp) {
        self.store = store
        self.now = now
    }

    /// One conversion: the record kept in the ledger, and how its rate was found.
    public struct Conversion {
        public let record: ConversionRecord
        public let derivation: PriceDerivation
        /// When each leg's observation was fetched, in the order of `derivation.legs`.
        public let legsFetchedAt: [Timestamp]
        /// The date whose rate was asked for (today, or `--date`).
        public let requestedDate: LocalDate
        /// True when both sides are currencies and every observation is an ECB rate:
        /// freshness then follows ECB publication.
        public let isPublishedFiatRate: Bool

        /// Seconds by which the rate is older than allowed to matter for `--max-age`: for ECB
        /// rates, since a newer one was due after the last fetch (zero while it is the latest
        /// published); otherwise the age of the observation.
        public func staleness(now: Timestamp) -> Int64 {
            if isPublishedFiatRate { return FXRates.staleness(fetchedAt: record.rateFetchedAt, now: now) }
            return now.secondsSinceEpoch - record.rateObservedAt.secondsSinceEpoch
        }
    }

    public func convert(_ request: ConversionRequest) throws -> Conversion {
        let time = request.date.map(\.endOfDay) ?? now
        let stored =
            try store.prices.observations(asset: nil) + fresh.allObservations.map { RecordedPrice($0, fetchedAt: now) }
        guard
            let derivation = PriceTable(stored.map(\.observation)).derivation(
                of: request.from, in: request.to, at: time)
        else {
            throw Self.noRate(request)
        }
        let quote = derivation.quote(at: time)
        let legs = derivation.legs
        let fetched = legs.map { CachedRate.fetchedAt($0.observation, in: stored) }
        var sources: [String] = []
        for leg in legs where !sources.contains(leg.observation.source) { sources.append(leg.observation.source) }
        let record = ConversionRecord(
            convertedAt: now, amount: request.amount, from: request.from, to: request.to,
            result: derivation.convert(request.amount), rate: quote.value, rateObservedAt: quote.observedAt,
            rateFetchedAt: fetched.min() ?? now,
            source: sources.isEmpty ? quote.source : sources.joined(separator: ", ")
        )
        let published =
            request.from.inferredClass == .fiat && request.to.inferredClass == .fiat
            && legs.allSatisfy {
                ECBRate.isPublication(source: $0.observation.source, observedAt: $0.observation.observedAt)
            }
        return Conversion(
            record: record, derivation: derivation, legsFetchedAt: fetched, requestedDate: time.date,
            isPublishedFiatRate: published)
    }

    /// No rate in the cache: a currency no source publishes says so; otherwise the way to
    /// get one.
    static func noRate(_ request: ConversionRequest) -> MarketServiceError {
        if let unpublished = [request.from, request.to].first(where: {
            $0.inferredClass == .fiat && !FrankfurterSource.publishes($0)
        }) {
            return .unpublishedRate(unpublished, other: unpublished == request.from ? request.to : request.from)
        }
        return .noCachedRate(from: request.from, to: request.to, date: request.date)
    }
}

/// AMOUNT FROM [TO] as values (the shell parses them from its words); TO is never FROM.
public struct ConversionRequest {
    public let amount: ExactDecimal
    public let from: AssetSymbol
    public let to: AssetSymbol
    public let date: LocalDate?

    public init(amount: ExactDecimal, from: AssetSymbol, to: AssetSymbol, date: LocalDate?) {
        self.amount = amount
        self.from = from
        self.to = to
        self.date = date
    }
}

/// ECB reference rates as the cache holds them: Frankfurter's, stamped at the publication time
/// of their date. Only these follow the publication rule of freshness; a rate set by hand or
/// imported ages from its observation like any price.
public enum ECBRate {
    public static func isPublication(source: String, observedAt: Timestamp) -> Bool {
        source == "frankfurter" && observedAt == FXRates.publishedAt(observedAt.date)
    }
}
