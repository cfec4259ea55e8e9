import ArgumentParser
import LedgerApp
import LedgerCore
import LedgerRender
import LedgerStore

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

    /// Checks what can be checked before the ledger is opened, so a typo is a usage error
    /// even when the ledger is missing.
    func validate(_ environment: CommandEnvironment) throws {
        _ = try bookingMethod()
        if asOf != nil { _ = try asOfTime(environment) }
        if let currency, AssetSymbol(currency) == nil {
            throw OptionError.notACurrency(currency)
        }
    }

    /// The valuation options, with defaults from the ledger's settings.
    func valuation(store: any SettingsStore, environment: CommandEnvironment, perAccount: Bool) throws
        -> ValuationOptions
    {
        ValuationOptions(
            method: try bookingMethod(), perAccount: perAccount,
            currency: try reportCurrency(store), asOf: try asOfTime(environment)
        )
    }

    func bookingMethod() throws -> BookingMethod {
        guard let method else { return .fifo }
        guard let parsed = BookingMethod(rawValue: method.lowercased()) else {
            throw OptionError.notABookingMethod(method)
        }
        return parsed
    }

    func reportCurrency(_ store: any SettingsStore) throws -> AssetSymbol {
        guard let currency else { return try store.ledgerCurrency() }
        guard let symbol = AssetSymbol(currency) else {
            throw OptionError.notACurrency(currency)
        }
        return symbol
    }

    func asOfTime(_ environment: CommandEnvironment) throws -> Timestamp {
        guard let asOf else { return environment.now }
        if let date = LocalDate.parse(asOf) { return date.startOfDay.adding(seconds: 86_399) }
        switch Timestamp.parse(asOf) {
        case .success(let time): return time
        case .failure(let error): throw OptionValueError.notATime(option: "--as-of", error)
        }
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
