import LedgerCore
import LedgerStore

/// Converts from the cache alone: the price table's rate of FROM in TO at the time asked
/// (direct, inverted or through one bridge currency), with when it was observed and fetched.
struct Converter {
    let store: SQLiteEventStore
    let now: Timestamp
    /// Fetched now and not yet recorded (recorded with the conversion).
    var fresh = RefreshedRates()

    struct Conversion {
        let record: ConversionRecord
        /// The rate's publication date when it is an FX rate.
        let publishedFor: LocalDate?
        let requestedDate: LocalDate

        /// "100 EUR = 163.08 AUD", the rate, and when the rates were last updated.
        func text(now: Timestamp) -> String {
            let record = record
            var lines = ["\(record.amount) \(record.from) = \(ConversionOutput.amount(record.result, record.to)) \(record.to)"]
            var rateLine = "1 \(record.from) = \(ConversionOutput.rate(record.rate)) \(record.to) (\(record.source)"
            if let publishedFor {
                rateLine += ", ECB rate of \(publishedFor)"
                if publishedFor < requestedDate { rateLine += ": none is published on \(requestedDate), a weekend or holiday" }
            } else {
                rateLine += ", observed \(record.rateObservedAt.compactDescription)"
            }
            lines.append(rateLine + ")")
            lines.append("rates last updated \(record.rateFetchedAt) (\(Age.ago(record.rateFetchedAt, now: now)))")
            return lines.joined(separator: "\n") + "\n"
        }
    }

    func convert(_ request: ConversionRequest) throws -> Conversion {
        let time = request.date.map(\.endOfDay) ?? now
        let stored = try store.observations(asset: nil) + fresh.allObservations.map { StoredPrice($0, fetchedAt: now) }
        guard let quote = PriceTable(stored.map(\.observation)).price(of: request.from, in: request.to, at: time) else {
            let when = request.date.map { " on or before \($0)" } ?? ""
            throw CommandFailure.data("no rate for \(request.from) in \(request.to)\(when) in the cache; connect to the network and run 'ledger convert' again, or record one with 'ledger prices set \(request.from) RATE --currency \(request.to)'")
        }
        let fetched = CachedRate.fetchedAt(quote, in: stored)
        let record = ConversionRecord(
            convertedAt: now, amount: request.amount, from: request.from, to: request.to,
            result: request.amount * quote.value, rate: quote.value, rateObservedAt: quote.observedAt,
            rateFetchedAt: fetched, source: quote.source
        )
        let published = try fresh.fxRates.first { $0.date <= time.date && ($0.rates[request.to] != nil || $0.rates[request.from] != nil) }?.date
            ?? store.fxRateDate(request.from, request.to, onOrBefore: time.date)?.value
        let isFX = published != nil && quote.observedAt == published.map(FXRates.publishedAt)
        return Conversion(record: record, publishedFor: isFX ? published : nil, requestedDate: time.date)
    }
}
