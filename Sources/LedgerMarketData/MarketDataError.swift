/// Why market data could not be had. `description` is the user-facing sentence; it never
/// holds an API key (bodies quoted in it are scrubbed of every configured key first).
public enum MarketDataError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The source's API has no such operation (`frankfurter` has no candles).
    case unsupported(source: String, operation: String)
    /// The connection failed (refused, reset, name not resolved).
    case network(source: String, detail: String)
    /// No answer within the per-request timeout.
    case timeout(source: String, seconds: Double)
    /// HTTP 429; `retryAfter` is the wait the server asked for, when it named one.
    case rateLimited(source: String, retryAfter: Int?, limit: Int)
    /// Any other failing HTTP status, with the API's own message when it gave one.
    case httpStatus(source: String, status: Int, detail: String)
    /// An error reported inside a successful response (HTTP 200 with an error body).
    case apiError(source: String, message: String)
    /// A body that is not the JSON (or CSV) expected: malformed, an HTML page, a wrong shape.
    case badResponse(source: String, detail: String)
    /// The source does not know this symbol.
    case unknownSymbol(source: String, symbol: String)
    /// A symbol with several coins behind it; `candidates` are ids to choose from.
    case ambiguousSymbol(source: String, symbol: String, candidates: [String])
    /// A list that should hold something came back empty.
    case empty(source: String, what: String)
    /// The configuration names something that does not exist, or holds a bad value.
    case configuration(String)

    public var description: String {
        switch self {
        case .unsupported(let source, let operation):
            "\(source) does not offer \(operation); choose another source with --source"
        case .network(let source, let detail):
            "\(source) could not be reached: \(detail)"
        case .timeout(let source, let seconds):
            "\(source) did not answer within \(Self.seconds(seconds)) s"
        case .rateLimited(let source, let retryAfter?, let limit) where retryAfter > limit:
            "\(source) is rate limiting this client and asks to wait \(retryAfter) s (more than the \(limit) s allowed by LGR_MAX_RETRY_WAIT); try again later"
        case .rateLimited(let source, let retryAfter?, _):
            "\(source) is still rate limiting this client after waiting \(retryAfter) s; try again later"
        case .rateLimited(let source, nil, _):
            "\(source) is rate limiting this client (HTTP 429 without Retry-After); try again later"
        case .httpStatus(let source, let status, let detail):
            "\(source) answered HTTP \(status)" + (detail.isEmpty ? "" : ": \(detail)")
        case .apiError(let source, let message):
            "\(source) reported an error: \(message)"
        case .badResponse(let source, let detail):
            "\(source) sent an unusable response: \(detail)"
        case .unknownSymbol(let source, let symbol):
            "\(source) does not know '\(symbol)'"
        case .ambiguousSymbol(let source, let symbol, let candidates):
            "'\(symbol)' is ambiguous on \(source): \(candidates.joined(separator: ", ")); pick one in the config file, e.g. \"coingecko\": {\"ids\": {\"\(symbol)\": \"\(candidates.first ?? "ID")\"}}"
        case .empty(let source, let what):
            "\(source) returned no \(what)"
        case .configuration(let message):
            message
        }
    }

    /// True for failures of the source as a whole (the next source in the fallback order may
    /// serve every asset); false for answers about one symbol.
    public var isSourceFailure: Bool {
        switch self {
        case .unknownSymbol, .ambiguousSymbol: false
        default: true
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
