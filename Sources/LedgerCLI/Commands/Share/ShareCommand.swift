import ArgumentParser
import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerRender

/// `ledger share [portfolio]`, `ledger share holding SYMBOL`, `ledger share trade ID`.
struct ShareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share",
        abstract: "A short card for a chat or a post: the portfolio, one holding or one trade.",
        discussion: """
            Percentages and market prices by default; quantities, values and cost only with \
            --amounts. A card never shows the ledger's path, account names, event ids or notes. \
            -O text (for a chat), md (for a post), svg (an image, 600 wide) or json. \
            Guide: docs/MARKET.md, "share".
            """,
        subcommands: [SharePortfolioCommand.self, ShareHoldingCommand.self, ShareTradeCommand.self],
        defaultSubcommand: SharePortfolioCommand.self
    )

    // Accepts `--ledger` before the subcommand too (see PricesCommand).
    @OptionGroup(visibility: .hidden) var ledgerOptions: LedgerOptions
}

struct SharePortfolioCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "portfolio",
        abstract: "The allocation of the priced holdings and the return on their cost.",
        discussion: "ledger share                 a text card\nledger share -O svg -o card.svg"
    )

    @OptionGroup var ledgerOptions: LedgerOptions
    @OptionGroup var shareOptions: ShareOptions

    func run(in environment: CommandEnvironment) throws {
        try shareOptions.share(.portfolio, ledger: ledgerOptions, in: environment)
    }
}

struct ShareHoldingCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "holding",
        abstract: "One holding: its share of the portfolio, its price and its return on cost.",
        discussion: "ledger share holding BTC\nledger share holding AAPL --amounts -O md"
    )

    @OptionGroup var ledgerOptions: LedgerOptions
    @OptionGroup var shareOptions: ShareOptions

    @Argument(help: "The asset held, e.g. BTC.")
    var symbol: String

    func run(in environment: CommandEnvironment) throws {
        try shareOptions.share(try ShareTarget.holding(symbol), ledger: ledgerOptions, in: environment)
    }
}

struct ShareTradeCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "trade",
        abstract: "One buy, sell or swap: the price then and now, and the move since.",
        discussion: "ID is the number 'ledger log' shows (12 or #12) or the event's id; the card does not show it."
    )

    @OptionGroup var ledgerOptions: LedgerOptions
    @OptionGroup var shareOptions: ShareOptions

    @Argument(help: "The trade, as 'ledger log' numbers it.")
    var id: String

    func run(in environment: CommandEnvironment) throws {
        try shareOptions.share(.trade(reference: id), ledger: ledgerOptions, in: environment)
    }
}
