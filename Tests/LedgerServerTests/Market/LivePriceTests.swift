import Foundation
import LedgerServer
import LedgerTestSupport
import Testing

/// Live prices: the coin page is whole without scripts (its price is in the markup), marks the
/// price `data-live` and names the site's own `/live.js`; `/live/prices` streams Server-Sent
/// Events from the loopback sources, one `price` event each time the price changes.
@Suite("live prices", .serialized)
struct LivePriceTests {
    @Test("the coin page marks its price live; the stream sends the first price and then the changed one")
    func stream() async throws {
        let server = try MarketTestServer(liveInterval: .milliseconds(100))
        server.market.set(
            "/coingecko/simple/price",
            [
                .init(body: #"{"bitcoin":{"usd":67000.5,"last_updated_at":1717243000}}"#),
                .init(body: #"{"bitcoin":{"usd":68000.25,"last_updated_at":1717243060}}"#),
            ])
        let client = try await server.start()
        let page = try await client.get("/market/BTC", as: "alice")
        #expect(page.status == 200)
        #expect(page.body.contains(#" data-live="BTC USD" data-price="67543.12">67,543.12 USD</span>"#))
        #expect(page.body.contains(#"<script src="/live.js" defer></script>"#))
        #expect(page.header("content-security-policy")?.contains("script-src 'self'; connect-src 'self'") == true)
        let script = try await client.get("/live.js", as: "alice")
        #expect(script.header("content-type") == "text/javascript; charset=utf-8")
        #expect(script.body.contains("new EventSource(url)"))

        let events = await Self.read(
            port: client.port, path: "/live/prices?assets=btc&currency=USD", until: "68000.25")
        #expect(events.contains("content-type: text/event-stream; charset=utf-8"))
        #expect(events.contains("retry: 3000"))
        let first = try #require(events.range(of: #"data: {"asset":"BTC","currency":"USD","price":"67000.5","#))
        let second = try #require(events.range(of: #"data: {"asset":"BTC","currency":"USD","price":"68000.25","#))
        #expect(first.lowerBound < second.lowerBound)
        #expect(events.contains(#""number":"68,000.25","text":"68,000.25 USD","observed_at":"2024-06-01T11:57:40Z"}"#))
        #expect(events.components(separatedBy: "event: price\n").count == 3)

        let empty = try await client.get("/live/prices", as: "alice")
        #expect(empty.status == 400)
        #expect(empty.body.contains("Name the assets to follow") || empty.body.contains("name the assets to follow"))
        let refused = try await client.get("/live/prices?assets=B@D", as: "alice")
        #expect(refused.status == 400)
        #expect(refused.body.contains("&#39;B@D&#39; is not an asset symbol"))
        try await server.stop()
    }

    @Test("the market list's and the portfolio's price cells carry the live asset, currency and exact price")
    func tables() async throws {
        let server = try MarketTestServer()
        for arguments in [
            ["add", "buy", "BTC", "0.1", "@", "30000", "--date", "2024-05-01", "--offline"],
            ["add", "deposit", "USD", "100", "--date", "2024-05-01"], ["prices", "set", "BTC", "67000.5"],
        ] {
            #expect(server.ledger("alice", arguments).status == 0, "\(arguments)")
        }
        let client = try await server.start()
        let list = try await client.get("/market", as: "alice")
        #expect(
            list.body.contains(#"<span data-live="BTC USD" data-live-number data-price="67543.12">67,543.12</span>"#))
        #expect(list.body.contains(#"<script src="/live.js" defer></script>"#))
        let stocks = try await client.get("/market?class=stock", as: "alice")
        #expect(stocks.body.contains(#"data-live="NVDA USD stock" data-live-number"#), "a screen's class is followed")
        let portfolio = try await client.get("/portfolio", as: "alice")
        #expect(
            portfolio.body.contains(
                #"<td class="n" data-label="price" data-live="BTC USD" data-live-number data-price="67000.5">67,000.50</td>"#
            ), "\(portfolio.body)")
        #expect(!portfolio.body.contains(#"data-live="USD"#), "cash is not followed")
        #expect(portfolio.body.contains(#"<script src="/live.js" defer></script>"#))
        let past = try await client.get("/portfolio?as-of=2024-05-31", as: "alice")
        #expect(!past.body.contains("data-live") && !past.body.contains("/live.js"), "a past valuation is not live")
        try await server.stop()
    }

    @Test("a stop ends an open stream at once, not after its interval: the server stops while a browser listens")
    func stopWithOpenStream() async throws {
        // An interval longer than the stop's bound: a stream that waited it out would make
        // stop() give up and throw (round 16's CI hung at the end of a run).
        let server = try MarketTestServer(liveInterval: .seconds(60))
        let client = try await server.start()
        let connection = try RawConnection(port: client.port, receiveTimeoutMilliseconds: 30_000)
        let opened = await RawConnection.onThread { () -> String in
            _ = connection.send(
                "GET /live/prices?assets=btc&currency=USD HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Test-User: alice\r\n\r\n")
            var received = ""
            while !received.contains("event: price"), let piece = connection.receiveOnce(), !piece.isEmpty {
                received += String(decoding: piece, as: UTF8.self)
            }
            return received
        }
        #expect(opened.contains("event: price"), "\(opened)")
        try await server.stop()
        let rest = await RawConnection.onThread { connection.receiveUntilClosed() }
        #expect(rest != nil, "the stream's connection is closed by the stop")
    }

    /// What a signed-in browser's stream sends until `text` arrives (at most 15 s), lowercase
    /// header names as sent.
    static func read(port: Int, path: String, until text: String, user: String = "alice") async -> String {
        await RawConnection.onThread {
            guard let connection = try? RawConnection(port: port, receiveTimeoutMilliseconds: 15_000) else {
                return ""
            }
            connection.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Test-User: \(user)\r\n\r\n")
            var received = ""
            while !received.contains(text), let piece = connection.receiveOnce(), !piece.isEmpty {
                received += String(decoding: piece, as: UTF8.self)
            }
            return received.replacingOccurrences(of: "Content-Type:", with: "content-type:")
        }
    }
}
