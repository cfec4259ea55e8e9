import LedgerApp
import LedgerCore
import LedgerRender

/// `GET /trades`: the log, newest first, 50 a page, each event that can still be voided with
/// a form to void it (a reason required, as `ledger void` requires one).
struct TradesPage {
    static let pageSize = 50

    let user: ServerUser
    /// This page's entries (at most ``pageSize``).
    let entries: [LogEntry]
    let page: Int
    let hasNext: Bool
    /// A line about what just happened (`Recorded: …`), or an error to show.
    var message: String?
    var errors: [String] = []

    func render() -> String {
        var body = Markup()
        if let message { body += "<p class=\"ok\" role=\"status\">\(message)</p>\n" }
        body += PageLayout.errors(errors)
        if entries.isEmpty && page == 1 {
            body += PortfolioPage.firstTrade
        } else if entries.isEmpty {
            body += "<p class=\"note\">No events on this page.</p>\n"
        } else {
            body += table()
        }
        body += pager()
        return PageLayout.page(title: "Trades", user: user, current: "/trades", body: body)
    }

    private func table() -> Markup {
        let rows = entries.map { entry -> Markup in
            """
            <tr><th scope="row" class="n" data-label="#">\(entry.event.sequence)</th>\
            <td data-label="date">\(entry.event.occurredAt.compactDescription)</td>\
            <td data-label="event" class="long">\(Self.describe(entry))</td>\
            <td data-label="account">\(entry.event.account)</td>\
            <td data-label="void">\(voidCell(entry))</td></tr>
            """
        }
        return """
            <div class="scroll"><table class="stack">
            <caption>Events, newest first (page \(page))</caption>
            <thead><tr><th scope="col" class="n">#</th><th scope="col">date</th><th scope="col">event</th>\
            <th scope="col">account</th><th scope="col">void</th></tr></thead>
            <tbody>
            \(rows.joined(separator: "\n"))
            </tbody>
            </table></div>

            """
    }

    /// What `ledger log` says of the entry: the event, its note, the void that cancelled it.
    static func describe(_ entry: LogEntry) -> String {
        EventSummary.logDescription(entry.event, voidedBy: entry.voidedBy, target: entry.target)
    }

    /// The void form, for an event that is neither a void nor voided.
    private func voidCell(_ entry: LogEntry) -> Markup {
        guard entry.voidedBy == nil, entry.event.kind != .void else { return "" }
        let id = entry.event.sequence
        return """
            <form method="post" action="/trades/\(id)/void" class="void">\(PageLayout.csrfField(user))\
            <input type="text" name="reason" required maxlength="4096" placeholder="reason" aria-label="reason to void #\(id)">\
            <button type="submit">Void #\(id)</button></form>
            """
    }

    private func pager() -> Markup {
        var links: [Markup] = []
        if page > 1 { links.append("<a href=\"/trades?page=\(page - 1)\">Newer</a>") }
        if hasNext { links.append("<a href=\"/trades?page=\(page + 1)\">Older</a>") }
        return links.isEmpty ? "" : "<nav class=\"pager\">\(links.joined(separator: " "))</nav>\n"
    }
}
