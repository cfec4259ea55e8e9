import LedgerApp
import LedgerCore
import LedgerRender

/// `GET /portfolio` and `GET /holdings`: the totals as cards, the holdings table and the donut
/// of the HTML report (``ReportHTMLParts``), where the prices come from and how old they are,
/// and what is missing with what fills it. A user without trades sees the empty page and how
/// to add the first one.
struct PortfolioPage {
    let report: HoldingsReport
    let user: ServerUser
    let query: ValuationQuery
    let hasLedger: Bool
    let ledgerCurrency: AssetSymbol?
    let notices: [String]
    /// The fetcher's interval in seconds (`--fetch-every`), nil when it does not run.
    var fetchEvery: Int? = nil

    /// What fills today's missing prices, as it is: the fetcher when it runs, else the
    /// Missing prices page (``MissingPricesRoutes``), which fetches them or takes them by hand.
    func fillToday() -> String {
        guard let every = fetchEvery else {
            return
                "this server does not fetch prices on a schedule (it runs without --fetch-every); fetch them or enter them by hand on Missing prices"
        }
        let interval = every % 3600 == 0 ? "\(every / 3600) h" : "\(every / 60) min"
        return
            "the server's fetcher asks the sources for today's prices every \(interval); a symbol no source knows stays unpriced until you enter its price on Missing prices"
    }

    /// What fills a past price (a valuation on an event's date): the Missing prices page.
    static let fillPast =
        "the server's fetcher records only today's prices; fetch past ones from the sources or enter them by hand on Missing prices"

    /// The page around `body` (the navigation names the user and carries their CSRF token).
    func page(byAccount: Bool, body: Markup) -> String {
        PageLayout.page(
            title: byAccount ? "Holdings by account" : "Portfolio", user: user,
            current: byAccount ? "/holdings" : "/portfolio", body: body)
    }

    /// What the body depends on besides the report: the same report with another variant
    /// shows another body.
    var variant: String {
        [
            query.asOf ?? "", query.method ?? "", query.currency ?? "", "\(hasLedger)", ledgerCurrency?.text ?? "",
            "\(fetchEvery ?? 0)",
        ]
        .joined(separator: "|") + "|" + notices.joined(separator: "\n")
    }

    func body(byAccount: Bool) -> Markup {
        let path = byAccount ? "/holdings" : "/portfolio"
        var body = "<p class=\"meta\">\(heading)</p>\n" + options(path)
        body += PageLayout.errors(notices.filter { $0.hasPrefix("error: ") }.map { String($0.dropFirst(7)) })
        if !hasLedger || report.eventCount == 0 { body += Self.firstTrade }
        body += "<h2>Totals (\(report.options.currency))</h2>\n" + ReportHTMLParts.cards(totals)
        body += "<h2>Holdings</h2>\n" + holdingsTable
        if !byAccount {
            body +=
                "<h2>Allocation</h2>\n"
                + ReportHTMLParts.allocation(
                    AllocationReport(holdings: report, by: .asset), unpriced: report.totals.unpricedAssets)
        }
        body += prices() + missing()
        body += ReportHTMLParts.notes(notices.filter { $0.hasPrefix("warning: ") })
        return body + (isLive ? LiveRoutes.scriptTag : "")
    }

    static let firstTrade: Markup = """
        <p class="note">No trades yet. Add the first one on <a href="/add">Add</a> (for example buy BTC 0.1 @ 30000), \
        or upload an exchange export on <a href="/import">Import</a>.</p>

        """

    private var heading: String {
        let options = report.options
        return
            "As of \(options.asOf.reportDescription) · \(options.currency) · \(options.method.rawValue.uppercased())"
            + (options.perAccount ? " · by account" : "")
            + " · \(report.eventCount) event\(report.eventCount == 1 ? "" : "s")"
    }

    /// A GET form for as-of and currency (the CLI's options), no script needed.
    private func options(_ path: String) -> Markup {
        """
        <form method="get" action="\(path)" class="options">\
        <div><label for="as-of">As of</label><input type="text" id="as-of" name="as-of" placeholder="YYYY-MM-DD" \
        value="\(query.asOf ?? "")"></div>\
        <div><label for="currency">Currency</label><input type="text" id="currency" name="currency" placeholder="USD" \
        value="\(query.currency ?? "")"></div>\
        <button type="submit">Show</button></form>

        """
    }

    /// The totals the CLI prints under its table, as the report's cards. Holdings none of which
    /// has a price have no value and no unrealized P&L to show: "—", never 0.00.
    private var totals: [(String, String)] {
        let t = report.totals
        let unvalued = !report.rows.isEmpty && report.rows.allSatisfy { $0.value == nil }
        return [
            ("value", unvalued ? "—" : NumberFormat.money(t.value)),
            ("cost basis", NumberFormat.money(t.costBasis, complete: t.costComplete)),
            (
                "unrealized P&L",
                unvalued ? "—" : NumberFormat.signedMoney(t.unrealizedPnL, complete: t.unrealizedComplete)
            ),
            ("realized P&L", NumberFormat.signedMoney(t.realizedPnL, complete: t.realizedComplete)),
            ("income", NumberFormat.money(t.income, complete: t.incomeComplete)),
            ("net fiat paid in", NumberFormat.money(t.netFiatPaidIn, complete: t.netFiatPaidInComplete)),
        ]
    }

    /// Each holding's price: when it was observed, how old it is at as-of, and its source.
    private func prices() -> Markup {
        let asOf = report.options.asOf
        let rows = report.rows.compactMap { row -> [String]? in
            guard let price = row.price, price.source != "identity" else { return nil }
            return [
                row.asset.text + (row.account.map { " (\($0))" } ?? ""), NumberFormat.price(price.value),
                price.observedAt.compactDescription, Age.ago(price.observedAt, now: asOf), price.source,
            ]
        }
        guard !rows.isEmpty else { return "" }
        var html: Markup =
            "<h2>Prices</h2>\n"
            + ReportHTMLParts.table(
                "Prices in use at \(asOf.reportDescription)", ["asset", "price", "observed", "age", "source"], rows,
                numeric: 1...1, labelled: true)
        if query.asOf == nil,
            let line = PriceAgeNote.line(report.rows, now: asOf, refresh: fillToday())
        {
            html += ReportHTMLParts.notes([String(line.dropLast())])
        }
        return html
    }

    /// Holdings without a price and valuations the replay could not make, with what fills them.
    private func missing() -> Markup {
        var lines: [String] = []
        let t = report.totals
        if !t.unpricedAssets.isEmpty {
            lines.append(
                "Unpriced, not in value: \(t.unpricedAssets.map(\.text).joined(separator: ", ")) (cost basis \(NumberFormat.money(t.unpricedCost, complete: t.unpricedCostComplete))); \(fillToday())."
            )
        }
        if let summary = MissingPrice.summary(report.missingPrices) {
            lines.append("Incomplete (\(NumberFormat.incompleteMark)): \(summary); \(Self.fillPast).")
        }
        guard !lines.isEmpty else { return "" }
        let currency = query.currency.map { "?vs=" + FormEncoding.escape($0) } ?? ""
        return "<h2>Missing prices</h2>\n" + ReportHTMLParts.notes(lines)
            + "<p><a href=\"/prices/missing\(currency)\">Missing prices: fetch or enter them</a></p>\n"
    }
}
