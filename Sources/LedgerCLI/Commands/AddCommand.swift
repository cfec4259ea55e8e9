import ArgumentParser
import LedgerApp
import LedgerCore

/// `ledger add KIND …`: appends one event.
struct AddCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Record a trade, transfer, income, fee or split.",
        discussion: """
            Kinds and their words (QUOTE defaults to the ledger's currency):
              buy|sell ASSET QTY @ PRICE [QUOTE]   add buy BTC 0.1 @ 30000 --fee 5
              buy|sell ASSET QTY @@ TOTAL [QUOTE]  add sell BTC 0.1 @@ 3100
              trade QTY ASSET for QTY ASSET        add trade 1 ETH for 0.05 BTC
              deposit|withdraw|fee ASSET QTY       add deposit USD 10000
              transfer ASSET QTY --to ACCOUNT      add transfer BTC 0.5 --to cold
              income ASSET QTY [--kind K]          add income BTC 0.001 --kind staking
              split ASSET NEW:OLD                  add split AAPL 4:1

            The ledger is created on first use. Selling, withdrawing or transferring \
            more than the account holds is refused, and nothing is written.

            A symbol new to the ledger without --class is never guessed: a well-known coin \
            (BTC, ETH, ...) or fiat code is known; else Yahoo and CoinGecko are asked once and the \
            answer is cached in the ledger and shown (VOO: etf (yahoo: ETF)). When they disagree \
            or cannot be reached, add asks for --class and writes nothing.
            """
    )

    @OptionGroup var ledgerOptions: LedgerOptions

    @Option(
        name: .long, parsing: .upToNextOption,
        help: ArgumentHelp(
            "A fee paid with this event: an amount in the quote currency, or an amount and an asset.",
            valueName: "amount [asset]"
        ))
    var fee: [String] = []

    @Option(help: "When it happened: YYYY-MM-DD (midnight UTC), YYYY-MM-DDTHH:MM:SSZ or with an offset (default: now).")
    var date: String?

    @Option(help: "The account (exchange, wallet, broker).")
    var account: String = LedgerEvent.defaultAccount

    @Option(help: "For transfers: the account the asset leaves (default: --account).")
    var from: String?

    @Option(help: "For transfers: the account the asset arrives in.")
    var to: String?

    @Option(name: .customLong("kind"), help: "For income: \(IncomeKind.list).")
    var incomeKind: String?

    @Option(
        name: .customLong("class"),
        help: """
            The asset's class: crypto, stock, etf, fund, adr, warrant, bond or fiat (default: as recorded \
            before, else a well-known coin or fiat code, else looked up and cached).
            """)
    var assetClass: String?

    @Flag(help: "Look up no source: a symbol new to the ledger needs --class unless it is well known or cached.")
    var offline = false

    @Option(help: "A note kept with the event.")
    var note: String = ""

    @Option(name: [.customShort("O"), .customLong("output-format")], help: "text or json.")
    var outputFormat: OutputFormat = .text

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("KIND and its words (see above).", valueName: "words"))
    var words: [String] = []

    func run(in environment: CommandEnvironment) throws {
        try outputFormat.require([.text, .json], for: "add")
        let ledger = try PriceLedger(options: ledgerOptions, environment: environment)
        let recorded = try EventRecorder(context: environment.app).add(
            input, creatingIfMissing: ledger, market: environment.market, offline: offline)
        try EventOutput(environment: environment, format: outputFormat).printRecorded(recorded.events)
        for answer in recorded.classified {
            if outputFormat == .json {
                environment.notices.note(answer.line)
            } else {
                environment.print("  " + answer.line)
            }
        }
    }

    /// The options and words as ``EventRecorder`` takes them.
    var input: AddInput {
        AddInput(
            words: words, fee: fee, date: date, account: account, from: from, to: to, incomeKind: incomeKind,
            assetClass: assetClass, note: note)
    }
}
