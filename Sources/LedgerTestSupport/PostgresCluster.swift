import Foundation
import Synchronization

/// The test run's throwaway PostgreSQL cluster (issue 38): `initdb` in a temporary directory,
/// a server (`postgres` itself, not `pg_ctl`) listening only on a Unix socket there (no TCP
/// port, so nothing to collide with), stopped when the test process exits. Debian's `postgresql` package puts the binaries in
/// `/usr/lib/postgresql/VERSION/bin`; `LGR_POSTGRES_BIN` names another folder. The tests that
/// need it are skipped with ``skipReason`` when there is none. As root (CI), the server runs
/// as the `postgres` user the package creates: PostgreSQL refuses to run as root.
public final class PostgresCluster: Sendable {
    /// Started once, by the first test that needs it.
    public static let shared = Result { try PostgresCluster(tls: nil) }

    /// What a cluster with TLS listens on and proves itself with (PEM files), and the
    /// authority a client's certificate must be signed by when it asks for one.
    public struct TLS: Sendable {
        public var port: Int
        public var certificate: String
        public var key: String
        /// When given, a connection over TCP must bring a certificate signed by it whose
        /// common name is its user (`hostssl … clientcert=verify-full` in pg_hba.conf).
        public var clientAuthority: String?

        public init(port: Int, certificate: String, key: String, clientAuthority: String? = nil) {
            self.port = port
            self.certificate = certificate
            self.key = key
            self.clientAuthority = clientAuthority
        }
    }

    /// A cluster of its own that also listens on 127.0.0.1:`tls.port` with `ssl=on` (libpq
    /// never uses TLS on a Unix socket): the TLS tests'. Stop it when done.
    public static func withTLS(_ tls: TLS) throws -> PostgresCluster { try PostgresCluster(tls: tls) }

    /// The folder holding `initdb` and `postgres` (the newest version's), or nil.
    public static let binaries: String? = {
        if let named = ProcessInfo.processInfo.environment["LGR_POSTGRES_BIN"] { return named }
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return versions.sorted { (Int($0) ?? 0) < (Int($1) ?? 0) }.map { "\(root)/\($0)/bin" }
            .last { FileManager.default.isExecutableFile(atPath: "\($0)/initdb") }
    }()

    /// Opt-in (`LGR_POSTGRES_TESTS=1`, which `.ci/run` sets): a plain `swift test` does not
    /// start a database server.
    public static var isAvailable: Bool {
        binaries != nil && ProcessInfo.processInfo.environment["LGR_POSTGRES_TESTS"] == "1"
    }

    public static let skipReason =
        "LGR_POSTGRES_TESTS=1 and PostgreSQL server binaries (initdb and postgres in /usr/lib/postgresql/*/bin or LGR_POSTGRES_BIN; apt-get install postgresql) run the PostgreSQL store tests"

    /// The socket file to connect to (`DIR/.s.PGSQL.5432`).
    public let socketPath: String
    /// The cluster's superuser (trust authentication on the socket) and its database.
    public let user = "ledger"
    public let database = "postgres"
    private let dataDirectory: String
    private let bin: String

    private init(tls: TLS?) throws {
        guard let bin = Self.binaries else { throw PostgresClusterError(message: "\(Self.skipReason)") }
        let directory = makeTemporaryDirectory("pg")
        self.bin = bin
        dataDirectory = directory + "/data"
        socketPath = directory + "/.s.PGSQL.\(tls?.port ?? 5432)"
        if getuid() == 0 { try Self.handOver(directory) }
        try run(
            "initdb", ["-D", dataDirectory, "-U", user, "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"])
        Self.running.withLock { running in
            if running.isEmpty { atexit { PostgresCluster.stopRunning() } }
            running.append(self)
        }
        var listening = ["-c", "listen_addresses="]
        if let tls {
            try Self.install(tls, in: dataDirectory)
            listening = ["-c", "listen_addresses=127.0.0.1", "-p", "\(tls.port)", "-c", "ssl=on"]
            if tls.clientAuthority != nil { listening += ["-c", "ssl_ca_file=client-ca.crt"] }
        }
        try startServer(log: directory + "/server.log", socketDirectory: directory, listening: listening)
        try waitUntilReady(log: directory + "/server.log")
    }

    /// Starts `postgres` itself (not `pg_ctl start`, which leaves the server behind the process
    /// it waits for), with no descriptor but its own three (``SpawnedProcess``): it lives until
    /// the run ends, and must hold no other test's pipe.
    private func startServer(log: String, socketDirectory: String, listening: [String]) throws {
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        guard let output = FileHandle(forWritingAtPath: log) else {
            throw PostgresClusterError(message: "cannot write \(log)")
        }
        defer { try? output.close() }
        let command =
            [
                "\(bin)/postgres", "-D", dataDirectory, "-k", socketDirectory, "-c", "fsync=off", "-c",
                "max_connections=200",
            ] + listening
        let (executable, arguments) = asServerUser(command)
        _ = try SpawnedProcess(
            executable.path, arguments, environment: ["PATH": "/usr/bin:/bin", "LC_ALL": "C"], stdout: .file(output),
            stderr: .file(output))
    }

    /// Polls `postmaster.pid` until the server says `ready` (its 8th line), at most 30 s.
    private func waitUntilReady(log: String) throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            let status = (try? String(contentsOfFile: dataDirectory + "/postmaster.pid", encoding: .utf8))?
                .split(separator: "\n", omittingEmptySubsequences: false).dropFirst(7).first
            if status?.trimmingCharacters(in: .whitespaces) == "ready" { return }
            usleep(20_000)
        }
        let said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        throw PostgresClusterError(message: "the server was not ready within 30 s: \(said)")
    }

    private static let running = Mutex<[PostgresCluster]>([])

    /// Stops the run's servers, if any were started (at exit, or when ``RunWatch`` ends a run).
    static func stopRunning() {
        running.withLock { clusters in for cluster in clusters { cluster.stop() } }
    }

    /// The certificate and key as `server.crt` and `server.key` in the data directory, the
    /// key readable by the server's user only (PostgreSQL refuses it otherwise).
    private static func install(_ tls: TLS, in data: String) throws {
        var files = [(tls.certificate, "server.crt"), (tls.key, "server.key")]
        if let authority = tls.clientAuthority {
            files.append((authority, "client-ca.crt"))
            // The first line that matches decides: TCP with TLS needs the client's certificate.
            let rules = data + "/pg_hba.conf"
            let kept = (try? String(contentsOfFile: rules, encoding: .utf8)) ?? ""
            try ("hostssl all all 127.0.0.1/32 trust clientcert=verify-full\n" + kept)
                .write(toFile: rules, atomically: false, encoding: .utf8)
        }
        for (source, name) in files {
            let target = data + "/" + name
            let bytes = FileManager.default.contents(atPath: source)
            guard FileManager.default.createFile(atPath: target, contents: bytes),
                chmod(target, 0o600) == 0
            else { throw PostgresClusterError(message: "cannot write \(target)") }
            if getuid() == 0, let account = getpwnam("postgres") {
                _ = chown(target, account.pointee.pw_uid, account.pointee.pw_gid)
            }
        }
    }

    /// Stops the server at once (`SIGQUIT`: immediate shutdown; its data is thrown away with
    /// the directory): a signal to the PID in `postmaster.pid`, nothing waited for, as this
    /// runs at exit.
    public func stop() {
        guard let text = try? String(contentsOfFile: dataDirectory + "/postmaster.pid", encoding: .utf8),
            let line = text.split(separator: "\n").first, let pid = pid_t(line), pid > 0
        else { return }
        kill(pid, SIGQUIT)
    }

    /// Runs one of the cluster's programs (as `postgres` when we are root) and throws with its
    /// output when it fails.
    @discardableResult
    private func run(_ program: String, _ arguments: [String]) throws -> String {
        let (executable, words) = asServerUser(["\(bin)/\(program)"] + arguments)
        let result = try ChildProcess.runBlocking(
            executable, words, environment: ["PATH": "/usr/bin:/bin", "LC_ALL": "C"])
        guard result.status == 0 else {
            throw PostgresClusterError(
                message: "\(program) failed (\(result.status)): \(result.stderr)\(result.stdout)")
        }
        return result.stdout
    }

    /// `command` run as `postgres` when we are root (through `runuser`), as ourselves if not.
    private func asServerUser(_ command: [String]) -> (URL, [String]) {
        let words = getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--"] + command : command
        return (URL(fileURLWithPath: words[0]), Array(words.dropFirst()))
    }

    /// Gives the directory to the `postgres` user (root cannot run the server).
    private static func handOver(_ directory: String) throws {
        guard let account = getpwnam("postgres") else {
            throw PostgresClusterError(message: "running as root and there is no 'postgres' user to run the server")
        }
        guard chown(directory, account.pointee.pw_uid, account.pointee.pw_gid) == 0 else {
            throw PostgresClusterError(message: "cannot give \(directory) to the postgres user (errno \(errno))")
        }
    }
}

public struct PostgresClusterError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { "test PostgreSQL cluster: \(message)" }
}
