import LedgerApp
import LedgerCore
import LedgerInterchange

/// What a user's books lack and how the web fills it: the valuations a replay of the whole
/// ledger now could not make (``ReplayRunner/pricesNeeded(currency:)``, what `prices fetch
/// --missing` fetches), fetched from the sources in the fallback order as the CLI fetches them
/// (``MissingPriceFetch``), or typed by hand and checked as `prices set` checks them
/// (``ManualPrice``). Everything reads and writes the signed-in user's own books only (their
/// ledger file, or their books in the server's database); the sources' coin lists are kept in
/// the server's shared market cache, as the market pages keep them.
struct MissingPrices {
    let books: UserBooks

    var user: ServerUser { books.user }
    var market: MarketContext { books.state.marketContext(notices: books.notices, interactive: true) }

    /// The currency the valuations are in: `field` (checked as `--currency` is), else the
    /// books'.
    func currency(_ field: String?) throws -> AssetSymbol {
        try books.amendingBooks { try $0.defaultQuote(field) }
    }

    /// Every price the books lack, earliest first per pair; none without a ledger.
    func needs(in currency: AssetSymbol) throws -> [MissingPrice] {
        let app = market.app
        return try books.amendingBooks { amendable in
            guard let ledger = amendable.existing else { return [] }
            return try ReplayRunner(store: ledger, context: app).pricesNeeded(currency: currency)
        }
    }

    /// Fetches every missing price from the sources and records what they gave; nil for books
    /// without events (nothing can be missing), in a ledger file or in the database alike.
    func fetch(in currency: AssetSymbol) throws -> MissingFetchOutcome? {
        let market = market
        return try books.state.usingMarketCache(market.app) { cache in
            try books.amendingBooks { amendable in
                guard let ledger = amendable.existing, try ledger.eventCount() > 0 else { return nil }
                let fetch = MissingPriceFetch(
                    setup: try MarketSetup(store: cache, context: market), store: ledger, currency: currency,
                    forcedSource: nil, progress: Progress(context: market), now: market.now)
                return try fetch.run {
                    try ReplayRunner(store: ledger, context: market.app).pricesNeeded(currency: currency)
                }
            }
        }
    }

    /// Records one price typed into the form (or sent to the API), as `prices set` records it;
    /// the line it prints.
    func record(_ fields: MarketFields) throws -> (observation: PriceObservation, line: String) {
        let input = PriceInput(
            asset: fields["asset"] ?? "", price: fields["price"] ?? "", date: fields["date"],
            currency: fields["currency"])
        let now = market.now
        return try books.amendingBooks { amendable in
            try ManualPrice.record(
                input, in: amendable, defaultQuote: try amendable.defaultQuote(nil), labels: .form, now: now)
        }
    }
}

/// `ledger.prices.missing/1`: what the books lack in `currency`, each run of days of a pair
/// with the events that need it and, after a fetch, why no source gave it.
enum MissingPricesJSON {
    static let schema = "ledger.prices.missing/1"

    static func document(
        currency: AssetSymbol, missing: [MissingPrice], fetched: Int, reasons: [AssetPair: [String]]
    ) -> String {
        var writer = JSONWriter(pretty: true)
        writer.beginObject()
        writer.field("schema", schema)
        writer.field("currency", currency.text)
        writer.field("fetched", Int64(fetched))
        writer.key("missing")
        writer.beginArray()
        for range in MissingPriceRange.grouped(missing) {
            writer.beginObject()
            writer.field("asset", range.asset.text)
            writer.field("quote", range.quote.text)
            writer.field("from", range.first.description)
            writer.field("to", range.last.description)
            writer.field("days", Int64(range.days))
            writer.field("events", Int64(range.events))
            writer.key("reasons")
            writer.beginArray()
            for reason in reasons[AssetPair(range.asset, range.quote)] ?? [] { writer.string(reason) }
            writer.endArray()
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.takeText()
    }

    /// The reasons a fetch left each pair without a price, each said once.
    static func reasons(_ outcome: MissingFetchOutcome?) -> [AssetPair: [String]] {
        var byPair: [AssetPair: [String]] = [:]
        for (need, reasons) in outcome?.stillMissing() ?? [] {
            let pair = AssetPair(need.asset, need.quote)
            for reason in reasons where !(byPair[pair] ?? []).contains(reason) {
                byPair[pair, default: []].append(reason)
            }
        }
        return byPair
    }
}
