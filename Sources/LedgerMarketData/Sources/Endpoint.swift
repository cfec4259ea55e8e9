import LedgerCore
import LedgerInterchange

/// One source's base URL, key headers and HTTP layer: builds URLs and returns parsed JSON.
struct Endpoint: Sendable {
    let source: String
    let settings: SourceSettings
    let http: MarketHTTP
    /// Headers sent with every request (the API key, when there is one).
    let headers: [String: String]

    /// Now, by the wall clock the HTTP layer was given (for observations the API leaves undated).
    var now: Timestamp { Timestamp(secondsSinceEpoch: http.wallClock()) }

    /// Where the close of a day is stamped: the day's last second (23:59:59 UTC), or now while
    /// the day is still open (its "close" is then the latest price). Reads the clock once.
    func closeStamps() -> (LocalDate) -> Timestamp {
        let now = self.now
        return { day in min(day.endOfDay, now) }
    }

    /// GETs `path` with `query` and parses the body as JSON.
    func json(_ path: String, _ query: [(String, String)] = []) throws(MarketDataError) -> JSONValue {
        let response = try http.get(
            url(path, query), headers: headers, source: source, minInterval: settings.minInterval)
        do {
            return try ResponseBody.json(response.body, source: source)
        } catch {
            throw scrubbed(error)
        }
    }

    func url(_ path: String, _ query: [(String, String)]) -> String {
        var base = settings.baseURL
        while base.hasSuffix("/") { base.removeLast() }
        let encoded = query.map { "\(Self.escape($0.0))=\(Self.escape($0.1))" }.joined(separator: "&")
        return base + path + (encoded.isEmpty ? "" : "?" + encoded)
    }

    /// Percent-encodes everything but unreserved characters and `,` (kept for id lists).
    static func escape(_ text: String) -> String {
        PercentEncoding.escape(text, keeping: ",")
    }

    /// An API error message with every configured key replaced by `***`.
    func apiError(_ message: String) -> MarketDataError {
        .apiError(source: source, message: http.scrub(message))
    }

    func badShape(_ detail: String) -> MarketDataError {
        .badResponse(source: source, detail: detail)
    }

    private func scrubbed(_ error: MarketDataError) -> MarketDataError {
        if case .badResponse(let source, let detail) = error {
            return .badResponse(source: source, detail: http.scrub(detail))
        }
        return error
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}

extension Timestamp {
    /// From Unix milliseconds (dropping the fraction of a second).
    init(milliseconds: Int64) {
        self.init(secondsSinceEpoch: milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000)
    }
}
