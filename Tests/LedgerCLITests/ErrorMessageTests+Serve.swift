import LedgerApp

@testable import LedgerCLI

extension ErrorSamples {
    static var serve: [Sample] {
        let errors: [ServeError] = [
            .notAPort("http"), .emptyHost, .notAnInterval("5x"), .intervalTooShort("10s"), .notABatchSize("0"),
            .notARegistration("public"), .emptyDataDirectory,
            .serverProgramMissing(path: "/usr/local/bin/ledger-serve"),
            .couldNotStart(path: "/usr/local/bin/ledger-serve", reason: "Permission denied"),
        ]
        return samples(errors) { error in
            switch error {
            case .notAPort, .emptyHost, .notAnInterval, .intervalTooShort, .notABatchSize, .notARegistration,
                .emptyDataDirectory:
                usage
            case .serverProgramMissing, .couldNotStart: data
            }
        } + databaseURL + databaseConfig
    }

    /// The config file's `database` keys and the password files (issue 38).
    static var databaseConfig: [Sample] {
        let errors: [DatabaseConfigError] = [
            .passwordInConfigFile(path: "/home/ann/.config/ledger/config.json"),
            .configNotJSON(path: "/home/ann/.config/ledger/config.json", reason: "unexpected end"),
            .configNotAString(path: "/home/ann/.config/ledger/config.json", key: "database"),
            .passwordFileUnreadable(path: "/etc/ledger/db-password", reason: "No such file or directory"),
            .passwordFileOpenToOthers(path: "/etc/ledger/db-password", mode: "644"),
            .passwordFileEmpty(path: "/etc/ledger/db-password"),
            .notAConnectionCount("0", naming: "--database-connections"),
        ]
        return samples(errors) { error in
            switch error {
            case .passwordInConfigFile, .configNotJSON, .configNotAString, .passwordFileUnreadable,
                .passwordFileOpenToOthers, .passwordFileEmpty, .notAConnectionCount:
                usage
            }
        }
    }

    /// `--database`, `LGR_DATABASE_URL` and `serve migrate --to` (issue 38).
    static var databaseURL: [Sample] {
        let errors: [DatabaseURLError] = [
            .notPostgres("mysql://db/x"), .noUser("postgres://db/x"), .noDatabase("postgres://u@db"),
            .noHost("postgres://u@/x"), .notAPort("x"), .unknownParameter("sslmode=require"), .notAnSSLMode("prefer"),
            .certWithoutKey, .passwordOnCommandLine,
            .option("--to", .notPostgres("mysql://db/x")),
        ]
        return samples(errors) { error in
            switch error {
            case .notPostgres, .noUser, .noDatabase, .noHost, .notAPort, .unknownParameter, .notAnSSLMode,
                .certWithoutKey, .passwordOnCommandLine, .option:
                usage
            }
        }
    }
}
