import Foundation
import Glibc

/// A tiny HTTP/1.1 server for tests: bound to 127.0.0.1 on a free port, serving canned
/// responses per path (query ignored), one connection at a time, recording every request.
/// It is bounded — it stops by itself after `lifetime` seconds or `maxRequests` requests —
/// so a test that forgets it cannot hang the run.
public final class LocalHTTPServer: @unchecked Sendable {
    /// One canned response; `delay` holds it back (for timeouts).
    public struct Response: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: [UInt8]
        public var delay: Double

        public init(status: Int = 200, headers: [String: String] = [:], body: String, delay: Double = 0) {
            self.init(status: status, headers: headers, bytes: Array(body.utf8), delay: delay)
        }

        public init(status: Int = 200, headers: [String: String] = [:], bytes: [UInt8], delay: Double = 0) {
            self.status = status
            self.headers = headers
            self.body = bytes
            self.delay = delay
        }
    }

    /// A request as received.
    public struct Request: Sendable, Equatable {
        public let method: String
        /// Path and query, as sent.
        public let target: String
        /// Header names lower-cased.
        public let headers: [String: String]
        /// The body (what a POST sent), read up to its Content-Length.
        public var body: [UInt8] = []

        public var path: String { String(target.split(separator: "?", maxSplits: 1).first ?? "") }
        public var query: String { target.split(separator: "?", maxSplits: 1).dropFirst().first.map(String.init) ?? "" }
    }

    private let lock = NSLock()
    private var routes: [String: [Response]]
    private var fixtureDirectory: String?
    private var received: [Request] = []
    private var listener: Int32 = -1
    private var stopped = false
    private let finished = DispatchSemaphore(value: 0)
    public private(set) var port: UInt16 = 0

    /// Starts serving `routes` (path → responses served in turn, the last one repeating)
    /// and, for other paths, files under `directory` (see ``fixture(_:query:)``).
    public init(
        routes: [String: [Response]] = [:], directory: String? = nil, lifetime: Double = 60, maxRequests: Int = 500
    ) throws {
        self.routes = routes
        fixtureDirectory = directory
        listener = try Self.listen(port: &port)
        let deadline = Date().addingTimeInterval(lifetime)
        let thread = Thread { [self] in
            serve(until: deadline, maxRequests: maxRequests)
            finished.signal()
        }
        thread.start()
    }

    deinit { stop() }

    /// `http://127.0.0.1:PORT`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Every request received so far, in order.
    public var requests: [Request] { lock.withLock { received } }

    /// Replaces the responses for `path`.
    public func set(_ path: String, _ responses: [Response]) {
        lock.withLock { routes[path] = responses }
    }

    /// Stops listening and waits for the serving thread to end; later connections are refused.
    public func stop() {
        let wasRunning: Bool = lock.withLock {
            guard !stopped else { return false }
            stopped = true
            return true
        }
        guard wasRunning else { return }
        finished.wait()
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func serve(until deadline: Date, maxRequests: Int) {
        defer { close(listener) }
        var served = 0
        while !isStopped, Date() < deadline, served < maxRequests {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            handle(connection)
            close(connection)
            served += 1
        }
        lock.withLock { stopped = true }
    }

    private func handle(_ connection: Int32) {
        // Reading and writing both give up after 5 s: a client that stops reading cannot hold
        // the serving thread, nor ``stop()`` waiting for it.
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let request = Self.readRequest(connection) else { return }
        lock.withLock { received.append(request) }
        let response = respond(to: request)
        if response.delay > 0 { Thread.sleep(forTimeInterval: response.delay) }
        Self.write(response, to: connection)
    }

    /// The route's next response (a route ending in `*` serves every path it is a prefix
    /// of, when no route names the path itself); else a fixture file; else 404.
    private func respond(to request: Request) -> Response {
        let routed: Response? = lock.withLock {
            let key =
                routes[request.path] != nil
                ? request.path
                : routes.keys.filter { $0.hasSuffix("*") && request.path.hasPrefix($0.dropLast()) }.max()
            guard let key, var list = routes[key], !list.isEmpty else { return nil }
            let next = list.count > 1 ? list.removeFirst() : list[0]
            routes[key] = list
            return next
        }
        if let routed { return routed }
        if let directory = fixtureDirectory, let fixture = Self.fixture(directory + request.path, query: request.query)
        {
            return fixture
        }
        return Response(status: 404, headers: ["Content-Type": "application/json"], body: #"{"error":"not found"}"#)
    }
}
