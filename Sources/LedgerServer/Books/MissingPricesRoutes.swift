import Hummingbird
import LedgerApp
import LedgerCore
import LedgerInterchange

/// Where the portfolio says a price is missing, the web fills it: `GET /prices/missing` lists
/// what the books lack, `POST /prices/missing/fetch` asks the sources for all of it (as
/// `ledger prices fetch --missing`), `POST /prices` records one price typed by hand (as
/// `ledger prices set`, the same checks). The API does the same: `GET`/`POST
/// /api/v1/prices/missing` (`ledger.prices.missing/1`) and `POST /api/v1/prices`
/// (`ledger.prices/1` of the price recorded).
struct MissingPricesRoutes: RouteGroup {
    func register(public router: Router<ServerContext>, signedIn: RouterGroup<SignedInContext>, state: ServerState) {
        signedIn.get("/prices/missing") { request, context in
            let (books, fields) = (context.books, MarketFields(query: request))
            return try await Offload.run {
                MissingPricesPage(prices: MissingPrices(books: books), fields: fields).render()
            }
        }
        signedIn.post("/prices/missing/fetch") { request, context in
            let (books, fields) = (context.books, try await MarketFields.body(request))
            return try await Offload.run {
                var page = MissingPricesPage(prices: MissingPrices(books: books), fields: fields)
                page.fetch()
                return page.render()
            }
        }
        signedIn.post("/prices") { request, context in
            let (books, fields) = (context.books, try await MarketFields.body(request))
            return try await Offload.run {
                var page = MissingPricesPage(prices: MissingPrices(books: books), fields: fields)
                page.record()
                return page.render()
            }
        }
        signedIn.get("/api/v1/prices/missing") { request, context in
            let (books, fields) = (context.books, MarketFields(query: request))
            return try await Offload.run { Self.missing(books: books, fields: fields, fetching: false) }
        }
        signedIn.post("/api/v1/prices/missing") { request, context in
            let (books, fields) = (context.books, MarketFields(query: request))
            return try await Offload.run { Self.missing(books: books, fields: fields, fetching: true) }
        }
        signedIn.post("/api/v1/prices") { request, context in
            let (books, fields) = (context.books, try await MarketFields.body(request))
            return try await Offload.run { Self.record(books: books, fields: fields) }
        }
    }

    /// `ledger.prices.missing/1`: what is missing, after fetching it when `fetching`.
    static func missing(books: UserBooks, fields: MarketFields, fetching: Bool) -> Response {
        let prices = MissingPrices(books: books)
        do {
            let currency = try prices.currency(fields["currency"])
            let outcome = fetching ? try prices.fetch(in: currency) : nil
            let left = try outcome.map { $0.stillMissing().map(\.need) } ?? prices.needs(in: currency)
            return ServerResponse.json(
                MissingPricesJSON.document(
                    currency: currency, missing: left, fetched: outcome?.fetched ?? 0,
                    reasons: MissingPricesJSON.reasons(outcome)))
        } catch {
            return ServerResponse.apiError(MissingPriceFailure.status(error), MissingPriceFailure.message(error))
        }
    }

    /// `POST /api/v1/prices`: 201 with the price recorded, as `prices show ASSET -O json` lists it.
    static func record(books: UserBooks, fields: MarketFields) -> Response {
        let prices = MissingPrices(books: books)
        do {
            let recorded = try prices.record(fields)
            let now = prices.market.now
            return ServerResponse.json(
                PriceJSON.prices([(recorded.observation, now)], asset: recorded.observation.asset), status: .created)
        } catch {
            return ServerResponse.apiError(MissingPriceFailure.status(error), MissingPriceFailure.message(error))
        }
    }
}

/// How a refusal of the missing-prices routes is answered: a price, date or currency the
/// checks of `prices set` refused is 422 (the body was read and refused, nothing written);
/// the rest as the market's routes answer it.
enum MissingPriceFailure {
    static func message(_ error: any Error) -> String {
        (error as? InputError)?.message ?? RequestFailure.sentence(error)
    }

    static func status(_ error: any Error) -> HTTPResponse.Status {
        error is InputError ? .unprocessableContent : RequestFailure.status(error, query: true)
    }
}
