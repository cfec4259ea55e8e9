import LedgerMarketData
import Synchronization
import WSClient

/// One stream's life: connect, subscribe, pass every text message on, and reconnect with
/// exponential backoff when the connection drops or falls silent. A first connection that
/// cannot be made is reported once as unavailable and not retried (the caller polls instead).
struct StreamSession {
    let request: StreamRequest
    let executor: StreamExecutor
    let emit: @Sendable (StreamEvent) -> Void

    func run() async {
        var wait = request.firstRetry
        var everConnected = false
        while !Task.isCancelled {
            let attempt = await connectOnce()
            guard !Task.isCancelled else { return }
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
            do { try await Task.sleep(for: .milliseconds(Int64(wait * 1000))) } catch { return }
            wait = min(wait * 2, request.maxRetry)
        }
    }

    /// One connection, until it ends; a watchdog ends it when nothing arrives for
    /// `request.silence` seconds (counted from the attempt, so a hanging upgrade ends too).
    private func connectOnce() async -> (connected: Bool, heard: Bool, reason: String) {
        let watch = ConnectionWatch()
        let emit = self.emit
        let request = self.request
        let client = Task(executorPreference: executor) {
            do {
                try await WebSocketClient.connect(
                    url: request.url, configuration: .init(maxFrameSize: 1 << 20, closeTimeout: .seconds(1)),
                    logger: StreamLog.logger
                ) { inbound, outbound, _ in
                    watch.opened()
                    emit(.connected)
                    try await outbound.write(.text(request.subscribe))
                    for try await message in inbound.messages(maxSize: 1 << 22) {
                        watch.heard()
                        if case .text(let text) = message { emit(.message(text)) }
                    }
                }
                watch.finish("the streamer closed the connection")
            } catch {
                watch.finish(StreamFailure.describe(error))
            }
        }
        let slice = max(0.01, min(0.25, request.silence / 4))
        while true {
            if let reason = watch.reason { return (watch.wasOpened, watch.heardAny, reason) }
            do {
                try await Task.sleep(for: .milliseconds(Int64(slice * 1000)))
            } catch {
                client.cancel()
                return (watch.wasOpened, watch.heardAny, "stopped")
            }
            if watch.silentFor >= request.silence {
                client.cancel()
                return (watch.wasOpened, watch.heardAny, "no message for \(StreamFailure.seconds(request.silence))")
            }
        }
    }
}

/// What the watchdog knows about one connection.
final class ConnectionWatch: Sendable {
    private struct State {
        var lastHeard = ContinuousClock.now
        var opened = false
        var heard = false
        var reason: String?
    }

    private let state = Mutex(State())

    func opened() {
        state.withLock {
            $0.opened = true
            $0.lastHeard = .now
        }
    }
    func heard() {
        state.withLock {
            $0.lastHeard = .now
            $0.heard = true
        }
    }
    func finish(_ reason: String) { state.withLock { $0.reason = $0.reason ?? reason } }

    var wasOpened: Bool { state.withLock { $0.opened } }
    var heardAny: Bool { state.withLock { $0.heard } }
    var reason: String? { state.withLock { $0.reason } }

    var silentFor: Double {
        let elapsed = state.withLock { ContinuousClock.now - $0.lastHeard }
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}

/// One line for why a connection failed, without NIO's type names.
enum StreamFailure {
    static func describe(_ error: any Error) -> String {
        if let error = error as? WebSocketClientError {
            return error == .webSocketUpgradeFailed ? "the server did not accept a WebSocket upgrade" : "\(error)"
        }
        let text = String(describing: error)
        let lower = text.lowercased()
        if lower.contains("refused") { return "connection refused" }
        if lower.contains("reset by peer") { return "connection reset" }
        if lower.contains("ssl") || lower.contains("certificate") || lower.contains("handshake") {
            return "TLS failed: \(text)"
        }
        if lower.contains("eof") || lower.contains("closed") { return "the connection was closed" }
        return text
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
