import ArgumentParser
import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerRender

/// The options of every `ledger share` card, and the one way a card is made and written.
struct ShareOptions: ParsableArguments {
    @Flag(help: "Show quantities, values and cost too (by default only percentages and prices).")
    var amounts = false

    @Option(name: .customLong("as-of"), help: "The card as of this date (end of day, UTC) or instant (default: now).")
    var asOf: String?

    @Option(help: "Lot booking method for the cost basis: \(BookingMethod.list) (default: fifo).")
    var method: String?

    @Option(help: "Value in this currency (default: the ledger's).")
    var currency: String?

    @Option(name: [.customShort("O"), .customLong("output-format")], help: "text, md, svg or json.")
    var outputFormat: String = "text"

    @Option(
        name: [.customShort("o"), .customLong("output-file")],
        help: "Write to this file (atomically, created 0600) instead of stdout.")
    var outputFile: String?

    @Flag(help: "Exit 1 when the card is incomplete (a price it needs is missing), after writing it.")
    var strict = false

    func share(_ target: ShareTarget, ledger: LedgerOptions, in environment: CommandEnvironment) throws {
        let format = try ShareFormat.parse(outputFormat, for: "share")
        let query = ValuationQuery(asOf: asOf, method: method, currency: currency)
        try query.validate()
        let store = try ledger.openForReading(in: environment)
        let options = try query.valuation(ledger: store, now: environment.now, perAccount: false)
        let runner = try ReplayRunner(store: store, environment: environment)
        let result = try ShareQuery(runner: runner).card(target, options: options, amounts: amounts)
        let text = format.render(result.card)
        if let outputFile {
            try OutputFile.write(text, to: outputFile, in: environment)
        } else {
            environment.write(text)
        }
        if !result.unpriced.isEmpty { warnUnpriced(result, target, options, store, environment) }
        try runner.finish(missing: result.missing, complete: result.complete, strict: strict, noted: false)
    }
}

extension ShareOptions {
    /// Names what the card could not price and the command that fetches it: the portfolio's
    /// `prices fetch --missing` for holdings, `prices fetch ASSET` in the trade's quote for a trade.
    func warnUnpriced(
        _ result: ShareQuery.Result, _ target: ShareTarget, _ options: ValuationOptions, _ store: OpenLedger,
        _ environment: CommandEnvironment
    ) {
        let assets = result.unpriced.map(\.text).joined(separator: " ")
        let ledgerCurrency = store.displayedLedgerCurrency()
        let fill: String
        if case .trade = target {
            let currency = result.quote == ledgerCurrency ? "" : " --currency \(result.quote)"
            fill = "ledger prices fetch \(assets)\(currency)"
        } else {
            fill = MissingPriceNote.command(for: result.quote, ledgerCurrency: ledgerCurrency)
        }
        environment.notices.warning(
            "the card has no price of \(assets) in \(result.quote) on \(options.asOf.date); fetch it with '\(fill)'")
    }
}

/// `-O` of `ledger share`.
enum ShareFormat: String, CommandFormat {
    case text, md, svg, json

    func render(_ card: ShareCard) -> String {
        switch self {
        case .text: ShareCardView.text(card)
        case .md: ShareCardView.markdown(card)
        case .svg: ShareCardSVG.render(card)
        case .json: ShareJSON.card(card) + "\n"
        }
    }
}
