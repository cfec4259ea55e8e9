import Glibc
import LedgerCore
import LedgerMarketData
import Synchronization

/// The queue between the stream's thread and the ticker's.
final class StreamInbox: Sendable {
    private let events = Mutex<[StreamEvent]>([])

    func push(_ event: StreamEvent) { events.withLock { $0.append(event) } }

    func drain() -> [StreamEvent] {
        events.withLock { queue in
            defer { queue = [] }
            return queue
        }
    }
}

/// The streaming loop of `ledger live`: applies CryptoCompare's streamer messages to the rows
/// and shows each price update, until `updates` updates, `duration` seconds (of the real
/// clock), or `shouldStop` (Ctrl-C). A first connection that fails, or a streamer that refuses
/// the socket before any price, ends it with ``Outcome/unavailable(_:)`` (the command polls
/// instead); a dropped connection is said once per outage while the stream reconnects.
public struct StreamTicker {
    public enum Outcome: Equatable, Sendable {
        case finished
        case unavailable(String)
    }

    /// The source named in the rows and the JSON.
    public static let source = "cryptocompare"

    var rows: [LiveRow]
    let updates: Int?
    let duration: Double?
    /// The longest wait between reconnects (said in the outage warning).
    let maxRetry: Double
    let now: () -> Timestamp
    let shouldStop: () -> Bool
    private var invalid: [(symbol: String, reason: String)] = []
    private var priced = false

    init(
        rows: [LiveRow], updates: Int?, duration: Double?, maxRetry: Double, now: @escaping () -> Timestamp,
        shouldStop: @escaping () -> Bool
    ) {
        self.rows = rows
        self.updates = updates
        self.duration = duration
        self.maxRetry = maxRetry
        self.now = now
        self.shouldStop = shouldStop
    }

    /// The subscriptions of the rows, in their order.
    var subscriptions: [String] {
        rows.map { StreamerMessage.subscription(base: $0.symbol.text, quote: $0.quoteText) }
    }

    mutating func run(_ inbox: StreamInbox, show: ([LiveRow], Int) -> Void, warn: (String) -> Void) throws
        -> Outcome
    {
        let clock = ContinuousClock()
        let began = clock.now
        var done = 0
        var outage = false
        while !shouldStop() {
            for event in inbox.drain() {
                switch event {
                case .connected:
                    break // the outage ends with the first message, not with a socket that may drop again
                case .unavailable(let reason):
                    return .unavailable(reason)
                case .dropped(let reason, let retryIn):
                    if !outage {
                        warn(
                            "the live stream was lost (\(reason)); reconnecting in \(LiveTicker.seconds(retryIn)), "
                                + "then waiting twice as long after each failure, up to \(LiveTicker.seconds(maxRetry))"
                        )
                    }
                    outage = true
                case .message(let text):
                    outage = false
                    if let end = try take(text, done: &done, show: show, warn: warn) { return end }
                }
            }
            if let duration, (clock.now - began) >= .milliseconds(Int64(duration * 1000)) { return .finished }
            usleep(20_000)
        }
        return .finished
    }

    /// One message of the stream: a refusal before the first price ends the run, a later one is
    /// a warning; a price that changes a row shows the rows and counts toward `updates`. Nil
    /// while the run goes on.
    private mutating func take(
        _ text: String, done: inout Int, show: ([LiveRow], Int) -> Void, warn: (String) -> Void
    ) throws -> Outcome? {
        guard let message = StreamerMessage.parse(text) else { return nil }
        if case .refused(let reason) = message {
            if !priced { return .unavailable("the streamer answered \(reason)") }
            warn("the streamer answered \(reason)")
            return nil
        }
        guard let index = try apply(message, warn: warn) else { return nil }
        done += 1
        show(rows, index)
        if let updates, done >= updates { return .finished }
        return nil
    }

    /// Applies one message; returns the index of the row whose price it changed.
    private mutating func apply(_ message: StreamerMessage, warn: (String) -> Void) throws -> Int? {
        switch message {
        case .tick(let tick):
            guard let index = rows.firstIndex(where: { $0.symbol.text == tick.base && $0.quoteText == tick.quote })
            else { return nil }
            if let open = tick.open24h { rows[index].open24h = open }
            guard let price = tick.price else { return nil }
            rows[index].start = rows[index].start ?? price
            rows[index].price = price
            rows[index].updatedAt = now()
            rows[index].source = Self.source
            priced = true
            return index
        case .invalidSubscription(let subscription):
            try leaveOut(subscription, warn: warn)
            return nil
        case .refused, .control:
            return nil
        }
    }

    /// Drops the row of a subscription the streamer refused; all of them refused is an error.
    private mutating func leaveOut(_ subscription: String, warn: (String) -> Void) throws {
        guard
            let index = rows.firstIndex(where: {
                StreamerMessage.subscription(base: $0.symbol.text, quote: $0.quoteText) == subscription
            })
        else { return }
        let row = rows.remove(at: index)
        let reason = "the streamer has no \(row.symbol)/\(row.quoteText) (INVALID_SUB \(subscription))"
        invalid.append((row.symbol.text, reason))
        guard rows.isEmpty else {
            warn("\(reason); left out")
            return
        }
        throw LiveError.noLivePrice(
            symbols: invalid.map(\.symbol).joined(separator: ", "),
            reasons: invalid.map(\.reason).joined(separator: "; "))
    }
}
