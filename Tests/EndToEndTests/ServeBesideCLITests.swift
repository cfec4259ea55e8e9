import Foundation
import LedgerTestSupport
import Testing

/// `ledger serve` and the command line on one user's ledger, as two processes: what the server
/// acknowledged is in the file, the server keeps its SQLite locks through every operation (a
/// process that closes any descriptor of a database file loses all its POSIX locks on it), and a
/// command run beside it never takes the WAL away from under it.
@Suite(
    "ledger serve and the CLI on one ledger", .serialized,
    .enabled(if: SlowTests.enabled, Comment(rawValue: SlowTests.reason)))
struct ServeBesideCLITests {
    @Test(
        "the server holds its lock on the ledger after every kind of request, and verify beside it keeps -wal and -shm")
    func locksSurviveEveryOperation() async throws {
        let server = try await ServedLedger.start("locks")
        defer { server.stop() }
        // The first read keeps a handle open (LedgerHandles): from then on the server holds a lock.
        #expect(try await server.api("POST", "/api/v1/events", #"{"kind":"deposit","words":"USD 1000"}"#).status == 201)
        #expect(try await server.api("GET", "/api/v1/portfolio").status == 200)
        let steps: [(String, () async throws -> Int)] = [
            ("portfolio", { try await server.api("GET", "/api/v1/portfolio").status }),
            (
                "buy",
                { try await server.api("POST", "/api/v1/events", #"{"kind":"buy","words":"BTC 0.01 @ 30000"}"#).status }
            ),
            ("log", { try await server.api("GET", "/api/v1/log").status }),
            ("report", { try await server.api("GET", "/api/v1/report?period=year").status }),
            (
                "import",
                { try await server.api("POST", "/api/v1/import?dry-run=false&name=a.jsonl", server.importBody).status }
            ),
            (
                "dry-run import",
                { try await server.api("POST", "/api/v1/import?name=a.jsonl", server.importBody).status }
            ),
            ("portfolio again", { try await server.api("GET", "/api/v1/portfolio?method=lifo").status }),
        ]
        for (name, step) in steps {
            let status = try await step()
            #expect((200...201).contains(status), "\(name): \(status)")
            #expect(
                server.serverHoldsLock(), "after \(name) the server holds no lock on books.ledger: \(server.locks())")
        }
        let verify = try await server.cli(["verify"])
        #expect(verify.status == 0, "\(verify.stderr)")
        #expect(server.companionsExist(), "verify beside the server removed the WAL or its index")
        let after = try await server.api("POST", "/api/v1/events", #"{"kind":"deposit","words":"USD 5"}"#)
        #expect(after.status == 201, "\(after.body)")
        #expect(try await server.api("GET", "/api/v1/portfolio").status == 200)
        #expect(server.serverHoldsLock())
        #expect(try await server.cli(["verify"]).status == 0)
    }

    @Test(
        "CLI and API adding at once: every acknowledged write is in the file, verify passes, the server stays healthy")
    func mixedLoadLosesNothing() async throws {
        let server = try await ServedLedger.start("mixed")
        defer { server.stop() }
        #expect(try await server.api("POST", "/api/v1/events", #"{"kind":"deposit","words":"USD 1"}"#).status == 201)
        #expect(try await server.api("GET", "/api/v1/portfolio").status == 200)
        let perSide = 200
        // On a thread of its own: 200 processes run one after another would hold a cooperative
        // thread (and the in-process servers of the other suites) for many seconds.
        async let fromCLI = RawConnection.onThread { (try? server.cliAdds(perSide)) ?? [] }
        let fromAPI = try await server.apiAdds(perSide, parallel: 4)
        let cliIDs = await fromCLI
        #expect(cliIDs.count == perSide, "the CLI acknowledged \(cliIDs.count) of \(perSide)")
        #expect(fromAPI.acknowledged.count + fromAPI.busy == perSide, "unexpected API answers: \(fromAPI.other)")
        #expect(fromAPI.acknowledged.count >= perSide / 2, "the API was refused too often: \(fromAPI.busy) busy")
        let stored = try await server.storedIDs()
        let lost = (cliIDs + fromAPI.acknowledged).filter { !stored.contains($0) }
        #expect(lost.isEmpty, "\(lost.count) acknowledged writes are not in the file")
        let verify = try await server.cli(["verify"])
        #expect(verify.status == 0, "\(verify.stderr)")
        #expect(server.companionsExist())
        #expect(try await server.api("GET", "/api/v1/portfolio").status == 200)
        #expect(try await server.api("POST", "/api/v1/events", #"{"kind":"deposit","words":"USD 2"}"#).status == 201)
        #expect(try await HTTPTestClient(port: server.port).get("/healthz").status == 200)
    }
}

/// A `ledger-serve` process with one user (`alice`, with an API token) and the paths the tests
/// look at; the CLI runs with the same state directory, so both check the same anchor.
final class ServedLedger: @unchecked Sendable {
    let directory: String
    let process: SpawnedProcess
    let port: Int
    let token: String
    var ledgerPath: String { directory + "/data/users/alice/books.ledger" }
    let importBody = Array(
        (#"{"version":1,"id":"01JAAAAAAAAAAAAAAAAAAAAAAA","kind":"deposit","occurred_at":"2025-01-02T00:00:00Z","#
            + #""account":"bank","asset":"USD","asset_class":"fiat","quantity":"10"}"# + "\n").utf8)

    private init(directory: String, process: SpawnedProcess, port: Int, token: String) {
        self.directory = directory
        self.process = process
        self.port = port
        self.token = token
    }

    static func start(_ name: String) async throws -> ServedLedger {
        let directory = makeTemporaryDirectory("serve-beside-" + name)
        let data = directory + "/data"
        _ = try await ChildProcess.run(
            BuiltProducts.ledger, ["user", "add", "alice", "--data-dir", data], environment: environment,
            input: "a-long-password-1\n")
        let issued = try await ChildProcess.run(
            BuiltProducts.ledger, ["user", "token", "alice", "--data-dir", data], environment: environment)
        let token = try #require(issued.stdout.firstMatch(of: /lgr_[A-Za-z0-9_-]+/).map { String($0.output) })
        let process = try SpawnedProcess(
            BuiltProducts.serve.path, ["--port", "0", "--data-dir", data], environment: environment, stdout: .pipe)
        let out = process.output!
        let first = try await ServeProcessTests.firstLine(out)
        let port = try #require(first.split(separator: ":").last.flatMap { Int($0) }, "no port in '\(first)'")
        // The access log is read and dropped, so the server never blocks on a full pipe.
        Thread { while !out.availableData.isEmpty {} }.start()
        return ServedLedger(directory: directory, process: process, port: port, token: token)
    }

    /// SIGTERM (its end is reaped on a thread of its own; nothing after a test needs it).
    func stop() { process.signal(SIGTERM) }

    static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("LGR_") }
        environment["NO_COLOR"] = "1"
        environment["XDG_STATE_HOME"] = BuiltProducts.stateHome
        environment["LGR_BCRYPT_COST"] = "4"
        for source in ["coingecko", "cryptocompare", "coinbase", "kraken", "binance", "yahoo", "stooq", "frankfurter"] {
            environment["LGR_\(source.uppercased())_URL"] = "http://127.0.0.1:9/" + source
        }
        return environment
    }

    /// One API request with the user's token.
    func api(_ method: String, _ path: String, _ body: String = "") async throws -> HTTPTestClient.Response {
        try await api(method, path, Array(body.utf8))
    }

    func api(_ method: String, _ path: String, _ body: [UInt8]) async throws -> HTTPTestClient.Response {
        var headers = ["Authorization": "Bearer " + token]
        if !body.isEmpty {
            headers["Content-Type"] = method == "POST" && path.contains("import") ? "text/plain" : "application/json"
        }
        return try await HTTPTestClient(port: port).request(method, path, headers: headers, body: body)
    }

    /// `ledger ARGS --ledger <alice's ledger>`.
    func cli(_ arguments: [String]) async throws -> BuiltProducts.Result {
        try await ChildProcess.run(
            BuiltProducts.ledger, arguments + ["--ledger", ledgerPath], environment: Self.environment)
    }

    /// `count` deposits added by the CLI one after another; the ids it acknowledged. Blocking:
    /// run it on a thread of its own.
    func cliAdds(_ count: Int) throws -> [String] {
        try (0..<count).compactMap { index in
            let result = try ChildProcess.runBlocking(
                BuiltProducts.ledger,
                ["add", "deposit", "USD", "1", "--note", "cli \(index)", "-O", "json", "--ledger", ledgerPath],
                environment: Self.environment)
            return result.status == 0 ? Self.eventID(in: result.stdout) : nil
        }
    }

    struct APIAdds {
        var acknowledged: [String] = []
        var busy = 0
        var other: [String] = []
    }

    /// `count` deposits posted to the API, `parallel` at a time. A 422 that says the ledger was
    /// busy is a refusal the client sees (nothing acknowledged); anything else but 201 is wrong.
    func apiAdds(_ count: Int, parallel: Int) async throws -> APIAdds {
        try await withThrowingTaskGroup(of: APIAdds.self) { group in
            for lane in 0..<parallel {
                group.addTask {
                    var result = APIAdds()
                    for index in stride(from: lane, to: count, by: parallel) {
                        let response = try await self.api(
                            "POST", "/api/v1/events", #"{"kind":"deposit","words":"USD 1","note":"api \#(index)"}"#)
                        if response.status == 201, let id = Self.eventID(in: response.body) {
                            result.acknowledged.append(id)
                        } else if response.status == 422, response.body.contains("busy") {
                            result.busy += 1
                        } else {
                            result.other.append("\(response.status) \(response.body)")
                        }
                    }
                    return result
                }
            }
            var total = APIAdds()
            for try await part in group {
                total.acknowledged += part.acknowledged
                total.busy += part.busy
                total.other += part.other
            }
            return total
        }
    }

    /// The ids of every event in the file, read by `ledger export`.
    func storedIDs() async throws -> Set<String> {
        let export = try await cli(["export"])
        return Set(export.stdout.split(separator: "\n").compactMap { Self.eventID(in: String($0)) })
    }

    static func eventID(in json: String) -> String? {
        json.firstMatch(of: /"id" ?: ?"([0-9A-Z]{26})"/).map { String($0.output.1) }
    }

    func companionsExist() -> Bool {
        FileManager.default.fileExists(atPath: ledgerPath + "-wal")
            && FileManager.default.fileExists(atPath: ledgerPath + "-shm")
    }

    /// The lines of /proc/locks held by the server on the ledger file.
    func locks() -> [String] { ProcessLocks.held(by: process.pid, on: ledgerPath) }

    /// True when the server holds a POSIX lock on the database file itself: an open WAL
    /// connection keeps a shared one, which is what tells another process it is not the last.
    func serverHoldsLock() -> Bool { !locks().isEmpty }
}
