import LedgerCore

/// Headlines as a person reads them (`ledger news`, the end of `market show`, `report --news`).
/// Text: two lines per headline, fitted to the width: the age, the publisher and the title
/// (cut with `…`), then the time, the assets and the link, whole (a cut link is no link).
public struct NewsView: Sendable {
    public let headlines: [Headline]
    public let now: Timestamp
    public let width: Int
    public let theme: Theme

    public init(headlines: [Headline], now: Timestamp, width: Int = 80, theme: Theme = .plain) {
        self.headlines = headlines
        self.now = now
        self.width = width
        self.theme = theme
    }

    static let ageWidth = 11
    static let publisherWidth = 14

    /// The headlines, or nothing for none.
    public func lines() -> [String] {
        let titleWidth = max(width - Self.ageWidth - Self.publisherWidth - 4, 12)
        let indent = String(repeating: " ", count: Self.ageWidth + 2)
        return headlines.flatMap { headline -> [String] in
            let age = Self.age(headline.publishedAt, now: now)
            let publisher = headline.publisher.terminalEscaped.truncated(to: Self.publisherWidth)
            let title = headline.title.terminalEscaped.truncated(to: titleWidth)
            let first =
                String(repeating: " ", count: max(Self.ageWidth - age.count, 0)) + age + "  "
                + publisher + String(repeating: " ", count: Self.publisherWidth - publisher.displayWidth) + "  "
                + theme.bold(title)
            let details = [Self.time(headline.publishedAt)] + (headline.symbols.isEmpty ? [] : [Self.symbols(headline)])
            return [first, indent + (details + [headline.url.terminalEscaped]).joined(separator: "  ")]
        }
    }

    /// `ledger news`: a heading, then the headlines.
    public func render(about symbols: [AssetSymbol], order: HeadlineOrder) -> String {
        let subject = symbols.isEmpty ? "Headlines" : "Headlines about " + symbols.map(\.text).joined(separator: ", ")
        let ordered = order == .time ? "newest first" : "by publisher"
        return theme.bold("\(subject), \(ordered)") + "\n" + lines().map { $0 + "\n" }.joined()
    }

    /// A section ending another view (`market show`): a title, then the headlines.
    public func section(_ title: String) -> String {
        "\n" + theme.bold(title) + "\n" + lines().map { $0 + "\n" }.joined()
    }

    /// Markdown: one list item per headline, the title a link (only an http or https one).
    public func markdown() -> [String] {
        headlines.map { headline in
            let title = Self.markdownEscaped(headline.title)
            let url = String(headline.url.flatMap { $0 == ")" ? Array("%29") : [$0] })
            return "- " + (Self.isWebLink(headline.url) ? "[\(title)](\(url))" : title) + " — "
                + "\(Self.markdownEscaped(headline.publisher)), \(Self.time(headline.publishedAt)) UTC"
                + (headline.symbols.isEmpty ? "" : " (\(Self.symbols(headline)))")
        }
    }

    static func isWebLink(_ url: String) -> Bool {
        url.hasPrefix("https://") || url.hasPrefix("http://")
    }

    /// HTML: a list of links (escaped; only http and https links are made links).
    public func html() -> String { markup().html }

    /// ``html()`` as markup.
    public func markup() -> Markup {
        let items = headlines.map { headline -> Markup in
            let title = Markup.text(headline.title)
            let link: Markup =
                Self.isWebLink(headline.url)
                ? "<a href=\"\(headline.url)\" rel=\"noopener noreferrer\">\(title)</a>" : title
            let symbols: Markup = headline.symbols.isEmpty ? "" : " · \(Self.symbols(headline))"
            return "<li>\(link) <span class=\"meta\">\(headline.publisher), \(Self.time(headline.publishedAt)) UTC"
                + symbols + "</span></li>"
        }
        return "<ul class=\"news\">\n" + items.joined(separator: "\n") + "\n</ul>\n"
    }

    /// `5 min ago`, `3 h ago`, `2 d ago`.
    static func age(_ then: Timestamp, now: Timestamp) -> String {
        let seconds = max(now.secondsSinceEpoch - then.secondsSinceEpoch, 0)
        switch seconds {
        case ..<60: return "just now"
        case ..<3_600: return "\(seconds / 60) min ago"
        case ..<172_800: return "\(seconds / 3_600) h ago"
        default: return "\(seconds / 86_400) d ago"
        }
    }

    /// `2024-06-01 11:40` (UTC).
    static func time(_ time: Timestamp) -> String {
        String(time.description.map { $0 == "T" ? " " : $0 }.prefix(16))
    }

    static func symbols(_ headline: Headline) -> String {
        headline.symbols.map(\.text).joined(separator: " ")
    }

    static func markdownEscaped(_ text: String) -> String {
        var out = ""
        for character in text {
            if "\\[]()*_`<>".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }
}
