import ArgumentParser
import LedgerApp
import LedgerCore
import LedgerRender

/// `--color auto|always|never`.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never
}

/// The options every report shares: when, in which currency, by which booking method, and
/// how to print.
struct ReportOptions: ParsableArguments {
    @Option(name: .customLong("as-of"), help: "Report as of this date (end of day, UTC) or instant (default: now).")
    var asOf: String?

    @Option(help: "Lot booking method: \(BookingMethod.list) (default: fifo).")
    var method: String?

    @Option(help: "Report in this currency, converting through recorded FX rates (default: the ledger's).")
    var currency: String?

    @Option(help: "Colour: auto (only on a terminal, and not when NO_COLOR is set), always, never.")
    var color: ColorChoice = .auto

    @Flag(help: "Exit 1 when the report is incomplete (a price it needs is missing), after printing it; for cron.")
    var strict = false

    /// The options as LedgerApp's ``ValuationQuery`` checks them (before the ledger is opened,
    /// so a typo is a usage error even when the ledger is missing).
    var query: ValuationQuery { ValuationQuery(asOf: asOf, method: method, currency: currency) }

    /// Checks what can be checked before the ledger is opened. For commands not yet moved to
    /// ``ReportSource`` (which checks the query itself).
    func validate(_ environment: CommandEnvironment) throws {
        try query.validate()
    }

    /// The valuation options, with defaults from the ledger's settings. For commands not yet
    /// moved to ``ReportSource`` (which reads the ledger's currency once).
    func valuation(store: OpenLedger, environment: CommandEnvironment, perAccount: Bool) throws
        -> ValuationOptions
    {
        try query.valuation(ledger: store, now: environment.now, perAccount: perAccount)
    }

    /// Colour only when asked, or on a terminal without NO_COLOR.
    func theme(_ environment: CommandEnvironment) -> Theme { color.theme(for: environment) }
}

extension ColorChoice {
    /// Colour only when asked (`always`), or on a terminal without `NO_COLOR` (`auto`).
    func theme(for environment: CommandEnvironment) -> Theme {
        switch self {
        case .always: return .ansi
        case .never: return .plain
        case .auto:
            let noColor = environment.variables["NO_COLOR"].map { !$0.isEmpty } ?? false
            return environment.stdoutIsTerminal && !noColor ? .ansi : .plain
        }
    }
}
