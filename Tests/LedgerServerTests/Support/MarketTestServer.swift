import Foundation
import LedgerApp
import LedgerMarketData
import LedgerServer
import LedgerTestSupport
import Synchronization

/// A server for the market tests: a loopback market server answering from the recorded bodies
/// of `Tests/LedgerMarketDataTests/Fixtures/http` (every source's `LGR_*_URL` points at it),
/// a clock at 2024-06-01T12:00:00Z that the test can move, a virtual pacing (no test sleeps)
/// and a recording alert command. Users are signed in by ``HeaderAuthenticator``.
final class MarketTestServer: Sendable {
    let market: LocalHTTPServer
    let state: ServerState
    let clock: MovableClock
    let spawner: RecordingSpawner
    let home: String
    private let running: Mutex<RunningServer?>
    /// Commands run so far: each seeds its event ids differently.
    private let commands = Mutex<UInt64>(0)

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("LedgerMarketDataTests/Fixtures/http").path

    /// The state alone serves the fetcher; ``start()`` serves pages too.
    init(
        batchSize: Int = 50, fetchInterval: Int? = nil, variables: [String: String] = [:],
        liveInterval: Duration = .seconds(5), database: SharedBooks? = nil, users: (any ServerUserList)? = nil
    ) throws {
        // Long enough for a whole suite on two busy cores, which can hold a test for minutes.
        market = try LocalHTTPServer(directory: Self.fixtures, lifetime: 600)
        home = makeTemporaryDirectory("serve-market")
        clock = MovableClock()
        spawner = RecordingSpawner()
        var all = ["HOME": home, "XDG_STATE_HOME": home + "/state", "XDG_CONFIG_HOME": home + "/config"]
        for name in MarketDataConfig.knownSources { all["LGR_\(name.uppercased())_URL"] = market.baseURL + "/" + name }
        all.merge(variables) { _, new in new }
        let settings = ServerSettings(
            port: 0, dataDirectory: home + "/data", fetchInterval: fetchInterval, batchSize: batchSize)
        state = ServerState(
            settings: settings, variables: all, currentDirectory: home, clockMilliseconds: { [clock] in clock.tick() },
            authenticator: HeaderAuthenticator(), accessLog: LineSink { _ in },
            market: ServerMarket(
                link: MarketLink(httpClient: CurlHTTPClient(), pacing: VirtualPacing().pacing), users: users,
                spawner: spawner, liveInterval: liveInterval), database: database)
        running = Mutex(nil)
    }

    /// Starts the web server over ``state``.
    func start() async throws -> HTTPTestClient {
        let server = try await LedgerServer.start(state)
        running.withLock { $0 = server }
        return HTTPTestClient(port: server.port)
    }

    func stop() async throws {
        let server = running.withLock { $0 }
        try await server?.stop()
        market.stop()
    }

    /// `NAME`'s ledger path in the server's data directory.
    func ledgerPath(_ name: String) -> String { state.settings.ledgerPath(forUser: name) }

    /// Runs the CLI on `NAME`'s ledger (same home, so the same anchors), under the fixture clock.
    @discardableResult
    func ledger(_ name: String, _ arguments: [String]) -> (status: Int32, output: String, errors: String) {
        let seed = commands.withLock {
            $0 += 1
            return $0
        }
        let fixed = FixedEnvironment(
            seed: seed, variables: state.variables.merging(["LGR_FILE": ledgerPath(name)]) { _, new in new })
        let status = fixed.run(arguments)
        return (status, fixed.stdout.text, fixed.stderr.text)
    }

    /// Requests the loopback market server received for `path`.
    func requests(_ path: String) -> [LocalHTTPServer.Request] {
        market.requests.filter { $0.path == path }
    }
}

/// 2024-06-01T12:00:00Z, one second on at every reading; ``advance(_:)`` jumps.
final class MovableClock: Sendable {
    private let milliseconds = Mutex<UInt64>(1_717_243_200_000)
    func tick() -> UInt64 {
        milliseconds.withLock {
            $0 += 1000
            return $0
        }
    }
    func advance(_ seconds: UInt64) { milliseconds.withLock { $0 += seconds * 1000 } }
}

/// The alert command as run: each command and its variables; nothing is spawned.
final class RecordingSpawner: CommandSpawning {
    private let kept = Mutex<[(command: String, environment: [String: String])]>([])
    var runs: [(command: String, environment: [String: String])] { kept.withLock { $0 } }

    func run(_ command: String, environment: [String: String]) throws -> SpawnResult {
        kept.withLock { $0.append((command, environment)) }
        return SpawnResult(status: 0, output: "")
    }
}

extension HTTPTestClient {
    /// A GET as `user`.
    func get(_ path: String, as user: String) async throws -> Response {
        try await get(path, headers: ["X-Test-User": user])
    }

    /// A form POST as `user`, with the CSRF field the pages carry.
    func post(_ path: String, as user: String, form: [(String, String)]) async throws -> Response {
        try await post(path, form: form + [("_csrf", "test-csrf")], headers: ["X-Test-User": user])
    }

    /// A JSON POST as `user`, with the CSRF header a signed-in session's API call carries.
    func postJSON(_ path: String, as user: String, _ json: String) async throws -> Response {
        try await request(
            "POST", path,
            headers: ["X-Test-User": user, "Content-Type": "application/json", "X-CSRF-Token": "test-csrf"],
            body: Array(json.utf8))
    }
}

/// JSON with its `fetched_at` values blanked: the server and the CLI fetch at different
/// readings of the clock.
func withoutFetchTimes(_ json: String) -> String {
    json.split(separator: "\n", omittingEmptySubsequences: false).map { line in
        line.contains("\"fetched_at\"") ? "\"fetched_at\": …," : String(line)
    }.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
}
