import LedgerMarketData
import Synchronization

/// An HTTP client that sends through another and keeps the URL of every request, so a run
/// (the server's scheduled fetcher) can say how many each source got (the top list, coin list
/// and prices alike).
public final class CountingHTTPClient: HTTPClient {
    let inner: any HTTPClient
    private let urls = Mutex<[String]>([])

    init(_ inner: any HTTPClient) {
        self.inner = inner
    }

    public func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
        urls.withLock { $0.append(request.url) }
        return try inner.send(request)
    }

    /// Requests per source of `setup`'s configuration, a request counted for the source whose
    /// base URL it starts with ("other" for none).
    public func counts(_ setup: MarketSetup) -> [String: Int] {
        let sources = setup.config.sources
        var counts: [String: Int] = [:]
        for url in urls.withLock({ $0 }) {
            let source = sources.filter { url.hasPrefix($0.value.baseURL) }.max {
                $0.value.baseURL.count < $1.value.baseURL.count
            }
            counts[source?.key ?? "other", default: 0] += 1
        }
        return counts
    }
}

extension MarketContext {
    /// Sends every request of this context through a ``CountingHTTPClient``, which it returns.
    public mutating func countingRequests() -> CountingHTTPClient {
        let counter = CountingHTTPClient(httpClient)
        httpClient = counter
        return counter
    }
}
