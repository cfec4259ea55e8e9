import ArgumentParser
import LedgerApp
import LedgerCore

/// `ledger alert add ASSET above|below LEVEL` / `change P% --within D`.
struct AlertAddCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a price alert.",
        discussion: """
            ledger alert add BTC above 50000            fires when the price is 50000 or more
            ledger alert add BTC below 20000            fires when the price is 20000 or less
            ledger alert add BTC change 10% --within 24h
                                     fires when the price moved 10% or more either way since \
            24 h before (+10% only up, -10% only down)

            A new alert is armed: if its condition already holds, the next 'ledger alert \
            check' fires it. The ledger is created on first use.
            """
    )

    @OptionGroup var ledgerOptions: LedgerOptions

    @Option(help: "The currency the level is in (default: the ledger's currency).")
    var currency: String?

    @Option(help: "For change: the time the move happens in (e.g. 30m, 24h, 7d).")
    var within: String?

    @Option(
        name: .customLong("class"),
        help:
            "crypto, stock, etf, fund, adr, warrant, bond or fiat: which sources price it (default: as the ledger knows it, else crypto)."
    )
    var assetClass: String?

    @Option(help: "A note shown when the alert fires.")
    var note: String?

    @Argument(help: "The asset, e.g. BTC.")
    var asset: String

    // Collected loosely so that `-10%` reaches the condition parser instead of being taken
    // for an option.
    @Argument(
        parsing: .allUnrecognized, help: ArgumentHelp("above LEVEL, below LEVEL or change P%.", valueName: "condition"))
    var condition: [String] = []

    func run(in environment: CommandEnvironment) throws {
        let ledger = try PriceLedger(options: ledgerOptions, environment: environment)
        let request = AlertRequest(asset: asset, words: condition, within: within, assetClass: assetClass, note: note)
        let alert = try AlertBook.add(request, currency: currency, to: ledger, at: environment.now)
        environment.print("added alert \(alert.id): \(alert.title) (armed)")
    }
}
