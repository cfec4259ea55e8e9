import ArgumentParser
import LedgerApp
import LedgerCore
import LedgerRender

/// The options `ledger market top|search|show` share: currency, cache only, colour, format.
struct MarketOptions: ParsableArguments {
    @Option(help: "Prices in this currency (default: the ledger's currency).")
    var currency: String?

    @Flag(help: "Use only the ledger's cache; send no request.")
    var offline = false

    @Option(help: "Colour: auto (only on a terminal, and not when NO_COLOR is set), always, never.")
    var color: ColorChoice = .auto

    /// Colour only when asked, or on a terminal without NO_COLOR (as the reports do).
    func theme(_ environment: CommandEnvironment) -> Theme { color.theme(for: environment) }

    /// The ledger and its market feed: online a missing ledger is created once something was
    /// fetched (it holds the cache), so a failing command leaves no file behind; offline it
    /// must exist.
    func feed(_ ledgerOptions: LedgerOptions, _ environment: CommandEnvironment) throws -> (MarketFeed, AssetSymbol) {
        if let currency, AssetSymbol(currency) == nil {
            throw OptionError.notACurrency(currency)
        }
        let ledger = try PriceLedger(options: ledgerOptions, environment: environment)
        let quote = try ledger.defaultQuote(currency)
        guard offline == false || ledger.existing != nil else {
            throw MarketCommandError.nothingCached(path: try ledgerOptions.path(in: environment))
        }
        if let existing = ledger.existing {
            return (
                try MarketFeed(store: existing, books: existing, context: environment.market, offline: offline), quote
            )
        }
        let empty = try LedgerOpener.scratch()
        return (
            try MarketFeed(
                store: empty, context: environment.market, offline: false,
                recordInto: { try ledger.storeForWriting() }),
            quote
        )
    }
}
