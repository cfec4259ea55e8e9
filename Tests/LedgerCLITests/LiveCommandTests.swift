import Foundation
import LedgerTestSupport
import Testing

/// `ledger live` against a local server whose prices change from poll to poll, on a virtual
/// clock: several updates, a failed poll in between, the terminal table redrawn in place.
@Suite("live ticker")
struct LiveCommandTests {
    let directory = makeTemporaryDirectory()

    /// CryptoCompare `pricemultifull` bodies (the real shape) with these BTC and ETH prices.
    static func body(_ btc: String, _ eth: String) -> LocalHTTPServer.Response {
        func raw(_ symbol: String, _ price: String) -> String {
            #""\#(symbol)":{"USD":{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"\#(symbol)","TOSYMBOL":"USD","FLAGS":"2049","PRICE":\#(price),"LASTUPDATE":1717243200}}"#
        }
        return LocalHTTPServer.Response(body: #"{"RAW":{\#(raw("BTC", btc)),\#(raw("ETH", eth))},"DISPLAY":{}}"#)
    }

    func run(
        _ arguments: [String], responses: [LocalHTTPServer.Response], terminal: Bool = false,
        variables: [String: String] = [:]
    ) throws -> (FixedEnvironment, Int32, LocalHTTPServer) {
        let server = try LocalHTTPServer(routes: ["/cryptocompare/data/pricemultifull": responses], lifetime: 30)
        let fixed = FixedEnvironment(
            variables: [
                "LGR_FILE": directory + "/books.ledger", "HOME": directory, "LGR_FALLBACK_CRYPTO": "cryptocompare",
                "LGR_CRYPTOCOMPARE_URL": server.baseURL + "/cryptocompare", "LGR_ATTEMPTS": "1",
            ].merging(variables) { $1 })
        fixed.isTerminal = terminal
        let status = fixed.run(["live"] + arguments)
        return (fixed, status, server)
    }

    @Test("each update prints one line per asset with the change since the first price")
    func changingPrices() throws {
        let (fixed, status, server) = try run(
            ["BTC", "ETH", "--updates", "4", "--interval", "10s"],
            responses: [
                Self.body("67000", "3800"), Self.body("67670", "3762"), Self.body("66330", "3800.38"),
                Self.body("67000.00", "3800"),
            ])
        defer { server.stop() }
        #expect(status == 0)
        let lines = fixed.stdout.text.split(separator: "\n").map {
            $0.split(separator: " ").dropFirst().joined(separator: " ")
        }
        #expect(
            lines == [
                "BTC 67000 USD 0.00%", "ETH 3800 USD 0.00%",
                "BTC 67670 USD +1.00%", "ETH 3762 USD -1.00%",
                "BTC 66330 USD -1.00%", "ETH 3800.38 USD +0.01%",
                "BTC 67000 USD 0.00%", "ETH 3800 USD 0.00%",
            ])
        #expect(server.requests.count == 4)
        #expect(!fixed.stdout.text.contains("\u{1B}"))
        // Three waits of 10 s, in slices: the polling period is kept without real sleeping.
        #expect(fixed.pacing.sleeps.reduce(0, +) > 29.9 && fixed.pacing.sleeps.allSatisfy { $0 <= 1 })
        #expect(!FileManager.default.fileExists(atPath: directory + "/books.ledger"))
    }

    @Test("a failed poll warns once and the ticker goes on")
    func failedPollThenRecovery() throws {
        let failure = LocalHTTPServer.Response(status: 500, body: "{}")
        let (fixed, status, server) = try run(
            ["BTC", "--updates", "2", "-O", "json"],
            responses: [
                Self.body("100", "1"), failure, failure, Self.body("110", "1"),
            ])
        defer { server.stop() }
        #expect(status == 0)
        let lines = fixed.stdout.text.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[1].contains(#""price":"110","start_price":"100","change_percent":"10""#))
        #expect(fixed.stderr.text.split(separator: "\n").count == 1)
        #expect(
            fixed.stderr.text.hasPrefix(
                "ledger: warning: could not fetch the latest prices: cryptocompare answered HTTP 500"))
    }

    /// #20: when both sources failed, only the last was named, and a rate limit's own "try
    /// again later" was followed by a second piece of advice.
    @Test("when every source fails, each is named and the advice comes once")
    func everySourceFails() throws {
        let limited = LocalHTTPServer.Response(status: 429, body: "{}")
        let server = try LocalHTTPServer(
            routes: ["/coingecko/simple/price": [limited], "/cryptocompare/data/pricemultifull": [limited]],
            lifetime: 30)
        defer { server.stop() }
        let fixed = FixedEnvironment(variables: [
            "LGR_FILE": directory + "/books.ledger", "HOME": directory,
            "LGR_FALLBACK_CRYPTO": "coingecko,cryptocompare",
            "LGR_COINGECKO_URL": server.baseURL + "/coingecko",
            "LGR_CRYPTOCOMPARE_URL": server.baseURL + "/cryptocompare",
            "LGR_ATTEMPTS": "1",
        ])
        #expect(fixed.run(["live", "BTC", "--updates", "1"]) == 1)
        #expect(
            fixed.stderr.text == """
                ledger: error: live prices could not be fetched: coingecko is rate limiting this client (HTTP 429 without \
                Retry-After); cryptocompare is rate limiting this client (HTTP 429 without Retry-After); try again when a source answers

                """)
    }

    @Test("on a terminal the table is redrawn in place, coloured, and the cursor restored")
    func terminalTable() throws {
        let (fixed, status, server) = try run(
            ["BTC", "ETH", "--updates", "3"],
            responses: [
                Self.body("67000", "3800"), Self.body("67670", "3762"), Self.body("67670", "3762"),
            ], terminal: true)
        defer { server.stop() }
        #expect(status == 0)
        let text = fixed.stdout.text
        #expect(text.hasPrefix("\u{1B}[?25l"))
        #expect(text.hasSuffix("\u{1B}[0m\u{1B}[?25h"))
        // The table (header, rule and two rows) is drawn once, then twice more from 4 lines up,
        // every line cleared before it is rewritten.
        #expect(text.components(separatedBy: "\u{1B}[4A").count == 3, "\(text.debugDescription)")
        #expect(text.components(separatedBy: "\r\u{1B}[2K").count == 13)
        #expect(text.contains("\u{1B}[32m+1.00%\u{1B}[0m") && text.contains("\u{1B}[31m-1.00%\u{1B}[0m"))
        let (plain, _, again) = try run(
            ["BTC", "--updates", "2"], responses: [Self.body("1", "1"), Self.body("2", "1")],
            terminal: true, variables: ["NO_COLOR": "1"])
        defer { again.stop() }
        #expect(plain.stdout.text.contains("+100.00%") && !plain.stdout.text.contains("\u{1B}[32m"))
    }

    @Test("the source's minimum interval is enforced")
    func minimumInterval() throws {
        let (fixed, status, server) = try run(
            ["BTC", "--interval", "2s"], responses: [Self.body("1", "1")],
            variables: ["LGR_CRYPTOCOMPARE_MIN_INTERVAL": "5"])
        defer { server.stop() }
        #expect(status == 64)
        #expect(
            fixed.stderr.text
                == "ledger: error: --interval 2s is shorter than the 5 s cryptocompare needs between requests; use --interval 5s or more\n"
        )
        #expect(server.requests.isEmpty)
    }
}
