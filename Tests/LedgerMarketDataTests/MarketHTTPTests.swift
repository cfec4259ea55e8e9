import LedgerCore
import LedgerTestSupport
import Testing

@testable import LedgerMarketData

/// The HTTP layer against a real socket on 127.0.0.1: timeouts, refused connections, 429
/// with and without Retry-After, 5xx then success, and keys kept out of every message.
@Suite("Market HTTP layer")
struct MarketHTTPTests {
    typealias Response = LocalHTTPServer.Response

    func get(_ harness: MarketHarness, _ path: String, interval: Double = 0) throws(MarketDataError) -> HTTPResponse {
        try harness.http.get(harness.server.baseURL + path, source: "test", minInterval: interval)
    }

    @Test("a slow server hits the per-request timeout")
    func timeout() throws {
        let harness = try MarketHarness(routes: ["/slow": [Response(body: "{}", delay: 1.5)]])
        harness.policy = RetryPolicy(attempts: 1, timeout: 0.4)
        #expect(throws: MarketDataError.timeout(source: "test", seconds: 0.4)) { try get(harness, "/slow") }
    }

    @Test("a refused connection is retried with backoff, then reported")
    func refused() throws {
        let harness = try MarketHarness()
        harness.server.stop()
        #expect(throws: MarketDataError.network(source: "test", detail: "connection refused")) {
            try get(harness, "/x")
        }
        #expect(harness.clock.sleeps == [0.5, 1.0])
    }

    /// #20: at a terminal two sources × three attempts cost a minute before the cache was used.
    @Test("the interactive policy gives up on a refused connection at once; cron's retries it")
    func refusedInteractive() throws {
        let harness = try MarketHarness()
        harness.server.stop()
        harness.policy = RetryPolicy().interactive
        #expect(throws: MarketDataError.network(source: "test", detail: "connection refused")) {
            try get(harness, "/x")
        }
        #expect(harness.clock.sleeps.isEmpty)
    }

    @Test("the interactive policy asks for a short connect timeout; cron's waits as long as for the answer")
    func connectTimeouts() throws {
        let recorder = RecordingClient()
        for (policy, expected) in [
            (RetryPolicy(timeout: 10).interactive, 3.0), (RetryPolicy(timeout: 10), 10),
            (RetryPolicy(timeout: 2).interactive, 2),
        ] {
            _ = try MarketHTTP(client: recorder, policy: policy, pacing: VirtualPacing().pacing).get(
                "http://127.0.0.1:9/x", source: "test", minInterval: 0)
            #expect(recorder.last?.connectTimeout == expected)
        }
    }

    @Test("429 with a long Retry-After stops at once with a clear message")
    func retryAfterTooLong() throws {
        let harness = try MarketHarness(routes: [
            "/limited": [Response(status: 429, headers: ["Retry-After": "119"], body: "{}")]
        ])
        let error = #expect(throws: MarketDataError.self) { try get(harness, "/limited") }
        #expect(error == .rateLimited(source: "test", retryAfter: 119, limit: 30))
        #expect(
            error?.description
                == "test is rate limiting this client and asks to wait 119 s (more than the 30 s allowed by LGR_MAX_RETRY_WAIT); try again later"
        )
        #expect(harness.server.requests.count == 1)
        #expect(harness.clock.sleeps.isEmpty)
    }

    @Test("429 with a short Retry-After waits that long, then succeeds")
    func retryAfterHonoured() throws {
        let harness = try MarketHarness(routes: [
            "/limited": [
                Response(status: 429, headers: ["Retry-After": "2"], body: "{}"), Response(body: #"{"ok":true}"#),
            ]
        ])
        #expect(try get(harness, "/limited").text == #"{"ok":true}"#)
        #expect(harness.clock.sleeps == [2])
    }

    @Test("429 without Retry-After backs off exponentially, then gives up")
    func bare429() throws {
        let harness = try MarketHarness(routes: ["/limited": [Response(status: 429, body: "Too Many Requests")]])
        #expect(throws: MarketDataError.rateLimited(source: "test", retryAfter: nil, limit: 30)) {
            try get(harness, "/limited")
        }
        #expect(harness.server.requests.count == 3)
        #expect(harness.clock.sleeps == [0.5, 1.0])
    }

    @Test("500 then success is retried once")
    func serverErrorThenSuccess() throws {
        let harness = try MarketHarness(routes: ["/flaky": [Response(status: 500, body: "oops"), Response(body: "[]")]])
        #expect(try get(harness, "/flaky").text == "[]")
        #expect(harness.server.requests.count == 2)
        #expect(harness.clock.sleeps == [0.5])
    }

    @Test("persistent 503 reports the API's message")
    func persistent503() throws {
        let harness = try MarketHarness(routes: [
            "/down": [Response(status: 503, body: #"{"status":{"error_code":503,"error_message":"maintenance"}}"#)]
        ])
        #expect(throws: MarketDataError.httpStatus(source: "test", status: 503, detail: "maintenance")) {
            try get(harness, "/down")
        }
    }

    @Test("a 4xx is not retried")
    func clientError() throws {
        let harness = try MarketHarness(routes: [
            "/bad": [Response(status: 400, body: #"{"error":"invalid vs_currency"}"#)]
        ])
        #expect(throws: MarketDataError.httpStatus(source: "test", status: 400, detail: "invalid vs_currency")) {
            try get(harness, "/bad")
        }
        #expect(harness.server.requests.count == 1)
    }

    @Test("requests carry a User-Agent, and keep the minimum interval per source")
    func userAgentAndInterval() throws {
        let harness = try MarketHarness(routes: ["/a": [Response(body: "{}")]])
        _ = try get(harness, "/a", interval: 2.5)
        _ = try get(harness, "/a", interval: 2.5)
        #expect(harness.server.requests.allSatisfy { $0.headers["user-agent"]?.hasPrefix("ledger/") == true })
        #expect(harness.clock.sleeps == [2.5])
        #expect(harness.http.requestCount("test") == 2)
    }

    @Test("an API key goes in a header and never into an error message")
    func keyNeverShown() throws {
        let harness = try MarketHarness(routes: [
            "/coingecko/simple/price": [
                Response(
                    status: 401,
                    body: #"{"status":{"error_code":10002,"error_message":"key SECRET-KEY-123 is invalid"}}"#)
            ]
        ])
        harness.keys = ["coingecko": "SECRET-KEY-123"]
        let error = #expect(throws: MarketDataError.self) {
            try harness.source("coingecko").latestPrices(of: [symbol("BTC")], in: symbol("USD"))
        }
        #expect(error?.description.contains("SECRET-KEY-123") == false)
        #expect(error?.description.contains("***") == true)
        let request = try #require(harness.server.requests.first)
        #expect(request.headers["x-cg-demo-api-key"] == "SECRET-KEY-123")
        #expect(!request.target.contains("SECRET"))
    }

    @Test(
        "a key the server echoes upper-cased, lower-cased or cut short is scrubbed too",
        arguments: [
            "key CG-ABCDEF-SECRET-1234 is invalid", "key cg-abcdef-secret-1234 is invalid",
            "key CG-abcDEF-SECR… is invalid", "key …ef-Secret-12 is invalid",
        ])
    func keyEchoedAltered(echo: String) throws {
        let harness = try MarketHarness(routes: [
            "/coingecko/simple/price": [
                Response(status: 401, body: #"{"status":{"error_code":10002,"error_message":"\#(echo)"}}"#)
            ]
        ])
        harness.keys = ["coingecko": "cg-abcDEF-Secret-1234"]
        let error = #expect(throws: MarketDataError.self) {
            try harness.source("coingecko").latestPrices(of: [symbol("BTC")], in: symbol("USD"))
        }
        let text = try #require(error?.description)
        #expect(text.contains("key ***") || text.contains("key …***"), "\(text)")
        #expect(!text.lowercased().contains("secret"), "\(text)")
        #expect(text.contains("is invalid"), "\(text)")
    }

    @Test("a run of fewer than 8 characters of a key is not a key; a short key counts only whole")
    func scrubThreshold() {
        let http = MarketHTTP(client: CurlHTTPClient(), secrets: ["abcdefghijkl", "tiny"])
        #expect(http.scrub("ABCDEFG and abcdefgh") == "ABCDEFG and ***")
        #expect(http.scrub("TINY tin") == "*** tin")
    }

    @Test("Retry-After as an HTTP date")
    func retryAfterDate() throws {
        let harness = try MarketHarness(routes: [
            "/limited": [
                Response(status: 429, headers: ["Retry-After": "Sat, 01 Jun 2024 12:00:05 GMT"], body: ""),
                Response(body: "{}"),
            ]
        ])
        _ = try get(harness, "/limited")
        #expect(harness.clock.sleeps == [5])
    }

    @Test("a redirect is followed, and the headers are the final response's")
    func redirect() throws {
        let harness = try MarketHarness(routes: [
            "/old": [Response(status: 302, headers: ["Location": "/new", "X-Step": "first"], body: "")],
            "/new": [Response(headers: ["X-Step": "final"], body: #"{"moved":true}"#)],
        ])
        let response = try get(harness, "/old")
        #expect(response.status == 200)
        #expect(response.text == #"{"moved":true}"#)
        #expect(response.headers["x-step"] == "final")
        #expect(harness.server.requests.map(\.path) == ["/old", "/new"])
    }
}

@Suite("libcurl client")
struct CurlHTTPClientTests {
    @Test("only the last header block of a redirect chain counts; repeated names are joined")
    func headerBlocks() {
        let text =
            "HTTP/1.1 301 Moved\r\nLocation: /b\r\nX-A: 1\r\n\r\n"
            + "HTTP/1.1 200 OK\r\nContent-Type:  application/json\r\nSet-Cookie: a=1\r\nset-cookie: b=2\r\n\r\n"
        #expect(CurlHTTPClient.lastHeaderBlock(text) == ["content-type": "application/json", "set-cookie": "a=1, b=2"])
    }

    @Test("libcurl's failures in the user's words")
    func failures() {
        #expect(CurlHTTPClient.transportError(28, message: "Timeout was reached") == .timedOut)
        #expect(CurlHTTPClient.transportError(7, message: "Couldn't connect to server") == .refused)
        #expect(
            CurlHTTPClient.transportError(6, message: "Couldn't resolve host name") == .unreachable("host not found"))
        #expect(
            CurlHTTPClient.transportError(60, message: "SSL peer certificate")
                == .unreachable("the TLS connection failed"))
        #expect(
            CurlHTTPClient.transportError(-1, message: "libcurl is not installed (apt-get install libcurl4)")
                == .unreachable("libcurl is not installed (apt-get install libcurl4)"))
    }

    @Test("a URL that is not http or https is refused without a request")
    func otherSchemes() {
        #expect(throws: TransportError.unreachable("not an http or https URL")) {
            try CurlHTTPClient().send(HTTPRequest(url: "file:///etc/passwd", timeout: 2))
        }
    }
}

/// Answers every request with 200 and keeps the last request, to see what was asked.
final class RecordingClient: HTTPClient, @unchecked Sendable {
    private(set) var last: HTTPRequest?

    func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
        last = request
        return HTTPResponse(status: 200, body: Array("{}".utf8))
    }
}
