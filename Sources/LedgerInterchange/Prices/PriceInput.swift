import LedgerCore

/// One price as a person wrote it, on the command line (`ledger prices set`) or in a row of
/// a price file: checked and turned into a ``PriceObservation``, or refused with one sentence.
public struct PriceInput: Sendable {
    /// How messages name the date and currency: options on the command line, columns in a file.
    public struct Labels: Sendable {
        public let date: String
        public let currency: String
        /// Where another currency would be given: "with --currency", "in the currency column".
        public let otherCurrency: String

        public static let commandLine = Labels(date: "--date", currency: "--currency", otherCurrency: "with --currency")
        public static let file = Labels(date: "date", currency: "currency", otherCurrency: "in the currency column")
        /// The server's price form and its API (`date`, `currency` fields).
        public static let form = Labels(date: "Date", currency: "Currency", otherCurrency: "in the Currency field")
    }

    public var asset: String
    public var price: String
    /// Nil or empty: the default date.
    public var date: String?
    /// Nil or empty: the default quote.
    public var currency: String?

    public init(asset: String, price: String, date: String? = nil, currency: String? = nil) {
        self.asset = asset
        self.price = price
        self.date = date
        self.currency = currency
    }

    /// The observation, or why not: a symbol that is not one, a price that is not an exact
    /// number of 0 or more, a date that is not one, or an asset priced in itself.
    public func observation(
        defaultQuote: AssetSymbol, defaultDate: Timestamp, source: String, labels: Labels
    ) -> Result<PriceObservation, InputError> {
        do throws(InputError) {
            let symbol = try Self.symbol(asset)
            let value = try Self.value(price)
            let observedAt = try Self.timestamp(date, labels) ?? defaultDate
            let quote = try Self.quote(currency, labels) ?? defaultQuote
            guard quote != symbol else {
                throw InputError(
                    "a price of \(symbol) in \(quote) is always 1; give it in another currency \(labels.otherCurrency)")
            }
            return .success(
                PriceObservation(asset: symbol, quote: quote, observedAt: observedAt, price: value, source: source))
        } catch {
            return .failure(error)
        }
    }

    private static func symbol(_ text: String) throws(InputError) -> AssetSymbol {
        guard !text.isEmpty else { throw InputError("the asset is missing; give a symbol such as BTC") }
        guard let symbol = AssetSymbol(text) else {
            throw InputError("'\(text)' is not an asset symbol; use letters and digits such as BTC, 1INCH or AAPL")
        }
        return symbol
    }

    private static func value(_ text: String) throws(InputError) -> ExactDecimal {
        let value = try DecimalInput.parse(text, what: "price").get()
        guard !value.isNegative else { throw InputError("price must be 0 or more, got \(value)") }
        return value
    }

    private static func timestamp(_ text: String?, _ labels: Labels) throws(InputError) -> Timestamp? {
        guard let text, !text.isEmpty else { return nil }
        switch Timestamp.parse(text) {
        case .success(let time): return time
        case .failure(let error): throw InputError("\(labels.date) \(error.message)")
        }
    }

    private static func quote(_ text: String?, _ labels: Labels) throws(InputError) -> AssetSymbol? {
        guard let text, !text.isEmpty else { return nil }
        guard let symbol = AssetSymbol(text) else {
            throw InputError(
                "\(labels.currency) '\(text)' is not a currency code; use a code such as USD, EUR or GBP")
        }
        return symbol
    }
}
