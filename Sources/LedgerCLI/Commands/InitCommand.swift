import ArgumentParser
import LedgerApp
import LedgerCore
import LedgerRender

/// `ledger init [--currency USD]`: creates the ledger (idempotent) and says where it is.
struct InitCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create the ledger file (safe to run again).",
        discussion: """
            `ledger add` creates the ledger on first use too; init lets you choose its currency first. \
            The currency is what every recorded price means, so it can change only while the ledger has no \
            events; reports in another currency take --currency.
            """
    )

    @OptionGroup var ledgerOptions: LedgerOptions

    @Option(help: "The currency prices are quoted in when a command does not say (default USD).")
    var currency: String?

    @Option(help: "The tax rules 'ledger tax' applies when not told: us, uk or de (changeable at any time).")
    var taxRules: String?

    func validate() throws {
        if let currency, AssetSymbol(currency) == nil {
            throw ValidationError(InitError.notACurrency(currency))
        }
        if let taxRules, TaxRules(rawValue: taxRules.lowercased()) == nil {
            throw ValidationError(TaxError.unknownRules(taxRules).description)
        }
    }

    func run(in environment: CommandEnvironment) throws {
        let opener = ledgerOptions.opener(in: environment)
        let path = try opener.locator.path()
        let existed = try opener.exists()
        let initialization = try LedgerInitialization(opener.open(.createQuietly))
        let stored = initialization.storedCurrency
        let fromEnvironment = environment.variables[environmentPrefix + "CURRENCY"].flatMap(AssetSymbol.init)?.text
        let wanted =
            currency.flatMap(AssetSymbol.init)?.text ?? stored ?? fromEnvironment ?? LedgerSetting.defaultCurrency
        let count = initialization.eventCount
        try Self.checkChange(from: stored ?? LedgerSetting.defaultCurrency, to: wanted, events: count)
        try initialization.apply(currency: wanted, taxRules: taxRules.flatMap { TaxRules(rawValue: $0.lowercased()) })
        let events = "\(count) event\(count == 1 ? "" : "s")"
        switch (existed, stored) {
        case (false, _):
            environment.print("Created ledger \(path.terminalEscaped) (currency \(wanted))")
        case (true, nil):
            environment.print("Ledger \(path.terminalEscaped) exists (\(events)); currency set to \(wanted)")
        case (true, let previous?) where previous != wanted:
            environment.print(
                "Ledger \(path.terminalEscaped) exists (\(events)); currency changed from \(previous) to \(wanted)")
        default:
            environment.print("Ledger \(path.terminalEscaped) exists (\(events), currency \(wanted))")
        }
        if let rules = taxRules.flatMap({ TaxRules(rawValue: $0.lowercased()) }) {
            environment.print("Tax rules: \(rules.rawValue) ('ledger tax' applies them unless --rules says otherwise)")
        }
    }

    /// The currency is what every recorded price means: once there are events, changing it
    /// would reinterpret them, so it is refused with what to do instead.
    static func checkChange(from current: String, to wanted: String, events count: Int64) throws {
        guard count > 0, wanted != current else { return }
        throw InitError.currencyChange(events: count, current: current, wanted: wanted)
    }
}
