import LedgerCore
import LedgerStore

/// The report options as text (`--as-of`, `--method`, `--currency`, and `report --period`):
/// what `ledger portfolio`, `gains`, `allocation` and `report` take from their command line and
/// the server from a query string, checked into ``ValuationOptions`` with the CLI's messages.
public struct ValuationQuery: Sendable, Equatable {
    public var asOf: String?
    public var method: String?
    public var currency: String?

    public init(asOf: String? = nil, method: String? = nil, currency: String? = nil) {
        self.asOf = asOf
        self.method = method
        self.currency = currency
    }

    /// Checks what can be checked before the ledger is opened, so a typo is a usage error
    /// even when the ledger is missing.
    public func validate() throws {
        _ = try bookingMethod()
        _ = try givenAsOf()
        if let currency, AssetSymbol(currency) == nil { throw AppError.currencyOption(currency) }
    }

    /// The valuation options, with defaults from the ledger's settings.
    /// `now` is read only when no as-of is given.
    public func valuation(settings: any SettingsStore, now: @autoclosure () -> Timestamp, perAccount: Bool) throws
        -> ValuationOptions
    {
        try valuation(ledgerCurrency: try settings.ledgerCurrency(), now: now(), perAccount: perAccount)
    }

    /// The valuation options, `ledgerCurrency` read only when no `--currency` is given and
    /// `now` only when no as-of is.
    public func valuation(
        ledgerCurrency: @autoclosure () throws -> AssetSymbol, now: @autoclosure () -> Timestamp, perAccount: Bool
    ) throws -> ValuationOptions {
        ValuationOptions(
            method: try bookingMethod(), perAccount: perAccount, currency: try reportCurrency(ledgerCurrency()),
            asOf: try asOfTime(now: now()))
    }

    public func bookingMethod() throws -> BookingMethod {
        guard let method else { return .fifo }
        guard let parsed = BookingMethod(rawValue: method.lowercased()) else {
            throw OptionValueError.notABookingMethod(method)
        }
        return parsed
    }

    /// `--currency`, else `ledgerCurrency` (read only then).
    public func reportCurrency(_ ledgerCurrency: @autoclosure () throws -> AssetSymbol) throws -> AssetSymbol {
        guard let currency else { return try ledgerCurrency() }
        guard let symbol = AssetSymbol(currency) else { throw AppError.currencyOption(currency) }
        return symbol
    }

    /// `--as-of`: a date (its end, UTC) or an instant; nil is `now` (read only then).
    public func asOfTime(now: @autoclosure () -> Timestamp) throws -> Timestamp {
        try givenAsOf() ?? now()
    }

    /// The as-of given, or nil.
    public func givenAsOf() throws -> Timestamp? {
        guard let asOf else { return nil }
        if let date = LocalDate.parse(asOf) { return date.startOfDay.adding(seconds: 86_399) }
        switch Timestamp.parse(asOf) {
        case .success(let time): return time
        case .failure(let error): throw OptionValueError.notATime(option: "--as-of", error)
        }
    }

    /// `report --period`: day, week, month, quarter, year or all.
    public static func period(_ text: String) throws -> ReportPeriodKind {
        guard let kind = ReportPeriodKind(rawValue: text.lowercased()) else {
            throw OptionValueError.notAPeriod(text)
        }
        return kind
    }
}
