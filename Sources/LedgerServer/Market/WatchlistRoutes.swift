import Hummingbird
import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerRender

/// `GET /watchlist` (the watched coins with price and 24h change), `POST /watchlist` (watch
/// the symbols of the `symbol` field), `POST /watchlist/SYMBOL/remove`, and the API's
/// `GET/POST /api/v1/watchlist` (`{"add": […], "remove": […]}`, answered with
/// `ledger.watchlist/1`). The list lives in the user's ledger (``Watchlist``), as `watch` keeps it.
struct WatchlistRoutes: RouteGroup {
    func register(public router: Router<ServerContext>, signedIn: RouterGroup<SignedInContext>, state: ServerState) {
        Self.registerPage(signedIn)
        Self.registerAPI(signedIn)
    }

    /// The page and its two forms.
    private static func registerPage(_ signedIn: RouterGroup<SignedInContext>) {
        signedIn.get("/watchlist") { _, context in
            let books = context.books
            return try await Offload.run { Self.page(books: books) }
        }
        signedIn.post("/watchlist") { request, context in
            let (owner, fields) = (context.books, try await MarketFields.body(request))
            return try await Offload.run {
                Self.change(owner, json: false) { books in
                    // Parsed on its own line: an existential argument (the books, a ledger file
                    // made here) is opened, so evaluated, before the others; a refusal makes none.
                    let wanted = try Watchlist.parse(Self.words(fields["symbol"]), verb: "add")
                    _ = try Watchlist.add(wanted, to: books.storeForWriting())
                } redirect: {
                    Self.next(fields["next"])
                }
            }
        }
        signedIn.post("/watchlist/:symbol/remove") { request, context in
            let (owner, fields) = (context.books, try await MarketFields.body(request))
            let symbol = context.parameters.get("symbol") ?? ""
            return try await Offload.run {
                Self.change(owner, json: false) { books in
                    try Watchlist.remove(Watchlist.parse([symbol], verb: "remove"), from: books.existing)
                } redirect: {
                    Self.next(fields["next"])
                }
            }
        }
    }

    /// `GET/POST /api/v1/watchlist`.
    private static func registerAPI(_ signedIn: RouterGroup<SignedInContext>) {
        signedIn.get("/api/v1/watchlist") { _, context in
            let books = context.books
            return try await Offload.run { Self.json(books: books) }
        }
        signedIn.post("/api/v1/watchlist") { request, context in
            let (owner, fields) = (context.books, try await MarketFields.body(request))
            return try await Offload.run {
                Self.change(owner, json: true) { books in
                    if let add = fields["add"] {
                        let wanted = try Watchlist.parse(Self.words(add), verb: "add")
                        _ = try Watchlist.add(wanted, to: books.storeForWriting())
                    }
                    if let remove = fields["remove"] {
                        try Watchlist.remove(
                            Watchlist.parse(Self.words(remove), verb: "remove"), from: books.existing)
                    }
                    if fields["add"] == nil && fields["remove"] == nil { throw WatchError.missingSymbol(verb: "add") }
                } redirect: {
                    nil
                }
            }
        }
    }

    /// The words of a field (`BTC ETH`, `BTC,ETH`), none when it is empty.
    static func words(_ text: String?) -> [String] {
        (text ?? "").split(whereSeparator: { $0 == " " }).map(String.init)
    }

    /// Where a form goes back to: a path on this site, else the watchlist.
    static func next(_ text: String?) -> String {
        guard let text, text.hasPrefix("/"), !text.hasPrefix("//") else { return "/watchlist" }
        return text
    }

    /// Runs `edit` on the user's books; then the page at `redirect` (or the JSON list), or the
    /// page again with the CLI's sentence.
    static func change(
        _ owner: UserBooks, json: Bool, _ edit: (AmendableBooks) throws -> Void, redirect: () -> String?
    ) -> Response {
        do {
            try owner.amendingBooks(edit)
        } catch {
            if json {
                return ServerResponse.apiError(
                    RequestFailure.status(error, query: true), RequestFailure.sentence(error))
            }
            return page(
                books: owner, errors: [RequestFailure.sentence(error)],
                status: RequestFailure.status(error, query: true))
        }
        if let path = redirect() { return ServerResponse.redirect(to: path) }
        return Self.json(books: owner)
    }

    /// The watched coins, with figures from the cached top list in the books' currency, else
    /// the newest price the books record.
    static func coins(_ session: MarketSession) throws -> (coins: [WatchedCoin], note: String?) {
        let quote = try session.quote(nil)
        guard let books = session.books.existing else { return ([], nil) }
        let watched = try Watchlist.listed(books, topLists: session.cache, quote: quote)
        let note = watched.topList.map {
            "From the \($0.source) top list fetched \($0.fetchedAt) (\(Age.ago($0.fetchedAt, now: session.context.now)))."
        }
        return (watched.coins, note ?? "No top list is cached; the market page fetches one.")
    }

    static func json(books: UserBooks) -> Response {
        do {
            let coins = try MarketSession.reading(books) { try Self.coins($0).coins }
            return ServerResponse.json(MarketJSON.watchlist(coins))
        } catch {
            return ServerResponse.apiError(RequestFailure.status(error, query: true), RequestFailure.sentence(error))
        }
    }

    static func page(books: UserBooks, errors: [String] = [], status: HTTPResponse.Status = .ok) -> Response {
        let user = books.user
        var body = MarketHTML.css + PageLayout.errors(errors)
        do {
            let (coins, note) = try MarketSession.reading(books) { try Self.coins($0) }
            body += coins.isEmpty ? MarketHTML.note("No coins are watched yet.") : table(coins, user: user)
            if let note, !coins.isEmpty { body += MarketHTML.note(note) }
        } catch {
            body += PageLayout.errors([RequestFailure.sentence(error)])
        }
        body += """
            <h2>Watch a coin</h2>
            <form method="post" action="/watchlist">\(PageLayout.csrfField(user))\
            <label for="symbol">Symbols (e.g. BTC ETH)</label><input type="text" id="symbol" name="symbol" required>\
            <p><button type="submit">Watch</button></p></form>

            """
        return ServerResponse.html(
            PageLayout.page(title: "Watchlist", user: user, current: "/watchlist", body: body), status: status)
    }

    private static func table(_ coins: [WatchedCoin], user: ServerUser) -> Markup {
        let rows = coins.map { coin -> [MarketHTML.Cell] in
            let symbol = coin.symbol.text
            let remove: Markup = """
                <form method="post" action="/watchlist/\(FormEncoding.escape(coin.symbol.text))/remove" class="inline">\
                \(PageLayout.csrfField(user))<button type="submit">remove</button></form>
                """
            let price = coin.entry?.price ?? coin.price?.price
            return [
                MarketHTML.Cell(html: "<a href=\"/market/\(FormEncoding.escape(coin.symbol.text))\">\(symbol)</a>"),
                .text(coin.entry?.name ?? ""),
                .text(price.map(NumberFormat.marketPrice) ?? "—", numeric: true),
                .signed(NumberFormat.change(coin.entry?.change24h, theme: .plain)),
                .text(coin.entry.map { "#\($0.rank)" } ?? "", numeric: true), MarketHTML.Cell(html: remove),
            ]
        }
        return MarketHTML.table(
            caption: "Watched coins",
            headers: [("Symbol", false), ("Name", false), ("Price", true), ("24h", true), ("Rank", true), ("", false)],
            rows: rows, narrow: [1, 4], cards: false)
    }
}
