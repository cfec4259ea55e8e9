import Glibc
import LedgerCLI
import LedgerServer

/// `ledger-serve`: what `ledger serve` starts, with the same options and checks.
@main
enum LedgerServe {
    static func main() async {
        let code = await LedgerCLI.serve(Array(CommandLine.arguments.dropFirst()), in: .live()) {
            settings, environment in
            let accounts = try AccountAuthenticator.open(
                settings: settings, variables: environment.variables,
                clockMilliseconds: environment.clockMilliseconds)
            try await LedgerServer.run(
                ServerState(
                    settings: settings, variables: environment.variables,
                    currentDirectory: environment.currentDirectory,
                    clockMilliseconds: environment.clockMilliseconds, authenticator: accounts,
                    market: ServerMarket(users: accounts.userList(settings))))
        }
        exit(code)
    }
}
