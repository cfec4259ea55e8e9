import LedgerCore
import LedgerTestSupport
import Synchronization
import Testing

@testable import LedgerMarketData

/// #36: offline, every fetching command spent 2–15 s retrying "host not found" and refused
/// connections. Neither is retried at a terminal, nor once every source of the command has
/// failed that way; from cron the first such failure still gets the patient retries.
@Suite("No route to the sources")
struct NoRouteTests {
    /// Fails every request as `failure`, or answers 200 for the sources in `answering`.
    final class FailingClient: HTTPClient {
        let failure: TransportError
        let answering: Set<String>
        private let sent = Mutex<[String]>([])

        init(_ failure: TransportError, answering: Set<String> = []) {
            self.failure = failure
            self.answering = answering
        }

        var requests: [String] { sent.withLock { $0 } }

        func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
            let host = String(request.url.split(separator: "/")[1])
            sent.withLock { $0.append(host) }
            if answering.contains(host) { return HTTPResponse(status: 200, body: Array("{}".utf8)) }
            throw failure
        }
    }

    static func http(_ client: FailingClient, _ policy: RetryPolicy, _ clock: VirtualPacing) -> MarketHTTP {
        MarketHTTP(client: client, policy: policy, pacing: clock.pacing)
    }

    static func get(_ http: MarketHTTP, _ source: String) -> MarketDataError? {
        do {
            _ = try http.get("http://\(source)/x", source: source, minInterval: 0)
            return nil
        } catch {
            return error
        }
    }

    @Test(
        "at a terminal a host not found is tried once, like a refused connection",
        arguments: [
            TransportError.hostNotFound, .refused,
        ])
    func interactive(failure: TransportError) {
        let client = FailingClient(failure)
        let clock = VirtualPacing()
        let http = Self.http(client, RetryPolicy().interactive, clock)
        #expect(Self.get(http, "a") != nil && Self.get(http, "b") != nil)
        #expect(client.requests == ["a", "b"] && clock.sleeps.isEmpty)
        #expect(http.reachability.looksOffline)
    }

    @Test("from cron the first source is retried; once every source failed that way, no other is")
    func patientUntilOffline() {
        let client = FailingClient(.hostNotFound)
        let clock = VirtualPacing()
        let http = Self.http(client, RetryPolicy(), clock)
        #expect(Self.get(http, "a") == .network(source: "a", detail: "host not found"))
        #expect(Self.get(http, "b") == .network(source: "b", detail: "host not found"))
        #expect(Self.get(http, "a") != nil)
        #expect(client.requests == ["a", "a", "a", "b", "a"] && clock.sleeps == [0.5, 1.0])
        #expect(http.reachability.unreachableSummary == "a, b: host not found")
    }

    @Test("once a source answered, the network is up: cron retries a refused source again")
    func answeredSourceKeepsRetries() {
        let client = FailingClient(.refused, answering: ["up"])
        let clock = VirtualPacing()
        let http = Self.http(client, RetryPolicy(), clock)
        #expect(Self.get(http, "up") == nil)
        #expect(Self.get(http, "down") == .network(source: "down", detail: "connection refused"))
        #expect(client.requests == ["up", "down", "down", "down"])
        #expect(!http.reachability.looksOffline && http.reachability.unreachableSummary == nil)
    }

    @Test("a timeout is not a missing route: it keeps its retries while the network looks down")
    func timeoutsStillRetried() {
        let reachability = Reachability()
        let clock = VirtualPacing()
        let refused = MarketHTTP(
            client: FailingClient(.refused), policy: RetryPolicy(), pacing: clock.pacing, reachability: reachability)
        _ = Self.get(refused, "a")
        let slow = FailingClient(.timedOut)
        let timing = MarketHTTP(client: slow, policy: RetryPolicy(), pacing: clock.pacing, reachability: reachability)
        #expect(Self.get(timing, "b") == .timeout(source: "b", seconds: 10))
        #expect(slow.requests.count == 3 && reachability.looksOffline)
    }
}
