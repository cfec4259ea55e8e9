import Hummingbird
import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerRender

/// `GET /alerts` (the alerts with their state and the last price seen), `POST /alerts` (add,
/// checked by ``AlertRequest`` with the CLI's sentences), `POST /alerts/ID/remove`, and the
/// API's `GET/POST /api/v1/alerts` (`ledger.alerts/1`), on the user's ledger file or their
/// books in the server's database. The fetcher checks them (on ledger files).
struct AlertRoutes: RouteGroup {
    func register(public router: Router<ServerContext>, signedIn: RouterGroup<SignedInContext>, state: ServerState) {
        signedIn.get("/alerts") { request, context in
            let (books, fields) = (context.books, MarketFields(query: request))
            return try await Offload.run { Self.page(books: books, added: fields["added"].flatMap { Int64($0) }) }
        }
        signedIn.post("/alerts") { request, context in
            let (books, fields) = (context.books, try await MarketFields.body(request))
            return try await Offload.run { Self.add(fields, books: books, json: false) }
        }
        signedIn.post("/alerts/:id/remove") { _, context in
            let books = context.books
            let id = context.parameters.get("id") ?? ""
            return try await Offload.run { Self.remove(id, books: books) }
        }
        signedIn.get("/api/v1/alerts") { _, context in
            let books = context.books
            return try await Offload.run {
                do {
                    return ServerResponse.json(AlertJSON.list(try Self.alerts(books: books).alerts))
                } catch {
                    return ServerResponse.apiError(
                        RequestFailure.status(error, query: true), RequestFailure.sentence(error))
                }
            }
        }
        signedIn.post("/api/v1/alerts") { request, context in
            let (books, fields) = (context.books, try await MarketFields.body(request))
            return try await Offload.run { Self.add(fields, books: books, json: true) }
        }
    }

    /// The form's or body's fields as `alert add ASSET CONDITION… [--within] [--currency]
    /// [--class] [--note]` takes them: `condition` holds the words (`above 50000`), or the
    /// word with the number in `level`.
    static func request(_ fields: MarketFields) -> AlertRequest {
        AlertRequest(
            asset: fields["asset"] ?? "",
            words: WatchlistRoutes.words(fields["condition"]) + WatchlistRoutes.words(fields["level"]),
            within: fields["within"], assetClass: fields["class"], note: fields["note"])
    }

    static func add(_ fields: MarketFields, books: UserBooks, json: Bool) -> Response {
        do {
            let (asked, currency, app) = (request(fields), fields["currency"], books.app)
            let alert = try books.amendingBooks { try AlertBook.add(asked, currency: currency, to: $0, at: app.now) }
            if json { return ServerResponse.json(AlertJSON.list([alert]), status: .created) }
            return ServerResponse.redirect(to: "/alerts?added=\(alert.id)")
        } catch {
            let (status, message) = (RequestFailure.status(error, query: true), RequestFailure.sentence(error))
            if json { return ServerResponse.apiError(status, message) }
            return page(books: books, errors: [message], status: status, fields: fields)
        }
    }

    static func remove(_ id: String, books: UserBooks) -> Response {
        do {
            let number = try AlertRequest.alertNumber(id)
            _ = try books.amendingBooks { try AlertBook.remove(number, from: $0.existing) }
            return ServerResponse.redirect(to: "/alerts")
        } catch {
            let (status, message) = (RequestFailure.status(error, query: true), RequestFailure.sentence(error))
            return page(books: books, errors: [message], status: status)
        }
    }

    static func alerts(books: UserBooks) throws -> (alerts: [Alert], now: Timestamp) {
        let alerts = try books.readingBooks { try $0.map { try AlertBook.list(in: $0) } ?? [] }
        return (alerts, books.app.now)
    }

    static func page(
        books: UserBooks, errors: [String] = [], status: HTTPResponse.Status = .ok, added: Int64? = nil,
        fields: MarketFields = MarketFields(fields: [])
    ) -> Response {
        let user = books.user
        var body = PageLayout.errors(errors)
        do {
            let (alerts, now) = try Self.alerts(books: books)
            if let added, let alert = alerts.first(where: { $0.id == added }) {
                body +=
                    "<p class=\"ok\" role=\"status\">added alert \(alert.id): \(alert.title) (armed)</p>\n"
            }
            body += alerts.isEmpty ? MarketHTML.note("No alerts yet.") : table(alerts, now: now, user: user)
        } catch {
            body += PageLayout.errors([RequestFailure.sentence(error)])
        }
        body += form(user, fields)
        return ServerResponse.html(
            PageLayout.page(title: "Alerts", user: user, current: "/alerts", body: MarketHTML.css + body),
            status: status)
    }

    private static func table(_ alerts: [Alert], now: Timestamp, user: ServerUser) -> Markup {
        let rows = alerts.map { alert -> [MarketHTML.Cell] in
            let remove: Markup = """
                <form method="post" action="/alerts/\(alert.id)/remove" class="inline">\
                \(PageLayout.csrfField(user))<button type="submit">remove</button></form>
                """
            return [
                .text(String(alert.id), numeric: true), .text(alert.title),
                .text(
                    AlertWaiting.until(alert, now: now).map { AlertWaiting.text(alert, until: $0) }
                        ?? alert.state.rawValue),
                .text(alert.lastSeen.map { NumberFormat.price($0.price) } ?? "—", numeric: true),
                .text(alert.lastSeen.map { Age.ago($0.observedAt, now: now) } ?? "never", numeric: true),
                .text(alert.lastFiredAt.map { Age.ago($0, now: now) } ?? "never", numeric: true), .text(alert.note),
                MarketHTML.Cell(html: remove),
            ]
        }
        return MarketHTML.table(
            caption: "Alerts fire once per crossing and re-arm when the price crosses back",
            headers: [
                ("#", true), ("Alert", false), ("State", false), ("Last price", true), ("Seen", true),
                ("Last fired", true), ("Note", false), ("", false),
            ], rows: rows, narrow: [4, 5, 6])
    }

    /// The add form, refilled with what was sent when it was refused.
    private static func form(_ user: ServerUser, _ fields: MarketFields) -> Markup {
        func value(_ name: String) -> String { fields[name] ?? "" }
        let conditions = ["above", "below", "change"].map { word -> Markup in
            "<option\(fields["condition"] == word ? " selected" : "")>\(word)</option>"
        }.joined()
        return """
            <h2>Add an alert</h2>
            <form method="post" action="/alerts">\(PageLayout.csrfField(user))\
            <label for="asset">Asset</label><input type="text" id="asset" name="asset" value="\(value("asset"))" placeholder="BTC">\
            <label for="condition">Condition</label><select id="condition" name="condition">\(conditions)</select>\
            <label for="level">Level, or change in percent (e.g. 50000, 10%, -5%)</label>\
            <input type="text" id="level" name="level" value="\(value("level"))">\
            <label for="within">Within (change only; e.g. 24h)</label><input type="text" id="within" name="within" value="\(value("within"))">\
            <label for="currency">Currency (default: your ledger's)</label><input type="text" id="currency" name="currency" value="\(value("currency"))">\
            <label for="class">Class (\(AssetClass.list))</label><input type="text" id="class" name="class" value="\(value("class"))">\
            <label for="note">Note</label><input type="text" id="note" name="note" value="\(value("note"))">\
            <p><button type="submit">Add alert</button></p></form>

            """
    }
}
