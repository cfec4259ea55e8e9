import LedgerMarketData
import Synchronization

/// The HTTP client of one fetcher run: sends through the server's, and keeps the URL of every
/// request, so the run can say how many each source got (the top list, coin list and prices
/// alike).
final class CountingHTTPClient: HTTPClient {
    let inner: any HTTPClient
    private let urls = Mutex<[String]>([])

    init(_ inner: any HTTPClient) {
        self.inner = inner
    }

    func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
        urls.withLock { $0.append(request.url) }
        return try inner.send(request)
    }

    /// Requests per source, a request counted for the source whose base URL it starts with.
    func counts(_ config: MarketDataConfig) -> [String: Int] {
        var counts: [String: Int] = [:]
        for url in urls.withLock({ $0 }) {
            let source = config.sources.filter { url.hasPrefix($0.value.baseURL) }.max {
                $0.value.baseURL.count < $1.value.baseURL.count
            }
            counts[source?.key ?? "other", default: 0] += 1
        }
        return counts
    }
}
