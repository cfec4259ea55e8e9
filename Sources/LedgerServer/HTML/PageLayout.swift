import LedgerRender

/// The frame of every page: the report's stylesheet plus navigation and forms, a viewport for
/// phones, and no scripts. Pages give their title and body as ``Markup``, so every value they
/// interpolate is escaped; the document leaves here as the response's text.
enum PageLayout {
    /// The navigation, in order: path and label.
    static let sections: [(path: String, label: String)] = [
        ("/portfolio", "Portfolio"), ("/holdings", "Holdings"), ("/trades", "Trades"), ("/add", "Add"),
        ("/import", "Import"), ("/market", "Market"), ("/news", "News"), ("/watchlist", "Watchlist"),
        ("/alerts", "Alerts"), ("/notifications", "Notifications"),
        ("/report", "Report"), ("/messages", "Messages"), ("/status", "Status"),
    ]

    static func page(title: String, user: ServerUser?, current: String? = nil, body: Markup) -> String {
        let page: Markup = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width,initial-scale=1">
            <link rel="icon" href="data:,">
            <title>\(title) · ledger</title>
            <style>\(ReportHTMLStyle.css)\n\(css)</style>
            </head><body><main>
            \(navigation(user: user, current: current))
            <h1>\(title)</h1>
            \(body)
            </main></body></html>
            """
        return page.html
    }

    /// The site's header: the name, and the sections as a row of links on a wide screen or a
    /// `<details>` menu on a narrow one (it opens without scripts). Both are in the page; the
    /// stylesheet shows one.
    private static func navigation(user: ServerUser?, current: String?) -> Markup {
        guard let user else { return "<header class=\"site\"><a class=\"brand\" href=\"/\">ledger</a></header>" }
        let links = self.links(user: user, current: current)
        var here = sections.first { $0.path == current }?.label ?? (current == "/account" ? "Account" : "Menu")
        if user.unseenNotifications > 0 { here += " · \(user.unseenNotifications) new" }
        return """
            <header class="site"><a class="brand" href="/portfolio">ledger</a>\
            <form method="get" action="/market/search" class="search" role="search">\
            <input type="search" name="q" placeholder="Coin or stock" aria-label="Search coins and stocks by name or symbol">\
            <button type="submit">Search</button></form>\
            <nav class="site" aria-label="sections">\(links)</nav>\
            <details class="menu"><summary>\(here)</summary>\
            <nav aria-label="sections (menu)">\(links)</nav></details></header>
            """
    }

    private static func links(user: ServerUser, current: String?) -> Markup {
        func link(_ path: String, _ label: Markup) -> Markup {
            "<a href=\"\(path)\"\(path == current ? " aria-current=\"page\"" : "")>\(label)</a>"
        }
        var links = sections.map { link($0.path, .text($0.label)) }
        if user.unseenNotifications > 0, let index = sections.firstIndex(where: { $0.path == "/notifications" }) {
            let count = user.unseenNotifications
            links[index] = link(
                "/notifications",
                "Notifications <span class=\"badge\" aria-label=\"\(count) new\">\(count)</span>")
        }
        if user.isAdmin { links.append(link("/admin/users", "Users")) }
        links.append(link("/account", "Account"))
        let signOut: Markup = """
            <form method="post" action="/logout" class="inline">\(csrfField(user))\
            <button type="submit">Sign out \(user.name)</button></form>
            """
        return links.joined(separator: " ") + " " + signOut
    }

    /// The hidden field every form of a signed-in page carries (checked by the CSRF guard).
    static func csrfField(_ user: ServerUser) -> Markup {
        guard let token = user.csrfToken else { return "" }
        return "<input type=\"hidden\" name=\"_csrf\" value=\"\(token)\">"
    }

    /// One line per problem, as the CLI would print it (`ledger: error: …` without the prefix).
    static func errors(_ messages: [String]) -> Markup {
        messages.map { "<p class=\"error\" role=\"alert\">\($0)</p>" as Markup }.joined()
    }

    /// The pages' own rules on top of the report's: the header and its menu, forms, and below
    /// 640 px each `table.stack` row as a card whose cells name their column (`data-label`),
    /// so no page is wider than a phone (the header's search is submitted with Enter, its
    /// button hidden; a `table.rows`, whose columns fit, stays a table and
    /// wraps its text); a candle chart keeps legible labels in a box of its own that scrolls
    /// sideways and opens at its right end, the newest candles (`direction:rtl`, no script);
    /// a value chart, scaled to the screen, gets larger label text (about 10 px at 390).
    static let css: Markup = """
        header.site{display:flex;flex-wrap:wrap;gap:4px 16px;align-items:baseline;margin-bottom:12px;padding-bottom:8px;border-bottom:1px solid #ddd}
        header.site .brand{font-weight:700;color:#1d1d1f;text-decoration:none}
        nav.site{display:flex;flex-wrap:wrap;gap:4px 12px;align-items:baseline;flex:1}
        header.site a{color:#1f5fa8;text-decoration:none}
        header.site a[aria-current]{font-weight:600;color:#1d1d1f}
        form.search{display:flex;gap:4px;flex:1 1 12rem;max-width:20rem;order:2}
        form.search input{flex:1;min-width:0;padding:4px 6px;border:1px solid #bbb;border-radius:4px}
        form.search button{padding:4px 10px}
        nav.site{order:3;flex-basis:100%}
        details.menu{display:none;margin-left:auto;order:3}
        details.menu summary{cursor:pointer;padding:6px 12px;border:1px solid #bbb;border-radius:4px;list-style:none}
        details.menu summary::after{content:" ☰"}
        details.menu[open] nav{display:flex;flex-direction:column;gap:10px;padding:10px 0}
        details.menu nav a{padding:4px 0}
        @media (max-width:860px){nav.site{display:none}details.menu{display:block}details.menu[open]{flex-basis:100%}details.menu[open] summary{display:inline-block}}
        .badge{display:inline-block;min-width:1.2em;padding:0 5px;border-radius:9px;background:#c62828;color:#fff;font-size:.8em;text-align:center}
        a.button{display:inline-block;padding:6px 16px;border-radius:4px;background:#1f5fa8;color:#fff;text-decoration:none}
        .actions{display:flex;gap:8px;flex-wrap:wrap;margin:.75rem 0}
        form.inline{display:inline;margin:0}
        button,input,select,textarea{font:inherit}
        label{display:block;margin:.5rem 0 .15rem}
        input[type=text],input[type=password],input[type=number],input[type=search],input[type=datetime-local],select,textarea{width:100%;max-width:28rem;padding:6px;border:1px solid #bbb;border-radius:4px}
        button{padding:6px 12px;border:1px solid #1f5fa8;border-radius:4px;background:#1f5fa8;color:#fff;cursor:pointer}
        form.inline button{background:none;color:#1f5fa8;border:0;padding:0}
        .error{color:#c62828;border-left:3px solid #c62828;padding:4px 8px;background:#fdf0f0;overflow-wrap:anywhere}
        .ok{color:#1a7f37;border-left:3px solid #1a7f37;padding:4px 8px;background:#f0faf2;overflow-wrap:anywhere}
        .note,.meta{overflow-wrap:anywhere}
        .pager{display:flex;flex-wrap:wrap;gap:4px 12px;margin:.75rem 0}
        li,p,dd{overflow-wrap:anywhere}
        form.options{display:flex;flex-wrap:wrap;gap:6px 12px;align-items:end;margin:.5rem 0}
        form.options div{flex:1 1 9rem;max-width:14rem}form.options label{margin:0 0 .15rem}
        form.void{display:flex;flex-wrap:wrap;gap:4px}
        form.void input{max-width:12rem}
        @media (max-width:640px){
        header.site{gap:4px 8px}form.search{flex-basis:7rem}form.search button{display:none}
        table.stack,table.stack tbody,table.stack tr{display:block;width:100%}
        table.stack thead{display:none}
        table.stack caption{display:block;width:100%}
        table.stack tr{border:1px solid #ddd;border-radius:6px;padding:6px 10px;margin:0 0 8px}
        table.stack td,table.stack tbody th{display:flex;justify-content:space-between;align-items:baseline;gap:12px;padding:2px 0;border:0;white-space:normal;text-align:right;overflow-wrap:anywhere}
        table.stack td::before,table.stack tbody th::before{content:attr(data-label);color:#555;font-weight:400;text-align:left;flex:none}
        table.stack td.long{display:block;text-align:left}
        table.stack td.long::before{display:block}
        table.stack td:empty,table.stack td.wide{display:none}
        table.stack form.void{justify-content:flex-end}
        table.rows th,table.rows td{white-space:normal;overflow-wrap:anywhere}
        table.rows td.n{white-space:nowrap}
        svg.chart:not(.candles){overflow:visible}svg.chart:not(.candles) text{font-size:17px}
        .chart-box{overflow-x:auto;direction:rtl}
        .chart-box svg.candles{min-width:600px;direction:ltr}
        }
        """
}
