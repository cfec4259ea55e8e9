import Foundation
import Synchronization

/// The test run's throwaway PostgreSQL cluster (issue 38): `initdb` in a temporary directory,
/// a server listening only on a Unix socket there (no TCP port, so nothing to collide with),
/// stopped when the test process exits. Debian's `postgresql` package puts the binaries in
/// `/usr/lib/postgresql/VERSION/bin`; `LGR_POSTGRES_BIN` names another folder. The tests that
/// need it are skipped with ``skipReason`` when there is none. As root (CI), the server runs
/// as the `postgres` user the package creates: PostgreSQL refuses to run as root.
public final class PostgresCluster: Sendable {
    /// Started once, by the first test that needs it.
    public static let shared = Result { try PostgresCluster() }

    /// The folder holding `initdb` and `pg_ctl` (the newest version's), or nil.
    public static let binaries: String? = {
        if let named = ProcessInfo.processInfo.environment["LGR_POSTGRES_BIN"] { return named }
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return versions.sorted { (Int($0) ?? 0) < (Int($1) ?? 0) }.map { "\(root)/\($0)/bin" }
            .last { FileManager.default.isExecutableFile(atPath: "\($0)/initdb") }
    }()

    /// Opt-in (`LGR_POSTGRES_TESTS=1`) until the hang seen on 2026-11-28 is understood: the
    /// cluster started, then `ledger-pg-bench` waited forever (HANDOVER of round 16).
    public static var isAvailable: Bool {
        binaries != nil && ProcessInfo.processInfo.environment["LGR_POSTGRES_TESTS"] == "1"
    }

    public static let skipReason =
        "LGR_POSTGRES_TESTS=1 and PostgreSQL server binaries (initdb and pg_ctl in /usr/lib/postgresql/*/bin or LGR_POSTGRES_BIN; apt-get install postgresql) run the PostgreSQL store tests"

    /// The socket file to connect to (`DIR/.s.PGSQL.5432`).
    public let socketPath: String
    /// The cluster's superuser (trust authentication on the socket) and its database.
    public let user = "ledger"
    public let database = "postgres"
    private let dataDirectory: String
    private let bin: String

    private init() throws {
        guard let bin = Self.binaries else { throw PostgresClusterError(message: "\(Self.skipReason)") }
        let directory = makeTemporaryDirectory("pg")
        self.bin = bin
        dataDirectory = directory + "/data"
        socketPath = directory + "/.s.PGSQL.5432"
        if getuid() == 0 { try Self.handOver(directory) }
        try run(
            "initdb", ["-D", dataDirectory, "-U", user, "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"])
        let options = "-k \(directory) -c listen_addresses= -c fsync=off -c max_connections=200"
        try run(
            "pg_ctl", ["-D", dataDirectory, "-l", directory + "/server.log", "-o", options, "-w", "-t", "30", "start"])
        Self.running.withLock { $0 = self }
        atexit { PostgresCluster.running.withLock { $0?.stop() } }
    }

    private static let running = Mutex<PostgresCluster?>(nil)

    /// Stops the server at once (its data is thrown away with the directory).
    public func stop() {
        _ = try? run("pg_ctl", ["-D", dataDirectory, "-m", "immediate", "-w", "-t", "30", "stop"])
    }

    /// Runs one of the cluster's programs (as `postgres` when we are root) and throws with its
    /// output when it fails.
    @discardableResult
    private func run(_ program: String, _ arguments: [String]) throws -> String {
        let command = "\(bin)/\(program)"
        let (executable, words) =
            getuid() == 0 ? ("/usr/sbin/runuser", ["-u", "postgres", "--", command] + arguments) : (command, arguments)
        let result = try ChildProcess.runBlocking(
            URL(fileURLWithPath: executable), words, environment: ["PATH": "/usr/bin:/bin", "LC_ALL": "C"])
        guard result.status == 0 else {
            throw PostgresClusterError(
                message: "\(program) failed (\(result.status)): \(result.stderr)\(result.stdout)")
        }
        return result.stdout
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
