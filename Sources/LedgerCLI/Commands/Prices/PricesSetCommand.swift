import ArgumentParser
import LedgerApp
import LedgerCore
import LedgerInterchange

/// `ledger prices set ASSET PRICE [--date D] [--currency C]`: records one price by hand.
struct PricesSetCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Record the price of one unit of an asset.",
        discussion: """
            ledger prices set BTC 31000                  now, in the ledger's currency
            ledger prices set BTC 28500 --currency EUR --date 2024-01-02

            The price is kept exactly (up to 18 decimal places) with source 'manual'; setting \
            the same asset, currency and date again replaces it. The ledger is created on \
            first use.
            """
    )

    @OptionGroup var ledgerOptions: LedgerOptions

    @Option(
        help: "When the price held: YYYY-MM-DD (midnight UTC), YYYY-MM-DDTHH:MM:SSZ or with an offset (default: now).")
    var date: String?

    @Option(help: "The currency the price is in (default: the ledger's currency).")
    var currency: String?

    @Argument(help: "The asset, e.g. BTC.")
    var asset: String

    // Collected loosely so that a negative price reaches validation instead of being
    // taken for an option.
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The price of one unit, e.g. 31000.", valueName: "price"))
    var price: [String] = []

    func run(in environment: CommandEnvironment) throws {
        let ledger = try PriceLedger(options: ledgerOptions, environment: environment)
        let quote = try ledger.defaultQuote(currency)
        do {
            let recorded = try ManualPrice.record(
                try input(), in: AmendableBooks(ledger), defaultQuote: quote, labels: .commandLine, now: environment.now
            )
            environment.print(recorded.line)
        } catch let problem as InputError {
            throw PricesError.invalidPrice(problem)
        }
    }

    /// The words after the asset: exactly one price (a negative one reaches validation).
    private func input() throws -> PriceInput {
        let price = price.filter { $0 != "--" }
        if let option = price.first(where: { $0.hasPrefix("--") }) {
            throw OptionValueError.unknownOption(option, command: "prices set")
        }
        guard let text = price.first else {
            throw PricesError.missingPrice(asset: asset)
        }
        if let extra = price.dropFirst().first {
            throw PricesError.unexpectedAfterPrice(extra)
        }
        return PriceInput(asset: asset, price: text, date: date, currency: nil)
    }
}
