import ArgumentParser
import LedgerCore
import LedgerRender
import LedgerStore

/// `ledger init [--currency USD]`: creates the ledger (idempotent) and says where it is.
struct InitCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create the ledger file (safe to run again).",
        discussion: "`ledger add` creates the ledger on first use too; init lets you choose its currency first."
    )

    @OptionGroup var ledgerOptions: LedgerOptions

    @Option(help: "The currency prices are quoted in when a command does not say (default USD).")
    var currency: String?

    func validate() throws {
        if let currency, AssetSymbol(currency) == nil {
            throw ValidationError("'\(currency)' is not a currency code; use a code such as USD, EUR or GBP")
        }
    }

    func run(in environment: CommandEnvironment) throws {
        let path = try ledgerOptions.path(in: environment)
        let existed = SQLiteEventStore.exists(at: path)
        let store = try ledgerOptions.openOrCreate(in: environment)
        let stored = try store.setting(LedgerSetting.currency)
        let fromEnvironment = environment.variables[environmentPrefix + "CURRENCY"].flatMap(AssetSymbol.init)?.text
        let wanted = currency.flatMap(AssetSymbol.init)?.text ?? stored ?? fromEnvironment ?? LedgerSetting.defaultCurrency
        if stored != wanted { try store.setSetting(LedgerSetting.currency, wanted) }
        let count = try store.chainHead().count
        let events = "\(count) event\(count == 1 ? "" : "s")"
        switch (existed, stored) {
        case (false, _):
            environment.print("Created ledger \(path.terminalEscaped) (currency \(wanted))")
        case (true, nil):
            environment.print("Ledger \(path.terminalEscaped) exists (\(events)); currency set to \(wanted)")
        case (true, let previous?) where previous != wanted:
            environment.print("Ledger \(path.terminalEscaped) exists (\(events)); currency changed from \(previous) to \(wanted)")
        default:
            environment.print("Ledger \(path.terminalEscaped) exists (\(events), currency \(wanted))")
        }
    }
}
