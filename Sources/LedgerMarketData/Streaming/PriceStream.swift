/// What the connection to a price streamer reports, in order, from its own thread.
public enum StreamEvent: Sendable, Equatable {
    /// The socket is open and the subscription was sent (at first and after each reconnect).
    case connected
    /// One text message, as received.
    case message(String)
    /// An open connection was lost (closed by the server, failed, or silent for too long); the
    /// next attempt follows in `retryIn` seconds.
    case dropped(reason: String, retryIn: Double)
    /// The first connection could not be made (refused, no WebSocket upgrade, TLS); no retry
    /// follows: the caller falls back to polling.
    case unavailable(String)
}

/// What to connect to and how patiently.
public struct StreamRequest: Sendable, Equatable {
    /// `wss://…` or `ws://…`, with the key already in the query when there is one.
    public var url: String
    /// The text sent once the socket is open (the subscription).
    public var subscribe: String
    /// Seconds without any message (price or heartbeat) after which the connection counts as dropped.
    public var silence: Double
    /// Seconds before the first reconnect; doubled after each failed one, up to `maxRetry`.
    public var firstRetry: Double
    public var maxRetry: Double

    public init(url: String, subscribe: String, silence: Double, firstRetry: Double, maxRetry: Double) {
        self.url = url
        self.subscribe = subscribe
        self.silence = silence
        self.firstRetry = firstRetry
        self.maxRetry = maxRetry
    }
}

/// Opens a price stream. The WebSocket implementation lives in `LedgerStream` (linked only into
/// `ledger-live`), so nothing here needs SwiftNIO.
public protocol PriceStreamOpening: Sendable {
    /// Starts connecting at once and reports to `events` until ``PriceStreamConnection/close()``.
    func open(_ request: StreamRequest, events: @escaping @Sendable (StreamEvent) -> Void) -> any PriceStreamConnection
}

/// A running stream.
public protocol PriceStreamConnection: Sendable {
    /// Stops the stream; no event follows once the socket is closed.
    func close()
}
