import ArgumentParser
import LedgerApp
import LedgerCore
import LedgerInterchange

/// `ledger currencies [SEARCH]`: the fiat currencies the ledger knows, with their names,
/// marked when no source publishes their rates.
struct CurrenciesCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "currencies",
        abstract: "List the known fiat currencies, or those whose code or name contains SEARCH.",
        discussion: """
            Rates come from the ECB (frankfurter), which publishes 31 of them. The others are \
            marked '(no source)': convert cannot price them, but 'ledger prices set' can record \
            a rate by hand.
            """
    )

    @Argument(help: "Part of a code or name, any case (e.g. 'dollar' or 'kr').")
    var search: String?

    @Option(name: [.customShort("O"), .customLong("output-format")], help: "text or json.")
    var outputFormat: OutputFormat = .text

    func validate() throws {
        if outputFormat != .text && outputFormat != .json {
            throw ValidationError(
                OptionError.notAFormat(command: "currencies", formats: ["text", "json"], given: outputFormat.rawValue))
        }
    }

    func run(in environment: CommandEnvironment) throws {
        let matches = CurrencyCatalog.matching(search)
        guard !matches.isEmpty else {
            throw ConvertError.noCurrencyMatch(search ?? "")
        }
        if outputFormat == .json {
            return environment.print(ConversionJSON.currencies(matches, priced: CurrencyCatalog.published))
        }
        let width = matches.map { FiatCurrency.named[$0]!.count }.max() ?? 0
        for code in matches {
            let name = FiatCurrency.named[code]!
            let mark =
                CurrencyCatalog.published.contains(code)
                ? "" : String(repeating: " ", count: width - name.count) + "  (no source)"
            environment.print("\(code)  \(name)\(mark)")
        }
    }
}
