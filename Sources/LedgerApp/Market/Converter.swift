import LedgerApp
import LedgerCore
import LedgerMarketData
import LedgerStore

/// Converts from the cache alone: the price table's rate of FROM in TO at the time asked
/// (direct, inverted or through one bridge currency), with every observation it rests on.
struct Converter {
    let store: Ledger
    let now: Timestamp
    /// Fetched now and not yet recorded (recorded with the conversion).
    var fresh = RefreshedRates()

    /// One conversion: the record kept in the ledger, and how its rate was found.
    struct Conversion {
        let record: ConversionRecord
        let derivation: PriceDerivation
        /// When each leg's observation was fetched, in the order of `derivation.legs`.
        let legsFetchedAt: [Timestamp]
        /// The date whose rate was asked for (today, or `--date`).
        let requestedDate: LocalDate
        /// True when both sides are currencies and every observation is an ECB rate:
        /// freshness then follows ECB publication.
        let isPublishedFiatRate: Bool

        /// Seconds by which the rate is older than allowed to matter for `--max-age`: for ECB
        /// rates, since a newer one was due after the last fetch (zero while it is the latest
        /// published); otherwise the age of the observation.
        func staleness(now: Timestamp) -> Int64 {
            if isPublishedFiatRate { return FXRates.staleness(fetchedAt: record.rateFetchedAt, now: now) }
            return now.secondsSinceEpoch - record.rateObservedAt.secondsSinceEpoch
        }
    }

    func convert(_ request: ConversionRequest) throws -> Conversion {
        let time = request.date.map(\.endOfDay) ?? now
        let stored =
            try store.prices.observations(asset: nil) + fresh.allObservations.map { StoredPrice($0, fetchedAt: now) }
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
    static func noRate(_ request: ConversionRequest) -> CommandError {
        if let unpublished = [request.from, request.to].first(where: {
            $0.inferredClass == .fiat && !FrankfurterSource.publishes($0)
        }) {
            return .data(
                "no source publishes \(unpublished) rates (frankfurter has the ECB's \(FrankfurterSource.published.count) currencies, marked in 'ledger currencies'); record one with 'ledger prices set \(unpublished) RATE --currency \(unpublished == request.from ? request.to : request.from)'"
            )
        }
        let when = request.date.map { " on or before \($0)" } ?? ""
        return .data(
            "no rate for \(request.from) in \(request.to)\(when) in the cache; connect to the network and run 'ledger convert' again, or record one with 'ledger prices set \(request.from) RATE --currency \(request.to)'"
        )
    }
}
