import CCurl
import Glibc
import LedgerMarketData
import Synchronization

/// One stream's life, on a thread of its own: connect, subscribe, pass every text message on,
/// and reconnect with exponential backoff when the connection drops or falls silent. A first
/// connection that cannot be made is reported once as unavailable and not retried (the caller
/// polls instead). Every wait is a slice of at most 0.25 s, so a close is seen within one.
struct StreamSession {
    let request: StreamRequest
    let stop: StopFlag
    let events: @Sendable (StreamEvent) -> Void

    /// Passes `event` on unless the stream was closed.
    private func emit(_ event: StreamEvent) { if !stop.isSet { events(event) } }

    func run() {
        var wait = request.firstRetry
        var everConnected = false
        while !stop.isSet {
            let attempt = connectOnce()
            guard !stop.isSet else { return }
            if attempt.connected { everConnected = true }
            // The backoff starts again only after a connection that delivered messages, so a
            // server that accepts and drops at once is not hammered (CryptoCompare locks out
            // clients that connect more than 60 times a minute).
            if attempt.heard { wait = request.firstRetry }
            if !everConnected {
                emit(.unavailable(attempt.reason))
                return
            }
            emit(.dropped(reason: attempt.reason, retryIn: wait))
            guard stop.sleep(seconds: wait) else { return }
            wait = min(wait * 2, request.maxRetry)
        }
    }

    /// One connection, until it ends or says nothing for `request.silence` seconds (counted
    /// from the attempt, so a hanging upgrade ends too).
    private func connectOnce() -> (connected: Bool, heard: Bool, reason: String) {
        let start = ContinuousClock.now
        let connection: WebSocketConnection
        do {
            connection = try WebSocketConnection.connect(request.url, timeout: max(request.silence, 1))
            guard !stop.isSet else { return (true, false, "stopped") }
            emit(.connected)
            try connection.send(text: request.subscribe)
        } catch {
            return (false, false, error.reason)
        }
        var lastHeard = start
        var heard = false
        let slice = max(0.01, min(0.25, request.silence / 4))
        while !stop.isSet {
            switch connection.next(timeout: slice) {
            case .text(let text):
                lastHeard = .now
                heard = true
                emit(.message(text))
            case .closed(let reason): return (true, heard, reason)
            case .quiet:
                if Self.seconds(ContinuousClock.now - lastHeard) >= request.silence {
                    return (true, heard, "no message for \(Self.seconds(text: request.silence))")
                }
            }
        }
        return (true, heard, "stopped")
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func seconds(text value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}

/// Set once by ``PriceStreamConnection/close()``; the session's waits end early when it is.
final class StopFlag: Sendable {
    private let flag = Mutex(false)

    var isSet: Bool { flag.withLock { $0 } }
    func set() { flag.withLock { $0 = true } }

    /// Sleeps `seconds` in slices of at most 0.25 s: false when the flag was set meanwhile.
    func sleep(seconds: Double) -> Bool {
        let end = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
        while !isSet {
            let left = StreamSession.seconds(end - .now)
            guard left > 0 else { return true }
            usleep(UInt32(min(left, 0.25) * 1_000_000))
        }
        return false
    }
}

/// Why a connection could not be made or went on, in one line without the transport's type names.
enum WebSocketFailure: Error, Equatable {
    case badURL(String)
    case refused
    case hostNotFound
    case tls(String)
    case notUpgraded
    case transport(String)

    /// What libcurl's failure to connect was.
    static func connect(_ failure: ledger_stream_failure) -> WebSocketFailure {
        var failure = failure
        let message = withUnsafeBytes(of: &failure.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if failure.os_errno == ECONNREFUSED { return .refused }
        switch failure.code {
        case 6: return .hostNotFound // CURLE_COULDNT_RESOLVE_HOST
        case 35, 53, 54, 58, 59, 60, 64, 66, 77, 80, 82, 83, 90, 91: return .tls(message) // CURLE_SSL_*
        default: return .transport(message)
        }
    }

    var reason: String {
        switch self {
        case .badURL(let url): "not a ws:// or wss:// URL: \(url)"
        case .refused: "connection refused"
        case .hostNotFound: "host not found"
        case .tls(let message): "TLS failed: \(message)"
        case .notUpgraded: "the server did not accept a WebSocket upgrade"
        case .transport(let message): message
        }
    }
}
