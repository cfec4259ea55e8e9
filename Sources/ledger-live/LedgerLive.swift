import Glibc
import LedgerCLI
import LedgerStream

/// `ledger-live`: what `ledger live` starts to stream prices over a WebSocket. It takes the
/// whole `ledger` command line and runs it with the WebSocket client (LedgerStream) that
/// `ledger` itself does not link.
@main
enum LedgerLiveMain {
    static func main() async {
        var environment = CommandEnvironment.live()
        environment.liveStreaming = .client(WebSocketStreamOpener())
        exit(LedgerCLI.run(Array(CommandLine.arguments.dropFirst()), in: environment))
    }
}
