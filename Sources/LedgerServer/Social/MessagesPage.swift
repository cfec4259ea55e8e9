import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerRender

/// `GET /messages`: the stream every signed-in user of the server shares, newest first,
/// ``MessageRules/pageSize`` to a page, a box to write one, and a Delete button on the
/// messages this user may delete (their own; any, for an admin). Plain text only: every
/// message is escaped and a link stays text; no scripts.
struct MessagesPage {
    let user: ServerUser
    let page: MessagePage
    /// A line about what just happened, and the refusals of a post.
    var notice: String?
    var errors: [String] = []
    /// The text of a refused post, to write again.
    var draft = ""

    func render() -> String {
        var body = PageLayout.errors(errors)
        if let notice { body += "<p class=\"ok\" role=\"status\">\(notice)</p>\n" }
        body += """
            <p class="note">Everyone signed in to this server reads these messages. The server keeps the \
            newest \(page.kept); older ones are deleted. Your buys and sells are posted here only if you turn \
            on <a href="/account#trade-posts">trade posts</a> (never an amount).</p>
            <form method="post" action="/messages">\(PageLayout.csrfField(user))
            <label for="text">Message (plain text, at most \(MessageRules.maxCharacters) characters)</label>
            <textarea id="text" name="text" rows="3" maxlength="\(MessageRules.maxCharacters)" required>\
            \(draft)</textarea>
            <p><button type="submit">Post</button></p>
            </form>

            """
        if page.messages.isEmpty {
            body += "<p class=\"note\">\(page.page == 1 ? "No messages yet." : "No messages on this page.")</p>\n"
        }
        body += "<style>\(Self.css)</style>\n" + page.messages.map(article).joined()
        body += pager()
        return PageLayout.page(title: "Messages", user: user, current: "/messages", body: body)
    }

    private func article(_ message: MessageJSON.Row) -> Markup {
        let author: Markup = "<strong>\(message.user)</strong>"
        let text: Markup =
            message.kind == "text"
            ? "<p>"
                + message.body.split(separator: "\n", omittingEmptySubsequences: false).map { Markup.text(String($0)) }
                .joined(separator: "<br>") + "</p>"
            : "<p>\(author) \(message.kind) \(message.body)</p>"
        let time = message.created.description
        return """
            <article class="message" id="m\(message.id)"><div class="meta">\(author) · \
            <time datetime="\(time)">\(Self.shown(message.created))</time>\
            \(deleteButton(message))</div>
            \(text)</article>

            """
    }

    /// The stream's own rules: a line between messages, the text close under its author.
    static let css: Markup =
        "article.message{border-top:1px solid #ddd;padding:8px 0}article.message .meta{color:#555}"
        + "article.message p{margin:.25rem 0 0}"

    /// `2026-11-28 08:40 UTC`.
    static func shown(_ time: Timestamp) -> String {
        String(time.description.prefix(16)).replacing("T", with: " ") + " UTC"
    }

    private func deleteButton(_ message: MessageJSON.Row) -> Markup {
        guard user.isAdmin || message.user == user.name else { return "" }
        return """
             · <form method="post" action="/messages/\(message.id)/delete" class="inline">\
            \(PageLayout.csrfField(user))<button type="submit">Delete</button></form>
            """
    }

    private func pager() -> Markup {
        var links: [Markup] = []
        if page.page > 1 { links.append("<a href=\"/messages?page=\(page.page - 1)\">Newer</a>") }
        if page.hasOlder { links.append("<a href=\"/messages?page=\(page.page + 1)\">Older</a>") }
        return links.isEmpty ? "" : "<nav class=\"pager\">\(links.joined(separator: " "))</nav>\n"
    }

    /// The account page's setting (`POST /account/trade-posts`), off by default.
    static func tradePostsForm(_ user: ServerUser, on: Bool) -> Markup {
        """
        <h2 id="trade-posts">Trade posts</h2>
        <form method="post" action="/account/trade-posts">\(PageLayout.csrfField(user))
        <label><input type="checkbox" name="trade_posts" value="on"\(on ? " checked" : "")> \
        Post my buys and sells to <a href="/messages">Messages</a> ("\(user.name) bought BTC" \
        and the time; never an amount, price, value or account)</label>
        <p><button type="submit">Save</button></p>
        </form>
        <p class="note">Trade posts are \(on ? "on" : "off"). Only trades added one at a time (the Add form, the \
        API, an import of a single trade) are posted; voiding a trade removes its post.</p>

        """
    }
}
