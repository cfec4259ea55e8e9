import Foundation
import LedgerCore
import LedgerMarketData
import LedgerTestSupport

/// The recorded API bodies under Fixtures/http, one folder per source.
enum Fixtures {
    static let http = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/http").path
}

func symbol(_ text: String) -> AssetSymbol { AssetSymbol(text)! }

func decimal(_ text: String) -> ExactDecimal { ExactDecimal(text)! }

/// A server on 127.0.0.1 serving the fixtures, and adapters pointed at it through a
/// virtual clock (nothing really sleeps).
final class MarketHarness {
    let server: LocalHTTPServer
    let clock = VirtualPacing()
    let coinList = InMemoryCoinListCache()
    var policy = RetryPolicy(attempts: 3, initialBackoff: 0.5, maxRetryWait: 30, timeout: 5)
    var keys: [String: String] = [:]
    var overrides: [String: String] = [:]

    init(routes: [String: [LocalHTTPServer.Response]] = [:]) throws {
        server = try LocalHTTPServer(routes: routes, directory: Fixtures.http, lifetime: 60)
    }

    deinit { server.stop() }

    lazy var http = MarketHTTP(
        client: CurlHTTPClient(), policy: policy, pacing: clock.pacing, secrets: Array(keys.values),
        wallClock: { 1_717_243_200 }
    )

    func settings(_ name: String, interval: Double = 0) -> SourceSettings {
        SourceSettings(baseURL: server.baseURL + "/" + name, key: keys[name], minInterval: interval)
    }

    func source(_ name: String) -> any MarketDataSource {
        switch name {
        case "coingecko":
            CoinGeckoSource(settings: settings(name), http: http, overrides: overrides, coinList: coinList)
        case "cryptocompare": CryptoCompareSource(settings: settings(name), http: http)
        case "frankfurter": FrankfurterSource(settings: settings(name), http: http)
        case "stooq": StooqSource(settings: settings(name), http: http)
        default: YahooChartSource(settings: settings(name), http: http)
        }
    }

    /// Requests received for `source`, in order.
    func requests(_ source: String) -> [LocalHTTPServer.Request] {
        server.requests.filter { $0.path.hasPrefix("/" + source + "/") }
    }
}
