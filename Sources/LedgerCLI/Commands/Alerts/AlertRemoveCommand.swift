import ArgumentParser
import LedgerApp
import LedgerCore
import LedgerStore

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
        let store = try ledgerOptions.openExisting(in: environment)
        guard let removed = try store.alerts.removeAlert(id: number) else {
            throw AlertCommandError.noAlert(number)
        }
        environment.print("removed alert \(removed.id): \(removed.title)")
    }
}
