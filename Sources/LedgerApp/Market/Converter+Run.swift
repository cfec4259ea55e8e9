import LedgerCore
import LedgerStore

extension Converter {
    /// `ledger convert`: refreshes the rates the conversion needs (unless `offline`; a
    /// source that fails leaves a warning through `warn` and the cache is used), converts,
    /// lets `check` refuse the result (`--max-age`) before anything is written, then records
    /// the fetched rates and the conversion.
    public static func run(
        _ request: ConversionRequest, in store: Ledger, context: MarketContext, now: Timestamp, offline: Bool,
        warn: (String) -> Void, check: (Conversion) throws -> Void
    ) throws -> Conversion {
        let from = Asset(request.from, class: try store.events.assetClass(of: request.from))
        let to = Asset(request.to, class: try store.events.assetClass(of: request.to))
        var converter = Converter(store: store, now: now)
        let setup = offline ? nil : try MarketSetup(store: store, context: context)
        if let setup {
            converter.fresh = try RateRefresher(setup: setup, store: store.prices, now: now).refresh(
                from, to, date: request.date)
            for warning in converter.fresh.warnings { warn(warning) }
        }
        let conversion = try converter.convert(request)
        try check(conversion)
        try converter.fresh.record(in: store, fetchedAt: now)
        try setup?.commit()
        try store.market.recordConversion(conversion.record)
        return conversion
    }

    /// The conversions recorded, newest first (`ledger convert --history`).
    public static func history(in store: Ledger) throws -> [ConversionRecord] {
        try store.market.conversions()
    }
}
