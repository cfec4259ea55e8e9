import Hummingbird
import LedgerApp
import LedgerCore

/// One market request's world: the notices it collects for its page (the request's own, those
/// of its ``UserBooks``), the market context, the shared cache and the user's books. A route
/// runs in ``reading(_:interactive:_:)`` (or ``respond(_:_:failure:)``): the cache and the books
/// are handles the server keeps between requests (``LedgerHandles``), held only while the body
/// runs: the cache read-write (the pages record what they fetch into it), the books read-only
/// (a ledger file's handle, or the user's books in the server's database on a session of its
/// pool). A route that changes the books (watch, alerts) runs in
/// ``UserBooks/amendingBooks(_:)``, which opens them to amend as the CLI does. Nothing opens a
/// session of its own: every market route, the live stream included, reads through the kept
/// handles.
struct MarketSession {
    let state: ServerState
    let user: ServerUser
    let notices: CollectedNotices
    let context: MarketContext
    let cache: SharedMarket
    let books: AmendableBooks

    private init(_ owner: UserBooks, context: MarketContext, cache: SharedMarket, books: AmendableBooks) {
        (state, user, notices) = (owner.state, owner.user, owner.notices)
        (self.context, self.cache, self.books) = (context, cache, books)
    }

    /// `body` with the kept handles of the shared cache and of the user's books (read-only; nil
    /// `existing` when the user has no ledger yet). `interactive` picks the retry policy.
    static func reading<T>(
        _ owner: UserBooks, interactive: Bool = true, _ body: (MarketSession) throws -> T
    ) throws -> T {
        let context = owner.state.marketContext(notices: owner.notices, interactive: interactive)
        return try owner.state.usingMarketCache(context.app) { cache in
            try owner.readingAmendable { books in
                try body(MarketSession(owner, context: context, cache: cache, books: books))
            }
        }
    }

    /// The response `body` makes in a ``reading(_:interactive:_:)`` session; an error, thrown
    /// while opening the session (no session then) or by `body`, is answered by `failure`
    /// while the handles are still held (it may search the cache for what the user meant).
    static func respond(
        _ owner: UserBooks, _ body: (MarketSession) throws -> Response,
        failure: (any Error, MarketSession?) -> Response
    ) -> Response {
        do {
            return try reading(owner) { session in
                do { return try body(session) } catch { return failure(error, session) }
            }
        } catch {
            return failure(error, nil)
        }
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
        try MarketFeed.cachedWhileFresh(
            store: cache, context: context, quote: quote, screen: screen, count: count,
            lifetime: state.marketCacheLifetime)
    }

    /// The notices as the CLI would print them on stderr, without `ledger: `.
    var warnings: [String] { notices.messages }
}
