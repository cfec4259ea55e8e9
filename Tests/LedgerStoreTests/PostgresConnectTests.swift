import Foundation
import Glibc
import LedgerStore
import LedgerTestSupport
import Testing

@testable import LedgerStorePostgres

/// What `ledger serve --database` says when it cannot connect (issue 38): each failure its own
/// sentence with what to do. The network cases run offline (a socket file, a closed port on
/// 127.0.0.1); the server's refusals need the test cluster.
@Suite("PostgreSQL: why a connect failed")
struct PostgresConnectTests {
    static func location(_ endpoint: PostgresLocation.Endpoint, user: String = "u", database: String = "db")
        -> PostgresLocation
    {
        PostgresLocation(endpoint: endpoint, user: user, database: database)
    }

    /// The offline cases need libpq (libpq5) all the same; PostgreSQL's packages bring it.
    static let hasLibPQ = LibPQ.missing == nil
    static let noLibPQ: Comment = "libpq.so.5 is not installed (apt-get install libpq5)"

    /// The error a connect to `location` throws (within `seconds`).
    static func failure(_ location: PostgresLocation, seconds: Int64 = 10) -> StoreError? {
        do {
            _ = try PostgresSession.connect(location, limits: PostgresLimits(connect: .seconds(seconds)))
            return nil
        } catch {
            return error as? StoreError
        }
    }

    @Test(
        "no socket in the directory: said with the path and where sockets usually are",
        .enabled(if: PostgresConnectTests.hasLibPQ, PostgresConnectTests.noLibPQ))
    func noSocket() {
        let directory = makeTemporaryDirectory("pgc") + "/missing"
        let location = Self.location(.socket(path: directory + "/.s.PGSQL.5432"))
        let failure = Self.failure(location)
        #expect(
            failure
                == .cannotConnect(
                    url: "postgres://u@/db?host=\(directory)", .noSocket(path: directory + "/.s.PGSQL.5432")))
        #expect(
            failure?.description
                == "cannot connect to PostgreSQL at 'postgres://u@/db?host=\(directory)': there is no socket '\(directory)/.s.PGSQL.5432' (no server runs there); start PostgreSQL, or give ?host= the directory that holds its socket (often /run/postgresql)"
        )
    }

    @Test(
        "a socket file nobody listens on, and a closed TCP port: refused",
        .enabled(if: PostgresConnectTests.hasLibPQ, PostgresConnectTests.noLibPQ))
    func refused() throws {
        let path = makeTemporaryDirectory("pgc") + "/.s.PGSQL.5433"
        close(try UnixSocket.bind(path, listening: false))
        let socket = Self.location(.socket(path: path))
        #expect(
            Self.failure(socket) == .cannotConnect(url: socket.description, .refused(address: "the socket '\(path)'")))
        #expect(socket.description.hasPrefix("postgres://u@:5433/db?host=/"))
        let server = try LocalHTTPServer(lifetime: 1)
        let port = Int(server.port)
        server.stop()
        let tcp = Self.location(.tcp(host: "127.0.0.1", port: port))
        #expect(
            Self.failure(tcp)?.description
                == "cannot connect to PostgreSQL at 'postgres://u@127.0.0.1:\(port)/db': 127.0.0.1:\(port) refused the connection (no server listens there); start PostgreSQL, or correct the host and port in that URL"
        )
    }

    @Test(
        "a socket that takes the connection and never answers: no answer within the bound",
        .enabled(if: PostgresConnectTests.hasLibPQ, PostgresConnectTests.noLibPQ))
    func noAnswer() throws {
        let path = makeTemporaryDirectory("pgc") + "/.s.PGSQL.5432"
        let listener = try UnixSocket.bind(path, listening: true)
        defer { close(listener) }
        let location = Self.location(.socket(path: path))
        #expect(
            Self.failure(location, seconds: 1)
                == .cannotConnect(url: location.description, .noAnswer(address: "the socket '\(path)'", seconds: 1)))
    }

    @Test("the server's refusals at start-up, by SQLSTATE")
    func refusals() {
        let location = Self.location(.tcp(host: "db", port: 5432), user: "ledger", database: "books")
        let wrong = #"password authentication failed for user "ledger""#
        #expect(
            PostgresConnectFailure.refusal(sqlState: "28P01", message: wrong, location)
                == .wrongPassword(user: "ledger", detail: wrong))
        #expect(
            PostgresConnectFailure.refusal(sqlState: "28000", message: "no pg_hba.conf entry", location)
                == .roleRefused(user: "ledger", detail: "no pg_hba.conf entry"))
        #expect(
            PostgresConnectFailure.refusal(sqlState: "3D000", message: "x", location)
                == .noDatabase(name: "books", user: "ledger"))
        #expect(
            PostgresConnectFailure.refusal(sqlState: "53300", message: "sorry, too many clients already", location)
                == .other("sorry, too many clients already (SQLSTATE 53300)"))
    }

    @Test("every sentence is one line, says what to do, and never ends with a period")
    func sentences() {
        let failures: [DatabaseConnectFailure] = [
            .noSocket(path: "/x/.s.PGSQL.5432"), .refused(address: "db:5432"),
            .noAnswer(address: "db:5432", seconds: 10),
            .unknownHost("db"), .roleRefused(user: "u", detail: #"role "u" does not exist"#),
            .wrongPassword(user: "u", detail: "password authentication failed"), .passwordNeeded(user: "u"),
            .noDatabase(name: "db", user: "u"), .other("sorry, too many clients already (SQLSTATE 53300)"),
        ]
        for failure in failures {
            let text = StoreError.cannotConnect(url: "postgres://u@db:5432/db", failure).description
            #expect(!text.contains("\n") && !text.hasSuffix("."), "\(text)")
            if case .other = failure { continue }
            #expect(text.contains("; "), "\(text)")
        }
        // A refused or missing password names every place a password is given, the file first.
        for failure in [DatabaseConnectFailure.wrongPassword(user: "u", detail: "no"), .passwordNeeded(user: "u")] {
            let text = failure.description
            #expect(
                text.contains("--database-password-file or LGR_DATABASE_PASSWORD_FILE")
                    && text.hasSuffix("or in LGR_DATABASE_PASSWORD"), "\(text)")
        }
    }

    @Test(
        "on the test cluster: an unknown role and an unknown database",
        .enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)))
    func serverRefusals() throws {
        let cluster = try PostgresCluster.shared.get()
        let noRole = Self.location(.socket(path: cluster.socketPath), user: "nobody", database: cluster.database)
        #expect(
            Self.failure(noRole)
                == .cannotConnect(
                    url: noRole.description, .roleRefused(user: "nobody", detail: #"role "nobody" does not exist"#)))
        let noDatabase = Self.location(.socket(path: cluster.socketPath), user: cluster.user, database: "nothing")
        #expect(
            Self.failure(noDatabase)
                == .cannotConnect(url: noDatabase.description, .noDatabase(name: "nothing", user: cluster.user)))
    }
}

/// A Unix socket file at `path`: bound only (connecting is refused) or listening (the kernel
/// takes connections that nobody accepts).
enum UnixSocket {
    struct Failure: Error {
        let message: String
    }

    static func bind(_ path: String, listening: Bool) throws -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard descriptor >= 0, bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw UnixSocket.Failure(message: "cannot make a socket at \(path)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, !listening || listen(descriptor, 4) == 0 else {
            close(descriptor)
            throw UnixSocket.Failure(message: "cannot bind \(path) (errno \(errno))")
        }
        return descriptor
    }
}
