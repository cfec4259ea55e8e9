/// One HTTP request: a GET (the market sources), or a POST of `body` (an alert webhook); where,
/// with which headers, and how long to wait for the answer.
public struct HTTPRequest: Sendable, Equatable {
    public var url: String
    /// `GET`, or `POST` when there is a body.
    public var method: String
    /// What a POST sends.
    public var body: [UInt8]
    public var headers: [String: String]
    /// Seconds to wait for the response before giving up.
    public var timeout: Double
    /// Seconds to wait for the connection (at most `timeout`).
    public var connectTimeout: Double

    public init(
        url: String, headers: [String: String] = [:], timeout: Double = 10, connectTimeout: Double? = nil,
        post body: [UInt8]? = nil
    ) {
        self.url = url
        self.method = body == nil ? "GET" : "POST"
        self.body = body ?? []
        self.headers = headers
        self.timeout = timeout
        self.connectTimeout = connectTimeout ?? timeout
    }
}

/// An HTTP response: status, headers (names lower-cased) and body bytes.
public struct HTTPResponse: Sendable, Equatable {
    public let status: Int
    public let headers: [String: String]
    public let body: [UInt8]

    public init(status: Int, headers: [String: String] = [:], body: [UInt8]) {
        self.status = status
        var lowered: [String: String] = [:]
        for (name, value) in headers { lowered[name.lowercased()] = value }
        self.headers = lowered
        self.body = body
    }

    public var text: String { String(decoding: body, as: UTF8.self) }
}

/// What goes wrong below HTTP: no connection, or no answer in time.
public enum TransportError: Error, Equatable, Sendable {
    case timedOut
    /// Nothing listens there: the host answered at once that it will not connect.
    case refused
    case unreachable(String)

    /// The name was not resolved (no DNS: the machine is offline, or the host is wrong).
    public static let hostNotFound = TransportError.unreachable("host not found")

    /// True when nothing can answer: refused, or the host not found. Either comes back in
    /// milliseconds and is as true half a second later.
    public var isNoRoute: Bool { self == .refused || self == .hostNotFound }
}

/// Sends one request and returns whatever status came back; throws only when no response
/// arrived. Retries, rate limits and error bodies are handled above it, in ``MarketHTTP``.
public protocol HTTPClient: Sendable {
    func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse
}
