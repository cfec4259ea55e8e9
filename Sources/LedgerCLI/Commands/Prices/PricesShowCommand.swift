import ArgumentParser
import LedgerApp
import LedgerCore

/// `ledger prices show [ASSET]`: the latest price of every asset, or one asset's history.
struct PricesShowCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "List the latest price of each asset, or one asset's price history.",
        discussion: """
            Without ASSET: the latest price per asset and currency, the one valuation uses \
            (at equal times, the source last in alphabetical order). With ASSET or --history: \
            every price recorded (for it), newest first. The age column says how long ago each \
            price was observed, so a stale cache shows.
            """
    )

    @OptionGroup var ledgerOptions: LedgerOptions

    @Argument(help: "Only this asset, with its whole history.")
    var asset: String?

    @Flag(help: "Every recorded price, newest first (the default with ASSET).")
    var history = false

    @Option(name: [.customShort("O"), .customLong("output-format")], help: "text, json or csv.")
    var outputFormat: OutputFormat = .text

    func run(in environment: CommandEnvironment) throws {
        try outputFormat.require([.text, .json, .csv], for: "prices show")
        let symbol = try asset.map { text in
            guard let symbol = AssetSymbol(text) else {
                throw OptionError.notAnAssetSymbol(text)
            }
            return symbol
        }
        let store = try ledgerOptions.openForReading(in: environment)
        let stored = try store.recordedPrices(of: symbol)
        let output = PricesOutput(
            prices: symbol == nil && !history ? PricesOutput.latest(stored) : PricesOutput.newestFirst(stored),
            asset: symbol, width: environment.terminalWidth, now: environment.now
        )
        switch outputFormat {
        case .text: environment.write(output.text())
        case .json: environment.print(output.json())
        case .csv, .md: environment.write(output.csv())
        }
    }
}
