import LedgerApp
import LedgerCore
import LedgerRender

/// The returns on the web portfolio page: `ledger returns`' figures and value chart (the
/// report's ``ReturnsHTMLView/section(_:)``, the numbers of `GET /api/v1/returns`) for a period
/// chosen with links styled as buttons, so it works without scripts.
enum ReturnsSection {
    /// The periods offered, as `--period` takes them.
    static let periods = ["7d", "30d", "ytd", "1y", "all"]

    /// The section for `period` (default 30d), valued as `query` asks (as-of, currency) at
    /// `now`, the moment of the page's holdings (kept between requests: ``ReturnsCache``); a
    /// period or option the CLI would refuse shows its message instead of the figures.
    static func html(_ service: BooksService, query: ValuationQuery, period: String?, now: Timestamp) -> Markup {
        let chosen = period ?? "30d"
        var html: Markup = "<h2 id=\"returns\">Returns</h2>\n" + links(chosen, query: query)
        let request = ReturnsRequest(
            period: chosen, valuation: ValuationQuery(asOf: query.asOf, currency: query.currency))
        do {
            html += ReturnsHTMLView.section(try service.keptReturns(request, now: now))
        } catch {
            html += PageLayout.errors([RequestFailure.message(error) ?? "the returns could not be made"])
        }
        return html
            + ReportHTMLParts.notes([
                "As ledger returns --period \(chosen) and GET /api/v1/returns show them; definitions in docs/RETURNS.md."
            ])
    }

    /// One link per period, keeping as-of and currency; the chosen one is marked, not linked.
    static func links(_ chosen: String, query: ValuationQuery) -> Markup {
        let kept = [("as-of", query.asOf), ("currency", query.currency)].compactMap { name, value in
            value.map { "&\(name)=\(FormEncoding.escape($0))" }
        }.joined()
        let items = periods.map { period -> Markup in
            period == chosen.lowercased()
                ? "<strong aria-current=\"true\">\(period)</strong>"
                : "<a class=\"button\" href=\"/portfolio?period=\(period)\(kept)#returns\">\(period)</a>"
        }
        return "<nav class=\"options\" aria-label=\"Returns period\">" + items.joined(separator: " ") + "</nav>\n"
    }
}
