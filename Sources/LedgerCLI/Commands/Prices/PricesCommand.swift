import ArgumentParser

/// `ledger prices …`: the ledger's own price table, which reports value holdings against.
struct PricesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prices",
        abstract: "Record, import, fetch and list the prices holdings are valued at.",
        discussion: """
            Prices are market data kept in the ledger file beside the events, not events: \
            recording the same asset, currency, time and source again replaces the price.
            """,
        subcommands: [PricesSetCommand.self, PricesImportCommand.self, PricesFetchCommand.self, PricesShowCommand.self]
    )

    // Accepts `--ledger` before the subcommand too (`ledger --ledger F prices show` arrives
    // here as `prices --ledger F show`); each subcommand reads it through its own group.
    @OptionGroup(visibility: .hidden) var ledgerOptions: LedgerOptions
}
