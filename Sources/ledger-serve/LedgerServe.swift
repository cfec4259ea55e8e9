import Glibc
import LedgerApp
import LedgerCLI
import LedgerServer
import LedgerStorePostgres

/// `ledger-serve`: what `ledger serve` starts, with the same options and checks.
@main
enum LedgerServe {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        // `ledger user … --database`, `ledger serve migrate`: handed over by `ledger`, which
        // does not link the PostgreSQL client.
        if let code = LedgerCLI.runHandedOff(arguments, in: .live(), openDatabase: { try openDatabase($0) }) {
            exit(code)
        }
        let code = await LedgerCLI.serve(arguments, in: .live()) {
            settings, environment in
            // The database first: a URL that does not connect stops the start before the data
            // directory or the accounts file is made. A new user's books there take the
            // currency a new ledger file would (a bad LGR_CURRENCY stops the start).
            let database = try settings.database.map { url in
                try openDatabase(url, newBooks: LedgerSetting.newBooksSettings(variables: environment.variables))
            }
            let accounts = try AccountAuthenticator.open(
                settings: settings, variables: environment.variables,
                clockMilliseconds: environment.clockMilliseconds, database: database)
            try await LedgerServer.run(
                ServerState(
                    settings: settings, variables: environment.variables,
                    currentDirectory: environment.currentDirectory,
                    clockMilliseconds: environment.clockMilliseconds, authenticator: accounts,
                    market: ServerMarket(users: accounts.userList(settings)),
                    database: database))
        }
        exit(code)
    }

    /// The users' books in the PostgreSQL database `url` names: connected (10 s at most) and
    /// migrated before the server listens, so a wrong URL stops the start with its reason; a
    /// user's books made new there start with `newBooks` (the server's; none for `ledger serve
    /// migrate` and `ledger user`, which copy or make no books).
    static func openDatabase(_ url: DatabaseURL, newBooks: [String: String] = [:]) throws -> SharedBooks {
        let endpoint: PostgresLocation.Endpoint =
            if let socket = url.socketPath { .socket(path: socket) } else { .tcp(host: url.host ?? "", port: url.port) }
        return try PostgresBooksDatabase(
            PostgresLocation(
                endpoint: endpoint, user: url.user, password: url.password, database: url.database,
                sslMode: url.sslMode, sslRootCert: url.sslRootCert, sslCert: url.sslCert, sslKey: url.sslKey),
            connections: url.connections, newBooks: newBooks)
    }
}
