import ArgumentParser

/// `ledger`: the root of the command tree.
struct RootCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ledger",
        abstract: "An exact, append-only portfolio and trade ledger.",
        discussion: """
            Every trade and transfer is an event appended to a log that is never edited; every \
            report is computed by replaying it. The ledger file is chosen by --ledger, else \
            $LGR_FILE, else $XDG_DATA_HOME/ledger/books.ledger.
            """,
        version: "0.1.0",
        subcommands: [
            InitCommand.self, AddCommand.self, LogCommand.self, VoidCommand.self, VerifyCommand.self,
            PricesCommand.self, ConvertCommand.self, CurrenciesCommand.self,
            PortfolioCommand.self, GainsCommand.self, TaxCommand.self, AllocationCommand.self,
            ImportCommand.self, ExportCommand.self, TransfersCommand.self,
            MarketCommand.self, WatchCommand.self, ChartCommand.self, LiveCommand.self,
            AlertCommand.self, ReportCommand.self, ShareCommand.self, ServeCommand.self, UserCommand.self,
            NewsCommand.self, ReturnsCommand.self,
        ]
    )
}
