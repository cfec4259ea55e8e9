import Hummingbird
import LedgerApp
import LedgerCore
import LedgerInterchange

/// The fields of a market request: its query string, or its form or JSON body, by name.
struct MarketFields: Sendable {
    let fields: [(name: String, value: String)]

    init(query request: Request) {
        fields = FormEncoding.fields(request.uri.query ?? "")
    }

    init(fields: [(name: String, value: String)]) {
        self.fields = fields
    }

    /// A form body (`application/x-www-form-urlencoded`) or, for the API, a JSON object whose
    /// members are strings (an array of strings counts as its words joined by spaces); at
    /// most 64 KiB.
    static func body(_ request: Request) async throws -> MarketFields {
        var request = request
        let text = String(buffer: try await request.collectBody(upTo: 65_536))
        guard request.headers[.contentType]?.hasPrefix("application/json") == true else {
            return MarketFields(fields: FormEncoding.fields(text))
        }
        guard let object = (try? JSONReader.parse(Array(text.utf8)))?.objectValue else {
            throw MarketRequestError.notAJSONObject
        }
        return MarketFields(
            fields: object.keys.sorted().compactMap { key in
                let value = object[key]!
                if let text = value.stringValue { return (key, text) }
                if let words = value.arrayValue?.compactMap(\.stringValue) {
                    return (key, words.joined(separator: " "))
                }
                return nil
            })
    }

    /// The first value of `name`; an empty value counts as absent.
    subscript(_ name: String) -> String? {
        fields.first { $0.name == name }.map(\.value).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The whole number `name` holds, or nil when absent.
    func integer(_ name: String) throws(MarketRequestError) -> Int? {
        guard let text = self[name] else { return nil }
        guard let value = Int(text) else { throw .notAWholeNumber(field: name, text: text) }
        return value
    }
}

/// Why a market request was refused before any service saw it: a query field the CLI would
/// have refused in its parser.
enum MarketRequestError: UserFacingError, Equatable {
    case notAWholeNumber(field: String, text: String)
    case notASort(String)
    case missingField(String)
    case notAJSONObject

    var category: ErrorCategory { .usage }

    var description: String {
        switch self {
        case .notAWholeNumber(let field, let text): "\(field) '\(text)' is not a whole number"
        case .notASort(let text):
            "sort '\(text)' is not one of \(TopListSort.allCases.map(\.rawValue).joined(separator: ", "))"
        case .missingField(let name): "the form has no \(name)"
        case .notAJSONObject: "the body is not a JSON object; send e.g. {\"symbols\": [\"BTC\"]}"
        }
    }
}

/// One market request's world: the notices it collects for its page, the market context, the
/// shared cache and the user's books.
struct MarketSession {
    let state: ServerState
    let user: ServerUser
    let notices: CollectedNotices
    let context: MarketContext
    let cache: OpenLedger
    let books: PriceLedger

    init(state: ServerState, user: ServerUser, interactive: Bool = true) throws {
        self.state = state
        self.user = user
        let notices = CollectedNotices()
        self.notices = notices
        context = state.marketContext(notices: notices, interactive: interactive)
        cache = try state.openMarketCache(context.app)
        books = try state.books(of: user.name, context.app)
    }

    /// `vs` when given (checked as `--currency` is), else the books' currency.
    func quote(_ vs: String?) throws -> AssetSymbol {
        try books.defaultQuote(vs)
    }

    /// The symbols the user watches.
    func watched() throws -> [AssetSymbol] {
        try Watchlist.watched(in: books.existing)
    }

    /// The market feed over the shared cache: offline (no request) while the cached top list
    /// in `quote` (or the stock or ETF `screen`'s list) is younger than
    /// ``ServerState/marketCacheLifetime`` and long enough.
    func feed(quote: AssetSymbol, count: Int, screen: StockScreen? = nil) throws -> MarketFeed {
        let cached = try cache.cachedTopList(in: quote, screen: screen)
        let fresh = cached.map {
            context.now.secondsSinceEpoch - $0.fetchedAt.secondsSinceEpoch < state.marketCacheLifetime
                && $0.list.entries.count >= min(count, 100)
        }
        return try MarketFeed(store: cache, context: context, offline: fresh ?? false)
    }

    /// The notices as the CLI would print them on stderr, without `ledger: `.
    var warnings: [String] { notices.messages }
}

/// A body or query refused before the route's own error handling starts (a JSON array where an
/// object belongs, say) still answers 400 with its sentence, never a 500.
extension MarketRequestError: HTTPResponseError {
    var status: HTTPResponse.Status { .badRequest }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        if request.uri.path.hasPrefix("/api/") { return ServerResponse.apiError(status, description) }
        let page = PageLayout.page(title: "Bad request", user: nil, body: PageLayout.errors([description]))
        return ServerResponse.html(page, status: status)
    }
}
