import Hummingbird
import LedgerApp
import LedgerCore
import LedgerRender

/// The books in the browser: the portfolio, holdings by account, the trades with void, the
/// add form, the upload import and the HTML report. Every route reads or writes the signed-in
/// user's own ledger (``UserBooks``) and nobody else's.
struct BooksRoutes: RouteGroup {
    func register(public router: Router<ServerContext>, signedIn: RouterGroup<SignedInContext>, state: ServerState) {
        signedIn.get("/portfolio") { request, context in
            try await Offload.run { try portfolio(request, context, state, byAccount: false) }
        }
        signedIn.get("/holdings") { request, context in
            try await Offload.run { try portfolio(request, context, state, byAccount: true) }
        }
        signedIn.get("/trades") { request, context in
            try await Offload.run {
                var page = try TradesRoutes.page(QueryFields(request), context.books)
                page.message = try TradesRoutes.added(QueryFields(request), context.books)
                return ServerResponse.html(page.render())
            }
        }
        signedIn.post("/trades/:id/void") { request, context in
            try await TradesRoutes.void(request, context, state)
        }
        signedIn.get("/add") { request, context in
            let books = context.books
            let held = (try? await Offload.run { BooksService(books: books).heldAssets() }) ?? []
            let page = AddPage(user: context.user, form: TradeForm(QueryFields(request)), suggestions: held)
            return ServerResponse.html(page.render())
        }
        signedIn.post("/add") { request, context in
            try await TradesRoutes.add(request, context, state)
        }
        signedIn.get("/import") { _, context in
            ServerResponse.html(ImportPage(user: context.user).render())
        }
        signedIn.post("/import") { request, context in
            try await ImportRoutes.upload(request, context, state)
        }
        signedIn.post("/import/commit") { request, context in
            try await ImportRoutes.commit(request, context, state)
        }
        signedIn.get("/report") { request, context in
            try await Offload.run { try report(request, context, state) }
        }
    }

    private func portfolio(_ request: Request, _ context: SignedInContext, _ state: ServerState, byAccount: Bool) throws
        -> Response
    {
        let books = context.books
        let fields = QueryFields(request)
        let query = ValuationQuery(asOf: fields["as-of"], method: fields["method"], currency: fields["currency"])
        let service = BooksService(books: books)
        do {
            let entry = try service.holdings(query, perAccount: byAccount)
            let page = PortfolioPage(
                report: entry.report, user: books.user, query: query, hasLedger: try books.hasBooks(),
                ledgerCurrency: service.ledgerCurrency(), notices: books.notices.messages,
                fetchEvery: state.settings.fetchInterval)
            let period = fields["period"]
            // The cache keeps the body's text; it was Markup when made, so it is markup again.
            let now = entry.report.options.asOf
            let body = entry.page("\(byAccount)|\(period ?? "")|" + page.variant) {
                (page.body(byAccount: byAccount)
                    + (byAccount ? "" : ReturnsSection.html(service, query: query, period: period, now: now))).html
            }
            return ServerResponse.html(page.page(byAccount: byAccount, body: .trusted(body)))
        } catch {
            guard let message = RequestFailure.message(error) else { throw error }
            let title = byAccount ? "Holdings by account" : "Portfolio"
            let page = PageLayout.page(
                title: title, user: books.user, current: byAccount ? "/holdings" : "/portfolio",
                body: PageLayout.errors(books.notices.messages.filter { $0.hasPrefix("error: ") } + [message])
                    + "<p><a href=\"\(byAccount ? "/holdings" : "/portfolio")\">As of now</a></p>\n")
            return ServerResponse.html(page, status: RequestFailure.status(error, query: true))
        }
    }

    /// `ledger report -O html`: the report's own page, byte for byte.
    private func report(_ request: Request, _ context: SignedInContext, _ state: ServerState) throws -> Response {
        let books = context.books
        let fields = QueryFields(request)
        let query = ValuationQuery(asOf: fields["as-of"], method: fields["method"], currency: fields["currency"])
        do {
            let report = try BooksService(books: books).report(query, period: fields["period"])
            return ServerResponse.html(ReportHTMLView(report: report).render())
        } catch {
            guard let message = RequestFailure.message(error) else { throw error }
            let page = PageLayout.page(
                title: "Report", user: books.user, current: "/report", body: PageLayout.errors([message]))
            return ServerResponse.html(page, status: RequestFailure.status(error, query: true))
        }
    }
}

/// A form body's fields (at most 1 MiB: the forms are small).
func formFields(_ request: Request) async throws -> QueryFields {
    let buffer = try await request.body.collect(upTo: 1 << 20)
    return QueryFields(form: String(decoding: buffer.readableBytesView, as: UTF8.self))
}
