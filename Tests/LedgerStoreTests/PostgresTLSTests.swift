import Foundation
import LedgerStore
import LedgerTestSupport
import Testing

@testable import LedgerStorePostgres

/// TLS to the database (issue 38): libpq's `sslmode` and `sslrootcert` from the URL, against a
/// throwaway cluster of its own listening on 127.0.0.1 with `ssl=on` and a self-signed
/// certificate made with the `openssl` command.
@Suite("PostgreSQL: TLS to the database")
struct PostgresTLSTests {
    static let openssl = ["/usr/bin/openssl", "/bin/openssl"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let runs = PostgresCluster.isAvailable && openssl != nil
    static let skipped: Comment =
        "needs the test cluster (\(PostgresCluster.skipReason)) and the openssl command (apt-get install openssl)"

    /// A self-signed certificate for 127.0.0.1 (named `commonName`) and its key (mode 600), in
    /// `directory`.
    static func certificate(_ directory: String, _ name: String, commonName: String = "127.0.0.1") throws
        -> (certificate: String, key: String)
    {
        let (certificate, key) = (directory + "/\(name).crt", directory + "/\(name).key")
        let made = try ChildProcess.runBlocking(
            URL(fileURLWithPath: openssl!),
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days", "1",
                "-subj", "/CN=\(commonName)", "-addext", "subjectAltName=IP:127.0.0.1",
            ], environment: ["PATH": "/usr/bin:/bin"])
        try #require(made.status == 0, "openssl: \(made.stderr)")
        chmod(key, 0o600)
        return (certificate, key)
    }

    @Test(
        "sslmode=require and verify-full with the server's root connect over TLS; another root is refused in one line",
        .enabled(if: PostgresTLSTests.runs, PostgresTLSTests.skipped))
    func handshake() throws {
        let directory = makeTemporaryDirectory("pg-tls")
        let server = try Self.certificate(directory, "server")
        let stranger = try Self.certificate(directory, "stranger")
        let probe = try LocalHTTPServer(lifetime: 1)
        let port = Int(probe.port)
        probe.stop()
        let cluster = try PostgresCluster.withTLS(.init(port: port, certificate: server.certificate, key: server.key))
        // Stopped at the run's end with the others (``PostgresCluster/stopRunning()``), not here:
        // twice a test child of another suite vanished the moment these tests stopped theirs.
        func location(_ mode: String?, root: String? = nil) -> PostgresLocation {
            PostgresLocation(
                endpoint: .tcp(host: "127.0.0.1", port: port), user: cluster.user, database: cluster.database,
                sslMode: mode, sslRootCert: root)
        }
        func encrypted(_ location: PostgresLocation) throws -> Bool {
            let session = try PostgresSession.connect(location)
            return try session.rows("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()")[0].decode(Bool.self)
        }
        #expect(try encrypted(location("require")))
        #expect(try encrypted(location("verify-full", root: server.certificate)))
        #expect(try !encrypted(location(nil)), "no sslmode: no TLS, as before")
        let wrongRoot = location("verify-full", root: stranger.certificate)
        #expect(
            throws: StoreError.cannotConnect(
                url: wrongRoot.description,
                .tlsFailed(address: "127.0.0.1:\(port)", detail: "SSL error: certificate verify failed"))
        ) { try PostgresSession.connect(wrongRoot) }
    }

    @Test(
        "a server that asks for a client certificate: refused in one line without one, taken with sslcert and sslkey",
        .enabled(if: PostgresTLSTests.runs, PostgresTLSTests.skipped))
    func clientCertificate() throws {
        let directory = makeTemporaryDirectory("pg-tls-client")
        let server = try Self.certificate(directory, "server")
        let probe = try LocalHTTPServer(lifetime: 1)
        let port = Int(probe.port)
        probe.stop()
        // Self-signed, so its own authority: the cluster takes certificates it signed.
        let client = try Self.certificate(directory, "client", commonName: "ledger")
        let cluster = try PostgresCluster.withTLS(
            .init(port: port, certificate: server.certificate, key: server.key, clientAuthority: client.certificate))
        // Stopped at the run's end with the others, as in ``handshake()``.
        var location = PostgresLocation(
            endpoint: .tcp(host: "127.0.0.1", port: port), user: cluster.user, database: cluster.database,
            sslMode: "verify-full", sslRootCert: server.certificate)
        #expect(throws: StoreError.self) { try PostgresSession.connect(location) }
        do {
            _ = try PostgresSession.connect(location)
        } catch StoreError.cannotConnect(_, let failure) {
            guard case .clientCertificateNeeded(let address, _) = failure else {
                Issue.record("not the client certificate's refusal: \(failure)")
                return
            }
            #expect(address == "127.0.0.1:\(port)")
        }
        location.sslCert = client.certificate
        location.sslKey = client.key
        let session = try PostgresSession.connect(location)
        let shown = try session.rows("SELECT client_dn FROM pg_stat_ssl WHERE pid = pg_backend_pid()")[0]
        #expect(try shown.decode(String.self) == "/CN=ledger")
    }

    @Test("the TLS sentences: a server without TLS, a failed handshake; one line each, saying what to do")
    func sentences() {
        let location = PostgresLocation(endpoint: .tcp(host: "db", port: 5432), user: "u", database: "d")
        #expect(
            PostgresConnectFailure.classify(
                "connection to server at \"db\" (10.0.0.5), port 5432 failed: "
                    + "server does not support SSL, but SSL was required\n", timedOut: false, location, seconds: 10)
                == .noTLS(address: "db:5432"))
        #expect(
            StoreError.cannotConnect(url: location.description, .noTLS(address: "db:5432")).description
                == "cannot connect to PostgreSQL at 'postgres://u@db:5432/d': db:5432 does not offer TLS and the URL asks for it (sslmode); turn on ssl in the server's postgresql.conf, or leave sslmode out of the URL"
        )
        let failed = DatabaseConnectFailure.tlsFailed(
            address: "db:5432", detail: "SSL error: certificate verify failed")
        #expect(
            failed.description
                == "TLS to db:5432 failed (SSL error: certificate verify failed); give ?sslrootcert= the certificate of the authority that signed the server's, and name the host as that certificate does"
        )
    }
}
