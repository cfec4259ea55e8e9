import LedgerCore
import Testing

@testable import LedgerRender

/// The text, Markdown and HTML of headlines: fitted to the width, user text made harmless.
@Suite("News view")
struct NewsViewTests {
    let now = Timestamp(secondsSinceEpoch: 1_717_243_200)

    func headline(title: String, publisher: String = "CoinDesk", url: String = "https://news.example/a") -> Headline {
        Headline(
            source: "cryptocompare", id: "1", publishedAt: Timestamp(secondsSinceEpoch: 1_717_242_000), title: title,
            url: url, publisher: publisher, symbols: [AssetSymbol("BTC")!], language: "EN")
    }

    @Test("the title is cut with … to the width; the link is never cut", arguments: [40, 60, 80, 120])
    func fits(width: Int) {
        let long = String(repeating: "Bitcoin rallies ", count: 12)
        let url = "https://news.example/" + String(repeating: "x", count: 100)
        let lines = NewsView(headlines: [headline(title: long, url: url)], now: now, width: width).lines()
        #expect(lines.count == 2)
        #expect(lines[0].displayWidth <= max(width, 41))
        #expect(lines[0].hasSuffix("…"))
        #expect(lines[0].hasPrefix(" 20 min ago  CoinDesk"))
        #expect(lines[1].hasSuffix(url))
        #expect(lines[1].contains("2024-06-01 11:40  BTC"))
    }

    @Test("control characters in a title or publisher are shown escaped, never sent to the terminal")
    func escapes() {
        let lines = NewsView(headlines: [headline(title: "Hi\u{1B}[2J", publisher: "X\u{7}")], now: now).lines()
        #expect(!lines.joined().contains("\u{1B}"))
        #expect(!lines.joined().contains("\u{7}"))
    }

    @Test("Markdown escapes the title; HTML escapes everything and links only http(s)")
    func markup() {
        let view = NewsView(
            headlines: [headline(title: "A [b] <i>", url: "javascript:alert(1)")], now: now)
        #expect(view.markdown() == [#"- A \[b\] \<i\> — CoinDesk, 2024-06-01 11:40 UTC (BTC)"#])
        let html = view.html()
        #expect(html.contains("A [b] &lt;i&gt;"))
        #expect(!html.contains("href"))
        let linked = NewsView(headlines: [headline(title: "T", url: "https://n.example/?a=1&b=\"2\"")], now: now)
        #expect(
            linked.html().contains(
                #"<a href="https://n.example/?a=1&amp;b=&quot;2&quot;" rel="noopener noreferrer">T</a>"#))
    }

    @Test("by source: grouped by publisher, newest first within each")
    func order() {
        func item(_ id: String, _ publisher: String, _ time: Int64) -> Headline {
            Headline(
                source: "s", id: id, publishedAt: Timestamp(secondsSinceEpoch: time), title: id, url: "u",
                publisher: publisher)
        }
        let items = [item("a", "Zeta", 5), item("b", "alpha", 3), item("c", "Zeta", 9), item("d", "alpha", 4)]
        #expect(HeadlineOrder.time.arrange(items, limit: 3).map(\.id) == ["c", "a", "d"])
        #expect(HeadlineOrder.source.arrange(items, limit: 10).map(\.id) == ["d", "b", "c", "a"])
        #expect(HeadlineOrder.time.arrange(items + [item("a", "Zeta", 5)], limit: 10).count == 4)
    }
}
