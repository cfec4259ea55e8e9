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
        } + databaseURL
    }

    /// `--database`, `LGR_DATABASE_URL` and `serve migrate --to` (issue 38).
    static var databaseURL: [Sample] {
        let errors: [DatabaseURLError] = [
            .notPostgres("mysql://db/x"), .noUser("postgres://db/x"), .noDatabase("postgres://u@db"),
            .noHost("postgres://u@/x"), .notAPort("x"), .unknownParameter("sslmode=require"), .passwordOnCommandLine,
            .option("--to", .notPostgres("mysql://db/x")),
        ]
        return samples(errors) { error in
            switch error {
            case .notPostgres, .noUser, .noDatabase, .noHost, .notAPort, .unknownParameter, .passwordOnCommandLine,
                .option:
                usage
            }
        }
    }
}
