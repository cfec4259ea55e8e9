import Foundation
import LedgerCLI
import LedgerStream
import LedgerTestSupport
import Testing

/// `ledger live` streaming from a WebSocket server on 127.0.0.1 that speaks the shapes of
/// CryptoCompare's streamer, through the real client (LedgerStream's `WebSocketConnection` over
/// libcurl's connection).
@Suite("live stream")
struct LiveStreamTests {
    let directory = makeTemporaryDirectory()

    static let welcome = #"{"TYPE":"20","MESSAGE":"STREAMERWELCOME","SERVER_UPTIME_SECONDS":1,"SOCKETS_ACTIVE":1}"#
    static let loaded = #"{"TYPE":"3","MESSAGE":"LOADCOMPLETE","INFO":"All your valid subs have been loaded."}"#
    static let heartbeat = #"{"TYPE":"999","MESSAGE":"HEARTBEAT","TIMEMS":1717243200123}"#

    static func ack(_ pair: String) -> LocalWebSocketServer.Step {
        .send(#"{"TYPE":"16","MESSAGE":"SUBSCRIBECOMPLETE","SUB":"5~CCCAGG~\#(pair)"}"#)
    }

    /// A TYPE 5 update; `fields` are the ones that changed (PRICE, OPEN24HOUR, …) as JSON members.
    static func tick(_ base: String, _ fields: String, quote: String = "USD") -> LocalWebSocketServer.Step {
        .send(
            #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"\#(base)","TOSYMBOL":"\#(quote)","FLAGS":1,\#(fields),"LASTUPDATE":1717243200}"#
        )
    }

    static func invalid(_ pair: String) -> LocalWebSocketServer.Step {
        .send(
            #"{"TYPE":"500","MESSAGE":"INVALID_SUB","PARAMETER":"5~CCCAGG~\#(pair)","INFO":"We only support 5~CCCAGG~{from}~{to}"}"#
        )
    }

    /// Runs `ledger live …` in-process with the WebSocket client, against `streamer`.
    func run(_ arguments: [String], streamer: String, variables: [String: String] = [:]) -> (FixedEnvironment, Int32) {
        let fixed = FixedEnvironment(
            variables: [
                "LGR_FILE": directory + "/books.ledger", "HOME": directory, "LGR_FALLBACK_CRYPTO": "cryptocompare",
                "LGR_STREAMER_URL": streamer, "LGR_STREAMER_RETRY": "0.05", "LGR_ATTEMPTS": "1",
            ].merging(variables) { $1 })
        fixed.liveStreaming = .client(WebSocketStreamOpener())
        return (fixed, fixed.run(["live"] + arguments))
    }

    /// The lines without their time.
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.split(separator: " ").dropFirst().joined(separator: " ") }
    }

    @Test("the test server's upgrade answer is RFC 6455's")
    func acceptKey() {
        let accept = Data(
            WebSocketSHA1.digest(Array("dGhlIHNhbXBsZSBub25jZQ==258EAFA5-E914-47DA-95CA-C5AB0DC85B11".utf8)))
        #expect(accept.base64EncodedString() == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    @Test("price updates, partial ones included, print one line each with the change since the first price")
    func updates() throws {
        let server = try LocalWebSocketServer(scripts: [
            [
                .receive, .send(Self.welcome), Self.ack("BTC~USD"), Self.ack("ETH~USD"),
                Self.tick("BTC", #""PRICE":67000,"OPEN24HOUR":66000,"VOLUME24HOUR":30110.4"#),
                Self.tick("ETH", #""PRICE":3800,"OPEN24HOUR":4000"#), .send(Self.loaded), .send(Self.heartbeat),
                Self.tick("BTC", #""LASTVOLUME":0.01,"VOLUMEHOUR":512.2"#), // no PRICE: not an update
                Self.tick("BTC", #""PRICE":67670"#), Self.tick("ETH", #""PRICE":3762"#),
            ]
        ])
        defer { server.stop() }
        let (fixed, status) = run(["BTC", "ETH", "--updates", "4"], streamer: server.url)
        #expect(status == 0, "\(fixed.stderr.text)")
        #expect(
            Self.lines(fixed.stdout.text) == [
                "BTC 67000 USD 0.00%", "ETH 3800 USD 0.00%", "BTC 67670 USD +1.00%", "ETH 3762 USD -1.00%",
            ])
        #expect(fixed.stderr.text.isEmpty)
        #expect(server.messages == [#"{"action":"SubAdd","subs":["5~CCCAGG~BTC~USD","5~CCCAGG~ETH~USD"]}"#])
        #expect(!FileManager.default.fileExists(atPath: directory + "/books.ledger"))
    }

    @Test("--change 24h measures from OPEN24HOUR; prices stay exact; other quotes subscribe their pair")
    func dayChange() throws {
        let server = try LocalWebSocketServer(scripts: [
            [
                .receive, .send(Self.welcome),
                Self.tick("BTC", #""PRICE":67670.123456789012345678,"OPEN24HOUR":66000"#, quote: "USDT"),
                Self.tick("SHIB", #""PRICE":1.2345e-5,"OPEN24HOUR":0.00001"#, quote: "USDT"),
            ]
        ])
        defer { server.stop() }
        let (fixed, status) = run(
            ["BTC", "SHIB", "--currency", "USDT", "--change", "24h", "--updates", "2", "-O", "json"],
            streamer: server.url)
        #expect(status == 0, "\(fixed.stderr.text)")
        let lines = fixed.stdout.text.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(
            lines.first?.hasSuffix(
                #""asset":"BTC","quote":"USDT","price":"67670.123456789012345678","start_price":"66000","change_percent":"2.53049009","source":"cryptocompare","change_from":"24h"}"#
            ) == true, "\(lines)")
        #expect(
            lines.last?.contains(#""price":"0.000012345","start_price":"0.00001","change_percent":"23.45""#) == true)
        #expect(server.messages == [#"{"action":"SubAdd","subs":["5~CCCAGG~BTC~USDT","5~CCCAGG~SHIB~USDT"]}"#])
    }

    @Test("an invalid pair is named once and left out; the others keep streaming")
    func invalidPair() throws {
        let server = try LocalWebSocketServer(scripts: [
            [.receive, .send(Self.welcome), Self.invalid("FOO~USD"), Self.tick("BTC", #""PRICE":100"#)]
        ])
        defer { server.stop() }
        let (fixed, status) = run(["BTC", "FOO", "--updates", "1"], streamer: server.url)
        #expect(status == 0)
        #expect(Self.lines(fixed.stdout.text) == ["BTC 100 USD 0.00%"])
        #expect(
            fixed.stderr.text
                == "ledger: warning: the streamer has no FOO/USD (INVALID_SUB 5~CCCAGG~FOO~USD); left out\n")
    }

    @Test("every pair invalid is an error, as when no source knows the symbols")
    func everyPairInvalid() throws {
        let server = try LocalWebSocketServer(scripts: [[.receive, .send(Self.welcome), Self.invalid("FOO~USD")]])
        defer { server.stop() }
        let (fixed, status) = run(["FOO", "--updates", "1"], streamer: server.url)
        #expect(status == 1)
        #expect(
            fixed.stderr.text == """
                ledger: error: no live price for FOO: the streamer has no FOO/USD (INVALID_SUB 5~CCCAGG~FOO~USD); \
                check the symbols with 'ledger market search'

                """)
    }

    @Test("a dropped connection is said once and the stream reconnects and subscribes again")
    func droppedConnection() throws {
        let server = try LocalWebSocketServer(scripts: [
            [.receive, .send(Self.welcome), Self.tick("BTC", #""PRICE":100"#), .drop],
            [.receive, .drop],
            [.receive, .send(Self.welcome), Self.tick("BTC", #""PRICE":110"#)],
        ])
        defer { server.stop() }
        let (fixed, status) = run(["BTC", "--updates", "2"], streamer: server.url)
        #expect(status == 0, "\(fixed.stderr.text)")
        #expect(Self.lines(fixed.stdout.text) == ["BTC 100 USD 0.00%", "BTC 110 USD +10.00%"])
        let warnings = fixed.stderr.text.split(separator: "\n")
        #expect(warnings.count == 1, "\(warnings)")
        #expect(warnings.first?.hasPrefix("ledger: warning: the live stream was lost (") == true)
        #expect(
            warnings.first?.hasSuffix(
                "reconnecting in 0.05 s, then waiting twice as long after each failure, up to 60 s") == true)
        #expect(server.connectionCount == 3)
        #expect(server.messages.count == 3)
    }

    @Test("messages with 16- and 64-bit lengths arrive whole")
    func longMessages() throws {
        let padding = { (count: Int) in #","PAD":""# + String(repeating: "x", count: count) + #"""# }
        let server = try LocalWebSocketServer(scripts: [
            [
                .receive, .send(Self.welcome), Self.tick("BTC", #""PRICE":100"# + padding(300)),
                Self.tick("BTC", #""PRICE":101"# + padding(70_000)),
            ]
        ])
        defer { server.stop() }
        let (fixed, status) = run(["BTC", "--updates", "2"], streamer: server.url)
        #expect(status == 0, "\(fixed.stderr.text)")
        #expect(Self.lines(fixed.stdout.text) == ["BTC 100 USD 0.00%", "BTC 101 USD +1.00%"])
    }

    @Test("a silent server counts as dropped after the silence timeout")
    func silentServer() throws {
        let server = try LocalWebSocketServer(scripts: [
            [.receive, .send(Self.welcome)],
            [.receive, .send(Self.welcome), Self.tick("BTC", #""PRICE":100"#)],
        ])
        defer { server.stop() }
        let (fixed, status) = run(
            ["BTC", "--updates", "1"], streamer: server.url, variables: ["LGR_STREAMER_SILENCE": "0.3"])
        #expect(status == 0, "\(fixed.stderr.text)")
        #expect(Self.lines(fixed.stdout.text) == ["BTC 100 USD 0.00%"])
        #expect(fixed.stderr.text.hasPrefix("ledger: warning: the live stream was lost (no message for 0.3 s); "))
        #expect(server.connectionCount == 2)
    }

    @Test("a refused port falls back to polling the loopback market server, saying so once")
    func refusedFallsBackToPolling() throws {
        let http = try LocalHTTPServer(
            routes: ["/cryptocompare/data/pricemultifull": [LiveCommandTests.body("67000", "3800")]], lifetime: 30)
        defer { http.stop() }
        let port = try Self.closedPort()
        let (fixed, status) = run(
            ["BTC", "--updates", "2"], streamer: "ws://127.0.0.1:\(port)/v2",
            variables: ["LGR_CRYPTOCOMPARE_URL": http.baseURL + "/cryptocompare"])
        #expect(status == 0)
        #expect(Self.lines(fixed.stdout.text) == ["BTC 67000 USD 0.00%", "BTC 67000 USD 0.00%"])
        #expect(
            fixed.stderr.text
                == "ledger: warning: the live stream could not be opened: connection refused; polling every 10 s instead\n"
        )
    }

    @Test("a server that does not upgrade to a WebSocket falls back to polling too")
    func noUpgrade() throws {
        let http = try LocalHTTPServer(
            routes: ["/cryptocompare/data/pricemultifull": [LiveCommandTests.body("67000", "3800")]], lifetime: 30)
        defer { http.stop() }
        let (fixed, status) = run(
            ["BTC", "--updates", "1"], streamer: "ws://127.0.0.1:\(http.port)/v2",
            variables: ["LGR_CRYPTOCOMPARE_URL": http.baseURL + "/cryptocompare"])
        #expect(status == 0)
        #expect(Self.lines(fixed.stdout.text) == ["BTC 67000 USD 0.00%"])
        #expect(
            fixed.stderr.text == """
                ledger: warning: the live stream could not be opened: the server did not accept a WebSocket upgrade; \
                polling every 10 s instead

                """)
    }

    @Test("--poll, another --source and stock assets poll without trying the stream")
    func pollingChoices() throws {
        let http = try LocalHTTPServer(
            routes: ["/cryptocompare/data/pricemultifull": [LiveCommandTests.body("67000", "3800")]], lifetime: 30)
        defer { http.stop() }
        let port = try Self.closedPort()
        let (fixed, status) = run(
            ["BTC", "--updates", "1", "--poll"], streamer: "ws://127.0.0.1:\(port)/v2",
            variables: ["LGR_CRYPTOCOMPARE_URL": http.baseURL + "/cryptocompare"])
        #expect(status == 0)
        #expect(fixed.stderr.text.isEmpty)
        #expect(Self.lines(fixed.stdout.text) == ["BTC 67000 USD 0.00%"])
    }

    /// A port nothing listens on: bound by the kernel, then closed.
    static func closedPort() throws -> UInt16 {
        let server = try LocalHTTPServer(lifetime: 1)
        let port = server.port
        server.stop()
        return port
    }
}
