import ArgumentParser
import LedgerCore

/// `ledger currencies [SEARCH]`: the fiat currencies the ledger knows, with their names.
struct CurrenciesCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "currencies",
        abstract: "List the known fiat currencies, or those whose code or name contains SEARCH."
    )

    @Argument(help: "Part of a code or name, any case (e.g. 'dollar' or 'kr').")
    var search: String?

    func run(in environment: CommandEnvironment) throws {
        let needle = search?.lowercased() ?? ""
        let matches = FiatCurrency.named.keys.sorted().filter { code in
            needle.isEmpty || code.lowercased().contains(needle) || FiatCurrency.named[code]!.lowercased().contains(needle)
        }
        guard !matches.isEmpty else {
            throw CommandFailure.data("no fiat currency matches '\(search ?? "")'; 'ledger currencies' lists all \(FiatCurrency.named.count)")
        }
        for code in matches { environment.print("\(code)  \(FiatCurrency.named[code]!)") }
    }
}
