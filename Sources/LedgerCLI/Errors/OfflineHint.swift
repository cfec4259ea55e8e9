import ArgumentParser
import LedgerApp

/// The one line after a command failed with every request finding no route (connection
/// refused, host not found): the sources are unreachable, and the command's `--offline` form
/// when it has one (checked by parsing it), else what still works without the network.
struct OfflineHint {
    let arguments: [String]
    let link: MarketLink

    var line: String? {
        guard let summary = link.unreachableSummary else { return nil }
        return "the market-data sources are unreachable (\(summary)); \(alternative)"
    }

    private var alternative: String {
        let normalized = GlobalOptionPlacement.normalize(arguments)
        let command = CommandSuggestion(arguments: normalized).commandLine
        if !normalized.contains("--offline"), (try? RootCommand.parseAsRoot(normalized + ["--offline"])) != nil {
            return "'\(command) --offline' uses only what the ledger has cached"
        }
        return
            "offline, '\(command)' has no --offline form; 'ledger portfolio' and 'ledger prices show' read only the cache"
    }
}
