import Glibc
import LedgerCLI
import LedgerStream

/// `ledger-live`: what `ledger live` starts to stream prices over a WebSocket. It takes the
/// whole `ledger` command line and runs it with the WebSocket client that `ledger` itself
/// never links (SwiftNIO and TLS, see docs/PERFORMANCE.md).
@main
enum LedgerLiveMain {
    static func main() async {
        var environment = CommandEnvironment.live()
        environment.liveStreaming = .client(WebSocketStreamOpener())
        exit(LedgerCLI.run(Array(CommandLine.arguments.dropFirst()), in: environment))
    }
}
