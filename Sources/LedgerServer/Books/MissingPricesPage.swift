import Hummingbird
import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerRender

/// `/prices/missing`: the prices the user's books lack (each run of days of a pair, the events
/// that need it, and after a fetch why no source gave it), a button that fetches them all,
/// and a form that records one by hand. A row's "Enter by hand" link fills the form with its
/// pair and first day. Works without scripts.
struct MissingPricesPage {
    let prices: MissingPrices
    let fields: MarketFields
    /// What the last action did (`Fetched 3 daily prices…`, `recorded BTC 30500 USD…`).
    var done: [String] = []
    var errors: [String] = []
    var status: HTTPResponse.Status = .ok
    /// After a fetch: what the sources said of each pair they could not price.
    var reasons: [AssetPair: [String]] = [:]
    /// The form shows what was typed, except after it was recorded.
    var typed: MarketFields { recorded ? MarketFields(fields: fields.fields.filter { $0.name == "vs" }) : fields }
    private var recorded = false

    init(prices: MissingPrices, fields: MarketFields) {
        self.prices = prices
        self.fields = fields
    }

    /// `POST /prices/missing/fetch`: asks the sources for every missing price.
    mutating func fetch() {
        do {
            guard let outcome = try prices.fetch(in: try prices.currency(fields["vs"])) else { return }
            reasons = MissingPricesJSON.reasons(outcome)
            let sources = outcome.requests.keys.sorted().map { "\($0) \(outcome.requests[$0]!)" }
            done.append(
                "Fetched \(outcome.fetched) daily price\(outcome.fetched == 1 ? "" : "s") from the sources"
                    + (sources.isEmpty ? "." : " (requests: \(sources.joined(separator: ", "))).")
            )
        } catch {
            fail(error)
        }
    }

    /// `POST /prices`: records the price typed into the form.
    mutating func record() {
        do {
            let recorded = try prices.record(fields)
            done.append(String(recorded.line.prefix(1).uppercased() + recorded.line.dropFirst()) + ".")
            self.recorded = true
        } catch {
            fail(error)
        }
    }

    private mutating func fail(_ error: any Error) {
        errors.append(MissingPriceFailure.message(error))
        status = MissingPriceFailure.status(error)
    }

    func render() -> Response {
        var body = MarketHTML.css + PageLayout.errors(errors)
        body += done.map { "<p class=\"note\" role=\"status\">\($0)</p>\n" as Markup }.joined()
        var first: MissingPriceRange?
        do {
            let currency = try prices.currency(fields["vs"])
            let ranges = MissingPriceRange.grouped(try prices.needs(in: currency))
            first = ranges.first
            body += list(ranges, currency: currency)
        } catch {
            body += PageLayout.errors([MissingPriceFailure.message(error)])
        }
        body += form(prefill: first) + "<p><a href=\"/portfolio\">Back to the portfolio</a></p>\n"
        return ServerResponse.html(
            PageLayout.page(title: "Missing prices", user: prices.user, current: "/portfolio", body: body),
            status: status)
    }

    /// The table of what is missing and the fetch button, or that nothing is.
    private func list(_ ranges: [MissingPriceRange], currency: AssetSymbol) -> Markup {
        guard !ranges.isEmpty else {
            return MarketHTML.note("Nothing is missing: every valuation your books need has a price in \(currency).")
        }
        let rows = ranges.map { range -> [MarketHTML.Cell] in
            let days = range.first == range.last ? range.first.description : "\(range.first) to \(range.last)"
            let fill = MarketHTML.link(
                "/prices/missing",
                [
                    ("asset", range.asset.text), ("quote", range.quote.text), ("date", range.first.description),
                    ("vs", fields["vs"]),
                ])
            return [
                .text("\(range.asset)/\(range.quote)"), .text(days), .text("\(range.days)", numeric: true),
                .text("\(range.events)", numeric: true),
                .text((reasons[AssetPair(range.asset, range.quote)] ?? []).joined(separator: "; ")),
                MarketHTML.Cell(html: "<a href=\"\(fill)#record\">Enter by hand</a>"),
            ]
        }
        return MarketHTML.table(
            caption: "Prices your books lack in \(currency.text) (events' days, and today for holdings)",
            headers: [
                ("Pair", false), ("Days", false), ("Count", true), ("Events", true), ("Why not fetched", false),
                ("", false),
            ], rows: rows, narrow: [2])
                + """
                <form method="post" action="/prices/missing/fetch">\(PageLayout.csrfField(prices.user))\
                <input type="hidden" name="vs" value="\(fields["vs"] ?? "")">\
                <p><button type="submit">Fetch them from the sources</button></p></form>
                \(MarketHTML.note("Fetching asks the price sources for each day's close, as the server's fetcher asks for today's; a price no source has stays missing and can be entered by hand below."))
                """
    }

    /// The form that records one price by hand, filled with what was typed, else the row's
    /// "Enter by hand" link, else the first missing price.
    private func form(prefill: MissingPriceRange?) -> Markup {
        let fields = typed
        func value(_ name: String, _ fallback: String?) -> String {
            fields[name] ?? fallback ?? ""
        }
        let quote = fields["quote"] ?? prefill?.quote.text
        return """
            <h2 id="record">Enter a price by hand</h2>
            <form method="post" action="/prices">\(PageLayout.csrfField(prices.user))\
            <input type="hidden" name="vs" value="\(value("vs", nil))">\
            <label for="asset">Asset</label><input type="text" id="asset" name="asset" required \
            value="\(value("asset", prefill?.asset.text))">\
            <label for="price">Price of one unit</label><input type="text" id="price" name="price" required \
            inputmode="decimal" value="\(value("price", nil))">\
            <label for="currency">Currency</label><input type="text" id="currency" name="currency" \
            placeholder="the ledger's" value="\(fields["currency"] ?? quote ?? "")">\
            <label for="date">Date (YYYY-MM-DD, or a time)</label><input type="text" id="date" name="date" \
            placeholder="now" value="\(value("date", prefill?.first.description))">\
            <p><button type="submit">Record the price</button></p></form>
            \(MarketHTML.note("Kept exactly as typed, with source manual; a price for the same asset, currency and time replaces it."))
            """
    }
}
