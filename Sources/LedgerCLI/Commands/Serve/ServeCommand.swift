import ArgumentParser
import Glibc
import LedgerApp

/// `ledger serve`: checks its options, then replaces itself with the `ledger-serve` program
/// beside it, which links the web stack (SwiftNIO, Hummingbird) that `ledger` itself never loads.
struct ServeCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the books and the market as a web app and JSON API, for several users.",
        discussion: """
            Listens on 127.0.0.1:8080 unless told otherwise and writes one JSON access-log line \
            per request to stdout. Each user has a ledger under --data-dir; create them with \
            'ledger user add NAME --data-dir DIR'. SIGTERM or Ctrl-C stops it gracefully: \
            requests in flight finish first.

            On a public machine, keep it on 127.0.0.1 and put a TLS reverse proxy in front \
            (Caddy: 'reverse_proxy 127.0.0.1:8080'; nginx: proxy_pass with X-Forwarded-For); \
            session cookies are Secure, so browse it over HTTPS or on localhost. Under systemd \
            run it as its own user with Restart=on-failure; docs/SERVER.md has both files.

            With --database the accounts and the books are in PostgreSQL; 'ledger serve migrate' \
            copies a data directory into such a database.
            """,
        subcommands: [ServeMigrateCommand.self]
    )

    @OptionGroup var options: ServeOptions

    func run(in environment: CommandEnvironment) throws {
        _ = try options.settings(
            variables: environment.variables, currentDirectory: environment.currentDirectory,
            readFile: environment.readFile)
        let program = try Self.serverProgram(environment.variables)
        let forwarded = Array(CommandLine.arguments.drop { $0 != "serve" }.dropFirst())
        throw ServeError.couldNotStart(path: program, reason: SiblingProgram.exec(program, forwarded))
    }

    /// `$LGR_SERVE_BINARY`, else `ledger-serve` in the directory of the running `ledger`.
    static func serverProgram(_ variables: [String: String]) throws -> String {
        let program = SiblingProgram.path("ledger-serve", variable: "SERVE_BINARY", variables)
        guard program.found else { throw ServeError.serverProgramMissing(path: program.path) }
        return program.path
    }
}
