import LedgerRender

/// The frame of every page: the report's stylesheet plus navigation and forms, a viewport for
/// phones, and no scripts. Pages give their title and body; user text is escaped by them.
enum PageLayout {
    /// The navigation, in order: path and label.
    static let sections: [(path: String, label: String)] = [
        ("/portfolio", "Portfolio"), ("/holdings", "Holdings"), ("/trades", "Trades"), ("/add", "Add"),
        ("/import", "Import"), ("/market", "Market"), ("/watchlist", "Watchlist"), ("/alerts", "Alerts"),
        ("/report", "Report"), ("/status", "Status"),
    ]

    static func page(title: String, user: ServerUser?, current: String? = nil, body: String) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width,initial-scale=1">
        <title>\(HTMLText.escape(title)) · ledger</title>
        <style>\(ReportHTMLStyle.css)\n\(css)</style>
        </head><body><main>
        \(navigation(user: user, current: current))
        <h1>\(HTMLText.escape(title))</h1>
        \(body)
        </main></body></html>
        """
    }

    private static func navigation(user: ServerUser?, current: String?) -> String {
        guard let user else { return "<nav class=\"site\"><a href=\"/\">ledger</a></nav>" }
        var links = sections.map { section in
            let mark = section.path == current ? " aria-current=\"page\"" : ""
            return "<a href=\"\(section.path)\"\(mark)>\(section.label)</a>"
        }
        if user.isAdmin { links.append("<a href=\"/admin/users\">Users</a>") }
        links.append("<a href=\"/account\"\(current == "/account" ? " aria-current=\"page\"" : "")>Account</a>")
        let signOut = """
            <form method="post" action="/logout" class="inline">\(csrfField(user))\
            <button type="submit">Sign out \(HTMLText.escape(user.name))</button></form>
            """
        return "<nav class=\"site\">" + links.joined(separator: " ") + " " + signOut + "</nav>"
    }

    /// The hidden field every form of a signed-in page carries (checked by the CSRF guard).
    static func csrfField(_ user: ServerUser) -> String {
        guard let token = user.csrfToken else { return "" }
        return "<input type=\"hidden\" name=\"_csrf\" value=\"\(HTMLText.escape(token))\">"
    }

    /// One line per problem, as the CLI would print it (`ledger: error: …` without the prefix).
    static func errors(_ messages: [String]) -> String {
        messages.map { "<p class=\"error\" role=\"alert\">\(HTMLText.escape($0))</p>" }.joined()
    }

    static let css = """
        nav.site{display:flex;flex-wrap:wrap;gap:4px 12px;align-items:center;margin-bottom:12px;padding-bottom:8px;border-bottom:1px solid #ddd}
        nav.site a{color:#1f5fa8;text-decoration:none}
        nav.site a[aria-current]{font-weight:600;color:#1d1d1f}
        form.inline{display:inline;margin:0}
        button,input,select,textarea{font:inherit}
        label{display:block;margin:.5rem 0 .15rem}
        input[type=text],input[type=password],input[type=number],select,textarea{width:100%;max-width:28rem;padding:6px;border:1px solid #bbb;border-radius:4px}
        button{padding:6px 12px;border:1px solid #1f5fa8;border-radius:4px;background:#1f5fa8;color:#fff;cursor:pointer}
        form.inline button{background:none;color:#1f5fa8;border:0;padding:0}
        .error{color:#c62828;border-left:3px solid #c62828;padding:4px 8px;background:#fdf0f0}
        .ok{color:#1a7f37;border-left:3px solid #1a7f37;padding:4px 8px;background:#f0faf2}
        .pager{display:flex;gap:12px;margin:.75rem 0}
        """
}
