import LedgerApp
import LedgerTestSupport
import Testing

@testable import LedgerCLI

@Suite("ledger serve's options")
struct ServeOptionsTests {
    @Test("--fetch-every reads seconds, minutes and hours, and refuses the rest")
    func intervals() throws {
        #expect(try ServeOptions.seconds("5m") == 300)
        #expect(try ServeOptions.seconds("1h") == 3600)
        #expect(try ServeOptions.seconds("90s") == 90)
        #expect(try ServeOptions.seconds("120") == 120)
        for text in ["", "m", "5", "-5m", "+5m", "5d", "1.5m", "9223372036854775807h"] {
            #expect(throws: ServeError.self, "\(text)") { try ServeOptions.seconds(text) }
        }
        #expect(throws: ServeError.intervalTooShort("30s")) { try ServeOptions.seconds("30s") }
    }

    @Test("the defaults: loopback, port 8080, the XDG data directory, no fetcher, batches of 50")
    func defaults() throws {
        let options = try ServeOptions.parse([])
        let settings = try options.settings(
            variables: ["HOME": "/home/ann"], currentDirectory: "/tmp", readFile: { _ in nil })
        #expect(
            settings
                == ServerSettings(
                    host: "127.0.0.1", port: 8080, dataDirectory: "/home/ann/.local/share/ledger/server",
                    fetchInterval: nil, batchSize: 50, secureCookies: true))
        #expect(settings.ledgerPath(forUser: "ann") == "/home/ann/.local/share/ledger/server/users/ann/books.ledger")
    }

    @Test("given options: a relative data directory is resolved against the current one")
    func given() throws {
        let options = try ServeOptions.parse([
            "--host", "0.0.0.0", "--port", "0", "--data-dir", "srv", "--fetch-every", "5m", "--batch", "10",
            "--insecure-cookies",
        ])
        let settings = try options.settings(variables: [:], currentDirectory: "/work", readFile: { _ in nil })
        #expect(
            settings
                == ServerSettings(
                    host: "0.0.0.0", port: 0, dataDirectory: "/work/srv", fetchInterval: 300, batchSize: 10,
                    secureCookies: false))
    }

    /// #36: beside a release `ledger` the hint said 'swift build --product ledger-serve', which
    /// builds the debug copy, so the same error came back.
    @Test("a missing ledger-serve: the hint names the build that puts it where ledger looks")
    func missingProgramAdvice() {
        let release = "/src/.build/x86_64-unknown-linux-gnu/release/ledger-serve"
        #expect(
            ServeError.buildAdvice(beside: release) == "build it with 'swift build -c release --product ledger-serve'")
        #expect(
            ServeError.buildAdvice(beside: "/src/.build/debug/ledger-serve")
                == "build it with 'swift build --product ledger-serve'")
        #expect(
            ServeError.serverProgramMissing(path: "/usr/local/bin/ledger-serve").description
                == "ledger serve needs the ledger-serve program at /usr/local/bin/ledger-serve; build it with 'bash ledgers/demo/quickstart.sh' in the source checkout (it builds ledger, ledger-serve and ledger-live in release) and install .build/release/ledger-serve into /usr/local/bin, or set LGR_SERVE_BINARY"
        )
    }

    @Test("--registration: closed unless given; invite and open; another word is refused with the choices")
    func registration() throws {
        let plain = try ServeOptions.parse([]).settings(
            variables: ["HOME": "/h"], currentDirectory: "/tmp", readFile: { _ in nil })
        #expect(plain.registration == .closed)
        for word in ["invite", "open", "closed"] {
            let settings = try ServeOptions.parse(["--registration", word]).settings(
                variables: ["HOME": "/h"], currentDirectory: "/tmp", readFile: { _ in nil })
            #expect(settings.registration.rawValue == word)
        }
        #expect(throws: ServeError.notARegistration("public")) {
            try ServeOptions.parse(["--registration", "public"]).settings(
                variables: [:], currentDirectory: "/tmp", readFile: { _ in nil })
        }
        #expect(
            ServeError.notARegistration("public").description
                == "--registration 'public' is not a choice; use closed, invite or open, e.g. --registration invite")
    }

    @Test(
        "--database: TCP or a socket directory, LGR_DATABASE_URL when not given, the password never on the command line"
    )
    func database() throws {
        let settings = { (arguments: [String], variables: [String: String]) throws -> DatabaseURL? in
            try ServeOptions.parse(arguments).settings(
                variables: variables, currentDirectory: "/", readFile: { _ in nil }
            ).database
        }
        #expect(try settings([], [:]) == nil)
        let tcp = try #require(try settings(["--database", "postgres://ledger@db.example:6432/books"], [:]))
        #expect(tcp.user == "ledger" && tcp.host == "db.example" && tcp.port == 6432 && tcp.database == "books")
        #expect(tcp.socketPath == nil && tcp.password == nil)
        let socket = try #require(
            try settings(
                ["--database", "postgresql://ledger@/books?host=/run/postgresql"], ["LGR_DATABASE_PASSWORD": "pw"]))
        #expect(socket.socketPath == "/run/postgresql/.s.PGSQL.5432" && socket.host == nil && socket.password == "pw")
        #expect("\(socket)" == "postgres://ledger@/books?host=/run/postgresql")
        let environment = try #require(try settings([], ["LGR_DATABASE_URL": "postgres://ledger:secret@db/books"]))
        #expect(environment.password == "secret" && environment.port == 5432)
        #expect(!"\(environment)".contains("secret"))
        let tls = try #require(
            try settings(["--database", "postgres://ledger@db/books?sslmode=verify-full&sslrootcert=/etc/ca.pem"], [:]))
        #expect(tls.sslMode == "verify-full" && tls.sslRootCert == "/etc/ca.pem" && tls.host == "db")
        #expect(try settings(["--database", "postgres://ledger@db/books"], [:])?.sslMode == nil)
        #expect(throws: DatabaseURLError.passwordOnCommandLine) {
            try settings(["--database", "postgres://ledger:secret@db/books"], [:])
        }
        let refused: [(String, DatabaseURLError)] = [
            ("mysql://u@db/x", .notPostgres("mysql://u@db/x")), ("postgres://db/x", .noUser("postgres://db/x")),
            ("postgres://u@db", .noDatabase("postgres://u@db")), ("postgres://u@/x", .noHost("postgres://u@/x")),
            ("postgres://u@db:0/x", .notAPort("0")),
            ("postgres://u@db/x?application_name=x", .unknownParameter("application_name=x")),
            ("postgres://u@db/x?sslmode=prefer", .notAnSSLMode("prefer")),
            ("postgres://u@db/x?sslrootcert=ca.pem", .unknownParameter("sslrootcert=ca.pem")),
            ("postgres://u@db/x?sslmode=require&sslmode=disable", .unknownParameter("sslmode=disable")),
            ("postgres://u@db/x?host=/run", .noHost("postgres://u@db/x?host=/run")),
        ]
        for (text, error) in refused {
            #expect(throws: error, "\(text)") { try settings(["--database", text], [:]) }
        }
    }

    @Test("serve migrate --to: a URL it cannot use is refused naming --to, exit 64, before anything is read")
    func migrateTo() {
        let fixed = FixedEnvironment()
        let status = fixed.run(["serve", "migrate", "--from", "/nonexistent-data", "--to", "mysql://db/x"])
        #expect(status == 64)
        #expect(
            fixed.stderr.text
                == "ledger: error: --to 'mysql://db/x' is not a PostgreSQL URL; e.g. postgres://ledger@db.example:5432/ledger or postgres://ledger@/ledger?host=/run/postgresql\n"
        )
        let secret = FixedEnvironment()
        #expect(secret.run(["serve", "migrate", "--to", "postgres://u:pw@db/x"]) == 64)
        #expect(secret.stderr.text.hasPrefix("ledger: error: --to must not hold a password"), "\(secret.stderr.text)")
        #expect(
            DatabaseURLError.option("--to", .notAPort("0")).description
                == "--to port '0' is not a port; use a number from 1 to 65535")
    }
}
