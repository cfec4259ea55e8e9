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
            """
    )

    @OptionGroup var options: ServeOptions

    func run(in environment: CommandEnvironment) throws {
        _ = try options.settings(variables: environment.variables, currentDirectory: environment.currentDirectory)
        let program = try Self.serverProgram(environment.variables)
        let forwarded = Array(CommandLine.arguments.drop { $0 != "serve" }.dropFirst())
        let argv = ([program] + forwarded).map { strdup($0) } + [nil]
        execv(program, argv)
        throw ServeError.couldNotStart(path: program, reason: String(cString: strerror(errno)))
    }

    /// `$LGR_SERVE_BINARY`, else `ledger-serve` in the directory of the running `ledger`.
    static func serverProgram(_ variables: [String: String]) throws -> String {
        let path: String
        if let named = variables[environmentPrefix + "SERVE_BINARY"], !named.isEmpty {
            path = named
        } else {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            let me = length > 0 ? String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
            path = String(me[..<(me.lastIndex(of: "/") ?? me.startIndex)]) + "/ledger-serve"
        }
        guard access(path, X_OK) == 0 else { throw ServeError.serverProgramMissing(path: path) }
        return path
    }
}
