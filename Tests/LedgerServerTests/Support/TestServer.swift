import Hummingbird
import LedgerApp
import LedgerMarketData
import LedgerServer
import LedgerTestSupport
import Synchronization

/// A server on 127.0.0.1 (a free port) over a fresh data directory, its access log kept.
/// Stop it with ``stop()``; every test does, so no server outlives its test.
final class TestServer: Sendable {
    let running: RunningServer
    let settings: ServerSettings
    let log: KeptLines
    var client: HTTPTestClient { HTTPTestClient(port: running.port) }

    private init(running: RunningServer, settings: ServerSettings, log: KeptLines) {
        self.running = running
        self.settings = settings
        self.log = log
    }

    static func start(
        authenticator: any Authenticating = HeaderAuthenticator(), dataDirectory: String? = nil,
        variables: [String: String] = [:], clock: TestClock = TestClock(), limits: ServerLimits = ServerLimits(),
        registration: ServerSettings.Registration = .closed, database: SharedBooks? = nil
    ) async throws -> TestServer {
        var settings = ServerSettings(
            port: 0, dataDirectory: dataDirectory ?? makeTemporaryDirectory("serve"))
        settings.limits = limits
        settings.registration = registration
        let lines = KeptLines()
        let sink = LineSink { line in lines.append(line) }
        // No test reaches the internet: every market source points at a closed loopback port
        // unless the test gives its own server.
        var all: [String: String] = [:]
        for name in MarketDataConfig.knownSources { all["LGR_\(name.uppercased())_URL"] = "http://127.0.0.1:9/" + name }
        all.merge(variables) { _, given in given }
        let state = ServerState(
            settings: settings, variables: all, currentDirectory: settings.dataDirectory,
            clockMilliseconds: { clock.tick() }, authenticator: authenticator, accessLog: sink, database: database)
        return TestServer(running: try await LedgerServer.start(state), settings: settings, log: lines)
    }

    var accessLog: [String] { log.lines }

    func stop() async throws { try await running.stop() }
}

/// Signs a request in as the user its `X-Test-User` header names (admin if `X-Test-Admin`
/// is present), with the CSRF token `test-csrf`: for testing routes apart from the accounts.
struct HeaderAuthenticator: Authenticating {
    func user(for request: Request) async throws -> ServerUser? {
        guard let name = request.headers[.init("X-Test-User")!] else { return nil }
        let admin = request.headers[.init("X-Test-Admin")!] != nil
        return ServerUser(name: name, isAdmin: admin, csrfToken: "test-csrf")
    }
}

/// 2026-01-01T00:00:00Z, one second on at every reading; ``advance(seconds:)`` jumps ahead
/// (past a rate limit's window, a session's lifetime).
final class TestClock: Sendable {
    private let milliseconds = Mutex<UInt64>(1_767_225_600_000)
    func tick() -> UInt64 {
        milliseconds.withLock {
            $0 += 1000
            return $0
        }
    }

    func advance(seconds: UInt64) {
        milliseconds.withLock { $0 += seconds * 1000 }
    }
}

/// Lines kept in order (the access log of a test server).
final class KeptLines: Sendable {
    private let kept = Mutex<[String]>([])
    func append(_ line: String) { kept.withLock { $0.append(line) } }
    var lines: [String] { kept.withLock { $0 } }
}
