import LedgerCore

/// How hard the HTTP layer tries: attempts per request, the first backoff (doubled after each
/// failure), the longest `Retry-After` it will sit through, and the per-request timeout.
public struct RetryPolicy: Sendable, Equatable {
    /// Attempts per request, the first included.
    public var attempts: Int
    /// Seconds before the second attempt; each later wait doubles.
    public var initialBackoff: Double
    /// The longest wait (seconds) a 429's `Retry-After` may ask for; a longer one fails at once.
    public var maxRetryWait: Int
    /// Seconds to wait for each response.
    public var timeout: Double
    /// Seconds to wait for a connection; nil waits as long as for the response.
    public var connectTimeout: Double?
    /// Whether a refused connection or a host not found is tried again (neither rarely
    /// answers half a second later).
    public var retriesNoRoute: Bool

    public init(
        attempts: Int = 3, initialBackoff: Double = 0.5, maxRetryWait: Int = 30, timeout: Double = 10,
        connectTimeout: Double? = nil, retriesNoRoute: Bool = true
    ) {
        self.attempts = max(1, attempts)
        self.initialBackoff = initialBackoff
        self.maxRetryWait = maxRetryWait
        self.timeout = timeout
        self.connectTimeout = connectTimeout
        self.retriesNoRoute = retriesNoRoute
    }

    /// Seconds an interactive command waits for a connection.
    public static let interactiveConnectTimeout: Double = 3

    /// The policy for a person at a terminal, who would rather see the cached figure soon:
    /// a connection gets ``interactiveConnectTimeout`` seconds (a host that does not answer
    /// is given up on quickly) and a refused one or a host not found is not tried again, so
    /// the next source or the cache answers at once. Cron (no terminal) keeps the patient policy: every
    /// failure retried `attempts` times, the full timeout to connect.
    public var interactive: RetryPolicy {
        var policy = self
        policy.connectTimeout = min(Self.interactiveConnectTimeout, timeout)
        policy.retriesNoRoute = false
        return policy
    }

    /// The wait before attempt `attempt + 1` after a network error, a 5xx or a bare 429.
    func backoff(after attempt: Int) -> Double {
        initialBackoff * Double(1 << min(attempt - 1, 16))
    }

    /// A `Retry-After` value in seconds: delta-seconds, or an HTTP date relative to `now`
    /// (Unix seconds). Nil when absent or unreadable.
    static func retryAfter(_ header: String?, now: Int64) -> Int? {
        guard let text = header?.trimmingSpaces, !text.isEmpty else { return nil }
        if let seconds = Int(text) { return max(0, seconds) }
        guard let date = HTTPDate.parse(text) else { return nil }
        return Int(max(0, date - now))
    }
}

/// IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the form `Retry-After` dates take.
enum HTTPDate {
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Unix seconds, or nil.
    static func parse(_ text: String) -> Int64? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[5] == "GMT", let day = Int(parts[1]),
            let month = months.firstIndex(of: String(parts[2])), let year = Int(parts[3])
        else { return nil }
        let time = parts[4].split(separator: ":").compactMap { Int($0) }
        guard time.count == 3, let date = LocalDate(year: year, month: month + 1, day: day) else { return nil }
        return date.startOfDay.secondsSinceEpoch + Int64(time[0] * 3600 + time[1] * 60 + time[2])
    }
}

extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}
