import LedgerCore

/// The HTTP layer every adapter shares: a `User-Agent`, a minimum interval between requests
/// to one source, retries with exponential backoff on network errors and 5xx, `Retry-After`
/// on 429 (failing at once when the wait is longer than allowed), and error text scrubbed of
/// every configured key.
public final class MarketHTTP: Sendable {
    let client: any HTTPClient
    let policy: RetryPolicy
    let pacing: Pacing
    let userAgent: String
    /// Values that must never appear in an error message (API keys).
    let secrets: [String]
    /// The wall clock in Unix seconds, for `Retry-After` dates.
    let wallClock: @Sendable () -> Int64
    /// What this command has learnt about reaching the sources (shared by its instances).
    public let reachability: Reachability
    private let throttle = Throttle()

    public init(
        client: any HTTPClient, policy: RetryPolicy = RetryPolicy(), pacing: Pacing = .live,
        userAgent: String = MarketHTTP.defaultUserAgent, secrets: [String] = [],
        wallClock: @escaping @Sendable () -> Int64 = { 0 }, reachability: Reachability = Reachability()
    ) {
        self.reachability = reachability
        self.client = client
        self.policy = policy
        self.pacing = pacing
        self.userAgent = userAgent
        self.secrets = secrets.filter { !$0.isEmpty }
        self.wallClock = wallClock
    }

    public static let defaultUserAgent = "ledger/0.1 (portfolio ledger; +https://github.com/ledger-swift)"

    /// Requests sent to `source` through this instance so far (retries count).
    public func requestCount(_ source: String) -> Int { throttle.count(source) }

    /// GETs `url` for `source`; returns a 2xx response or throws what went wrong.
    public func get(_ url: String, headers: [String: String] = [:], source: String, minInterval: Double)
        throws(MarketDataError) -> HTTPResponse
    {
        var request = HTTPRequest(
            url: url, headers: headers, timeout: policy.timeout, connectTimeout: policy.connectTimeout)
        request.headers["User-Agent"] = userAgent
        request.headers["Accept"] = request.headers["Accept"] ?? "application/json"
        var attempt = 1
        while true {
            throttle.wait(source, interval: minInterval, pacing: pacing)
            switch try outcome(of: request, source: source, attempt: attempt) {
            case .done(let response): return response
            case .retry(let wait):
                pacing.sleep(wait)
                attempt += 1
            }
        }
    }

    private enum Step {
        case done(HTTPResponse)
        case retry(after: Double)
    }

    /// Sends once: the 2xx response, the wait before the next attempt when one is worth
    /// making, or throws the final error.
    private func outcome(of request: HTTPRequest, source: String, attempt: Int) throws(MarketDataError) -> Step {
        let more = attempt < policy.attempts
        let response: HTTPResponse
        switch Result(catching: { () throws(TransportError) -> HTTPResponse in try client.send(request) }) {
        case .success(let received):
            response = received
            reachability.noteAnswer()
        case .failure(let failure):
            if more && retries(failure) { return .retry(after: policy.backoff(after: attempt)) }
            switch failure {
            case .timedOut: throw .timeout(source: source, seconds: policy.timeout)
            case .refused:
                reachability.noteNoRoute(source: source, reason: "connection refused")
                throw .network(source: source, detail: "connection refused")
            case .unreachable(let detail):
                if failure.isNoRoute { reachability.noteNoRoute(source: source, reason: detail) }
                throw .network(source: source, detail: scrub(detail))
            }
        }
        switch response.status {
        case 200..<300:
            return .done(response)
        case 429:
            return .retry(after: try rateLimitWait(response, source: source, more: more, attempt: attempt))
        case 500...:
            if more { return .retry(after: policy.backoff(after: attempt)) }
            throw .httpStatus(source: source, status: response.status, detail: detail(of: response))
        default:
            throw .httpStatus(source: source, status: response.status, detail: detail(of: response))
        }
    }

    /// Whether a transport failure is worth another attempt: a timeout or a lost connection
    /// always; no route (refused, host not found) only under a patient policy and while some
    /// source of this command has answered or none has failed that way yet.
    private func retries(_ failure: TransportError) -> Bool {
        !failure.isNoRoute || (policy.retriesNoRoute && !reachability.looksOffline)
    }

    private func rateLimitWait(_ response: HTTPResponse, source: String, more: Bool, attempt: Int)
        throws(MarketDataError) -> Double
    {
        let after = RetryPolicy.retryAfter(response.headers["retry-after"], now: wallClock())
        if let after, after > policy.maxRetryWait {
            throw .rateLimited(source: source, retryAfter: after, limit: policy.maxRetryWait)
        }
        guard more else { throw .rateLimited(source: source, retryAfter: after, limit: policy.maxRetryWait) }
        return after.map(Double.init) ?? policy.backoff(after: attempt)
    }

    /// The API's own error message from a failing body, or a short description of the body.
    func detail(of response: HTTPResponse) -> String {
        scrub(ResponseBody.errorMessage(response.body) ?? "")
    }

    /// Replaces every secret in `text` with `***`, however a server echoes it: in any case
    /// (ASCII), and any run of ``SecretScrubber/minimumRun`` or more of its characters (a
    /// truncated echo), not only the whole key.
    public func scrub(_ text: String) -> String {
        SecretScrubber.scrub(text, secrets: secrets)
    }
}

/// Finds API keys in text a server sent back (docs/MARKET-DATA.md, "Keys").
enum SecretScrubber {
    /// The shortest part of a key that counts as the key (a key shorter than this counts
    /// only whole): long enough that ordinary words in an error message do not match a
    /// random key, short enough that a cut-off echo is still caught.
    static let minimumRun = 8

    static func scrub(_ text: String, secrets: [String]) -> String {
        var bytes = Array(text.utf8)
        for secret in secrets where !secret.isEmpty {
            bytes = scrub(bytes, secret: Array(secret.utf8).map(lower))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func scrub(_ text: [UInt8], secret: [UInt8]) -> [UInt8] {
        let needed = min(minimumRun, secret.count)
        var result: [UInt8] = []
        result.reserveCapacity(text.count)
        var index = 0
        while index < text.count {
            let run = longestRun(in: text, at: index, of: secret)
            if run >= needed {
                result += Array("***".utf8)
                index += run
            } else {
                result.append(text[index])
                index += 1
            }
        }
        return result
    }

    /// The length of the longest piece of `secret` that `text` holds at `start`, case aside.
    private static func longestRun(in text: [UInt8], at start: Int, of secret: [UInt8]) -> Int {
        var longest = 0
        for offset in secret.indices {
            var length = 0
            while start + length < text.count, offset + length < secret.count,
                lower(text[start + length]) == secret[offset + length]
            {
                length += 1
            }
            longest = max(longest, length)
        }
        return longest
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        (65...90).contains(byte) ? byte + 32 : byte
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        return split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
