import Foundation
import LedgerApp
import LedgerTestSupport
import Testing

@testable import LedgerCLI

/// Where `ledger serve`, `ledger user` and `ledger serve migrate` find the database and its
/// password (issue 38): the option, then the environment, then the config file; the password
/// never on the command line nor in the config file, and never printed.
@Suite(
    "The database from --database, LGR_DATABASE_URL or the config file; its password from a file of mode 600 or the environment"
)
struct DatabaseConfigTests {
    let directory = makeTemporaryDirectory("database-config")

    /// A file in the test's directory holding `text`, with `mode`.
    func file(_ name: String, _ text: String, mode: mode_t = 0o600) -> String {
        let path = directory + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        chmod(path, mode)
        return path
    }

    /// The database `arguments` and `variables` give, with `config` as the config file.
    func database(_ arguments: [String], _ variables: [String: String] = [:], config: String? = nil) throws
        -> DatabaseURL?
    {
        let home = ["HOME": "/home/ann"]
        return try ServeOptions.parse(arguments).settings(
            variables: variables.merging(home) { $1 }, currentDirectory: "/",
            readFile: { path in
                path == "/home/ann/.config/ledger/config.json" ? config.map { Array($0.utf8) } : nil
            }
        ).database
    }

    @Test(
        "the URL: --database, else LGR_DATABASE_URL, else the config file; the password: the file option, the URL's, LGR_DATABASE_PASSWORD, LGR_DATABASE_PASSWORD_FILE, PGPASSWORD, the config file's file"
    )
    func precedence() throws {
        let config = """
            {"database": "postgres://cfg@/books?host=/run/postgresql", \
            "database_password_file": "\(file("config-password", "from-config\n"))"}
            """
        var variables: [String: String] = [:]
        // "USER PASSWORD" of the database found.
        func answer(_ arguments: [String] = []) throws -> String {
            let url = try database(arguments, variables, config: config)
            return "\(url?.user ?? "-") \(url?.password ?? "-")"
        }
        #expect(try database([]) == nil)
        #expect(try answer() == "cfg from-config")
        #expect(try database([], config: "{\"timeout\": 5}") == nil)
        variables["PGPASSWORD"] = "from-pgpassword"
        #expect(try answer() == "cfg from-pgpassword")
        variables["LGR_DATABASE_PASSWORD_FILE"] = file("env-password", "from-env-file\r\nsecond line\n")
        #expect(try answer() == "cfg from-env-file")
        variables["LGR_DATABASE_PASSWORD"] = "from-env"
        #expect(try answer() == "cfg from-env")
        variables["LGR_DATABASE_URL"] = "postgres://envuser:from-url@db/books"
        #expect(try answer() == "envuser from-url")
        #expect(try answer(["--database", "postgres://flag@db/books"]) == "flag from-env")
        let flagFile = file("flag-password", "from-flag-file")
        #expect(try answer(["--database-password-file", flagFile]) == "envuser from-flag-file")
    }

    @Test("the connections cap: --database-connections, else the config file's \"database_connections\", else 32")
    func connections() throws {
        let url = "postgres://ledger@db/books"
        #expect(try database(["--database", url])?.connections == 32)
        #expect(try database(["--database", url], config: #"{"database_connections": 64}"#)?.connections == 64)
        #expect(try database(["--database", url], config: #"{"database_connections": "48"}"#)?.connections == 48)
        let both = try database(
            ["--database", url, "--database-connections", "1000"], config: #"{"database_connections": 64}"#)
        #expect(both?.connections == 1000)
        let certified = try database(["--database", url + "?sslmode=verify-full&sslcert=/c.crt&sslkey=/c.key"])
        #expect(certified?.sslCert == "/c.crt" && certified?.sslKey == "/c.key")
    }

    @Test(
        "refused with one line and exit 64, the password never shown: a password in --database, --to or the config file, a password file others may read, a missing or empty one, a bad connections cap, a certificate without its key, a config file that is not JSON"
    )
    func refusals() throws {
        let configHome = directory + "/config"
        try FileManager.default.createDirectory(atPath: configHome + "/ledger", withIntermediateDirectories: true)
        let configPath = configHome + "/ledger/config.json"
        let open = file("open-password", "hunter2\n", mode: 0o644)
        let empty = file("empty-password", "\n")
        let url = "postgres://ledger@db/books"
        let cases: [(arguments: [String], variables: [String: String], config: String?, line: String)] = [
            (
                ["serve", "--database", "postgres://ledger:hunter2@db/books"], [:], nil,
                "--database must not hold a password (the command line is visible to every user); put it in a file of mode 600 named by --database-password-file, or in LGR_DATABASE_PASSWORD"
            ),
            (
                ["serve", "migrate", "--to", "postgres://ledger:hunter2@db/books"], [:], nil,
                "--to must not hold a password (the command line is visible to every user); put it in a file of mode 600 named by --database-password-file, or in LGR_DATABASE_PASSWORD"
            ),
            (
                ["serve", "--database", url, "--database-password-file", open], [:], nil,
                "the database password file '\(open)' may be read by others (mode 644); run 'chmod 600 \(open)'"
            ),
            (
                ["user", "list", "--database", url], ["LGR_DATABASE_PASSWORD_FILE": open], nil,
                "the database password file '\(open)' may be read by others (mode 644); run 'chmod 600 \(open)'"
            ),
            (
                ["serve", "--database", url, "--database-password-file", directory + "/none"], [:], nil,
                "the database password file '\(directory)/none' cannot be read (No such file or directory); write the password on its first line and make it readable by the server's user only (chmod 600)"
            ),
            (
                ["serve", "--database", url, "--database-password-file", empty], [:], nil,
                "the database password file '\(empty)' holds no password; write it on the file's first line"
            ),
            (
                ["serve"], ["LGR_DATABASE_URL": "postgres://ledger:hunter2@db"], nil,
                "LGR_DATABASE_URL 'postgres://ledger:***@db' names no database; e.g. postgres://ledger@db.example:5432/ledger or postgres://ledger@/ledger?host=/run/postgresql"
            ),
            (
                ["serve"], ["LGR_DATABASE_URL": "postgres:/ledger:hunter2@db/books"], nil,
                "LGR_DATABASE_URL 'postgres:***@db/books' is not a PostgreSQL URL; e.g. postgres://ledger@db.example:5432/ledger or postgres://ledger@/ledger?host=/run/postgresql"
            ),
            (
                ["serve"], [:], "{\"database\": \"postgres://ledger:hunter2@db/books\"}",
                "the config file's \"database\" (\(configPath)) must not hold a password; put it in a file of mode 600 and name that file in \"database_password_file\""
            ),
            (
                ["user", "list"], [:], "{\"database\": 5}",
                "the config file's \"database\" (\(configPath)) is not a string; write it as \"database\": \"...\" or leave it out"
            ),
            (
                ["serve", "--database", url, "--database-connections", "0"], [:], nil,
                "--database-connections '0' is not a number of connections; use a whole number from 1 to 1000, e.g. 32 (the default), within the server's max_connections"
            ),
            (
                ["serve", "--database", url], [:], #"{"database_connections": 2.5}"#,
                "the config file's \"database_connections\" '2.5' is not a number of connections; use a whole number from 1 to 1000, e.g. 32 (the default), within the server's max_connections"
            ),
            (
                ["serve", "--database", url + "?sslcert=/etc/ledger/c.crt"], [:], nil,
                "--database names a client certificate without its key, or a key without its certificate; give both, e.g. ?sslmode=verify-full&sslcert=/etc/ledger/db-client.crt&sslkey=/etc/ledger/db-client.key"
            ),
            (
                ["serve"], [:], "{\"database\": ",
                "the config file \(configPath) is not valid JSON (the text ends where a value was expected), so its \"database\" cannot be read; fix the file"
            ),
        ]
        for (arguments, variables, config, line) in cases {
            try? FileManager.default.removeItem(atPath: configPath)
            if let config { _ = FileManager.default.createFile(atPath: configPath, contents: Data(config.utf8)) }
            // A program that is not there: a command that passed its checks could not start one.
            let fixed = FixedEnvironment(
                variables: variables.merging(
                    ["XDG_CONFIG_HOME": configHome, "LGR_SERVE_BINARY": directory + "/no-ledger-serve"]) { $1 })
            #expect(fixed.run(arguments) == 64, "\(arguments)")
            #expect(fixed.stderr.text == "ledger: error: \(line)\n", "\(arguments)")
            #expect(!fixed.stderr.text.contains("hunter2"))
        }
        let help = FixedEnvironment(variables: ["LGR_DATABASE_PASSWORD": "hunter2", "PGPASSWORD": "hunter2"])
        help.run(["serve", "--help"])
        #expect(help.stdout.text.contains("--database-password-file") && !help.stdout.text.contains("hunter2"))
    }
}
