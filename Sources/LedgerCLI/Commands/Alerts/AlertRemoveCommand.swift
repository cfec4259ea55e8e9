import ArgumentParser
import LedgerApp
import LedgerCore

/// `ledger alert remove ID`.
struct AlertRemoveCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a price alert by its number (see 'ledger alert list')."
    )

    @OptionGroup var ledgerOptions: LedgerOptions

    @Argument(help: "The alert's number, as 'ledger alert list' shows it.")
    var id: String

    func run(in environment: CommandEnvironment) throws {
        let number = try AlertRequest.alertNumber(id)
        let removed = try AlertBook.remove(number, from: ledgerOptions.openExisting(in: environment))
        environment.print("removed alert \(removed.id): \(removed.title)")
    }
}
