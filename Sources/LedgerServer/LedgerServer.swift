import Hummingbird
import HummingbirdCore
import LedgerApp
import Logging
import NIOCore
import ServiceLifecycle
import UnixSignals

/// The web app and JSON API of `ledger serve`: one Hummingbird application on the routes of
/// ``ServerRoutes``, run until SIGTERM or SIGINT (``run(_:)``) or until a test stops it
/// (``start(_:)``).
public enum LedgerServer {
    /// Serves until SIGTERM/SIGINT, then lets requests in flight finish. Prints
    /// `ledger-serve: listening on http://HOST:PORT` once the socket is bound.
    public static func run(_ state: ServerState) async throws {
        let app = application(state) { port in
            state.accessLog.write("ledger-serve: listening on http://\(state.settings.host):\(port)")
        }
        try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
        state.accessLog.write("ledger-serve: stopped")
    }

    /// Starts serving in the background and returns once the socket is bound (tests; port 0
    /// picks a free one).
    public static func start(_ state: ServerState) async throws -> RunningServer {
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let app = application(state) { port in
            continuation.yield(port)
            continuation.finish()
        }
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        let task = Task {
            defer { continuation.finish() }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            try await task.value
            throw ServerStartError.notListening
        }
        return RunningServer(port: port, group: group, task: task)
    }

    static func application(
        _ state: ServerState, listening: @escaping @Sendable (Int) -> Void
    ) -> some ApplicationProtocol {
        let limits = state.settings.limits
        return Application(
            router: ServerRoutes.router(state),
            server: server(limits),
            configuration: .init(
                address: .hostname(state.settings.host, port: state.settings.port), serverName: "ledger",
                availableConnectionsDelegate: MaximumAvailableConnections(limits.maxConnections + acceptHeadroom)),
            services: state.settings.fetchInterval.map { [FetcherService(state: state, interval: $0)] } ?? [],
            onServerRunning: { channel in listening(channel.localAddress?.port ?? state.settings.port) },
            logger: logger
        )
    }

    /// HTTP/1 with the idle timeout (no complete head or piece of a body for that long closes
    /// the connection: idle keep-alives and slow headers) and the connection cap in front.
    static func server(_ limits: ServerLimits) -> HTTPServerBuilder {
        let connections = OpenConnections(limit: limits.maxConnections)
        return HTTPServerBuilder { responder in
            GuardedHTTP1Channel(
                inner: HTTP1Channel(
                    responder: responder,
                    configuration: .init(idleTimeout: .milliseconds(limits.idleMilliseconds))),
                connections: connections)
        }
    }

    /// Connections past the cap are still accepted, to be answered 503, up to this many more;
    /// beyond that the server stops accepting until one closes (the file limit is never reached).
    static let acceptHeadroom = 32

    /// Hummingbird's own log: warnings and worse, to stderr (the access log is ours).
    static var logger: Logger {
        var logger = Logger(label: "ledger-serve")
        logger.logLevel = .warning
        return logger
    }
}

/// A server started by ``LedgerServer/start(_:)``.
public struct RunningServer: Sendable {
    public let port: Int
    let group: ServiceGroup
    let task: Task<Void, any Error>

    /// Stops accepting, lets requests in flight finish, and waits for the server to end; a
    /// server not ended ``stopSeconds`` later is cancelled (its connections closed) and
    /// ``ServerStartError/notStopped`` thrown, so a request that never ends cannot hold a test run.
    public func stop() async throws {
        await group.triggerGracefulShutdown()
        let (task, seconds) = (self.task, Self.stopSeconds)
        let deadline = Task {
            try await Task.sleep(for: .seconds(seconds))
            task.cancel()
        }
        defer { deadline.cancel() }
        do {
            try await task.value
        } catch is CancellationError {
            throw ServerStartError.notStopped(seconds: seconds)
        }
        if task.isCancelled { throw ServerStartError.notStopped(seconds: seconds) }
    }

    /// How long ``stop()`` lets requests in flight finish. Only tests call ``stop()`` (the
    /// program stops on its signals); a full test run on 2 cores (load 15–25, hundreds of
    /// processes) once held Swift's two cooperative threads long enough that 23 in-process
    /// servers without a request in flight missed a bound of 20 s (round 24, passed on the
    /// re-run), so the bound is a stall's length, not a request's.
    static let stopSeconds = 90
}

enum ServerStartError: Error, CustomStringConvertible {
    case notListening
    case notStopped(seconds: Int)

    var description: String {
        switch self {
        case .notListening: "the server stopped before it listened"
        case .notStopped(let seconds):
            "the server's requests did not end within \(seconds) s of the stop; it was cancelled"
        }
    }
}
