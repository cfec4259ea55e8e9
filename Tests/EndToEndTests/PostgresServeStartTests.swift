import Foundation
import LedgerTestSupport
import Testing

/// `ledger serve --database` with a database it cannot reach (issue 38): one `ledger: error:`
/// line saying what failed and what to do, exit 1, and nothing made: not the data directory,
/// not the accounts file. Offline: a socket directory with no server, a closed port.
@Suite("ledger serve --database that does not connect")
struct PostgresServeStartTests {
    @Test("no socket and a refused port: one line each, exit 1, no data directory")
    func unreachable() async throws {
        let directory = makeTemporaryDirectory("serve-pg")
        let server = try LocalHTTPServer(lifetime: 1)
        let port = server.port
        server.stop()
        let cases = [
            (
                "postgres://u@/db?host=\(directory)/nothing",
                "cannot connect to PostgreSQL at 'postgres://u@/db?host=\(directory)/nothing': there is no socket '\(directory)/nothing/.s.PGSQL.5432' (no server runs there); start PostgreSQL, or give ?host= the directory that holds its socket (often /run/postgresql)"
            ),
            (
                "postgres://u@127.0.0.1:\(port)/db",
                "cannot connect to PostgreSQL at 'postgres://u@127.0.0.1:\(port)/db': 127.0.0.1:\(port) refused the connection (no server listens there); start PostgreSQL, or correct the host and port in that URL"
            ),
        ]
        for (url, message) in cases {
            let data = directory + "/data"
            let result = try await BuiltProducts.run(
                BuiltProducts.ledger, ["serve", "--port", "0", "--data-dir", data, "--database", url])
            #expect(result.status == 1, "\(url): \(result.stderr)")
            #expect(result.stderr == "ledger: error: \(message)\n")
            #expect(result.stdout.isEmpty, "\(result.stdout)")
            #expect(!FileManager.default.fileExists(atPath: data), "\(url) made \(data)")
        }
    }

    @Test("a bad LGR_CURRENCY stops a server on a database before it connects: one line, exit 64")
    func badCurrency() async throws {
        let directory = makeTemporaryDirectory("serve-pg-currency")
        let data = directory + "/data"
        let result = try await BuiltProducts.run(
            BuiltProducts.ledger,
            ["serve", "--port", "0", "--data-dir", data, "--database", "postgres://u@/db?host=\(directory)/nothing"],
            environment: ["LGR_CURRENCY": "not money"])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(
            result.stderr == "ledger: error: LGR_CURRENCY='not money' is not a currency code; use a code such as USD\n")
        #expect(!FileManager.default.fileExists(atPath: data))
    }
}
