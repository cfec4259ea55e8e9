import LedgerApp
import LedgerCore
import LedgerMarketData
import LedgerTestSupport
import Testing

/// How the server's fetcher delivers fired alerts: the webhook POSTs `ledger.alerts.check/1`
/// to a loopback server; a webhook that refuses, and a command that fails, are failures said
/// in one sentence each.
@Suite("alert delivery: command and webhook")
struct AlertDeliveryTests {
    static let now = Timestamp(secondsSinceEpoch: 1_717_243_200)

    /// BTC above 60000, fired by a price of 60000.5.
    static func fired() -> [FiredAlert] {
        let alert = Alert(
            id: 3, asset: AssetSymbol("BTC")!, quote: AssetSymbol("USD")!, condition: .above(ExactDecimal("60000")!),
            note: "sell", createdAt: now)
        let prices = PriceTable([
            PriceObservation(
                asset: AssetSymbol("BTC")!, quote: AssetSymbol("USD")!, observedAt: now,
                price: ExactDecimal("60000.5")!,
                source: "coingecko")
        ])
        return FiredAlert.fired([AlertEvaluator.check(alert, prices: prices, now: now, maxAge: nil)])
    }

    final class Refusing: CommandSpawning {
        func run(_ command: String, environment: [String: String]) throws -> SpawnResult {
            SpawnResult(status: 2, output: "")
        }
    }

    @Test("the webhook gets one POST of the fired alerts as JSON, naming the user")
    func webhook() throws {
        let hook = try LocalHTTPServer(routes: ["/hook": [.init(body: "ok")]], lifetime: 30)
        defer { hook.stop() }
        let delivery = AlertDelivery(
            command: nil, webhook: hook.baseURL + "/hook", spawner: Refusing(), httpClient: CurlHTTPClient())
        let fired = Self.fired()
        #expect(fired.count == 1)
        #expect(delivery.deliver(fired, user: "alice", variables: [:], checkedAt: Self.now) == [])
        let request = try #require(hook.requests.first)
        #expect(hook.requests.count == 1)
        #expect(request.method == "POST")
        #expect(request.headers["content-type"] == "application/json")
        #expect(request.headers["x-ledger-user"] == "alice")
        let body = String(decoding: request.body, as: UTF8.self)
        #expect(body.contains(#""schema": "ledger.alerts.check/1""#))
        #expect(body.contains("BTC above 60000 USD: 60000.5 at 2024-06-01T12:00:00Z (alert 3: sell)"))
    }

    @Test("a webhook that answers 500 and a command that fails are reported, not thrown")
    func failures() throws {
        let hook = try LocalHTTPServer(routes: ["/hook": [.init(status: 500, body: "no")]], lifetime: 30)
        defer { hook.stop() }
        let delivery = AlertDelivery(
            command: "notify", webhook: hook.baseURL + "/hook", spawner: Refusing(), httpClient: CurlHTTPClient())
        #expect(
            delivery.deliver(Self.fired(), user: "bob", variables: [:], checkedAt: Self.now) == [
                "the alert command for bob's alert 3 exited with status 2",
                "the alert webhook answered 500 to bob's 1 fired alert(s)",
            ])
        #expect(
            AlertDelivery(command: " ", webhook: "", spawner: Refusing(), httpClient: CurlHTTPClient()).command == nil)
    }
}
