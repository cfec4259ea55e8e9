/// Which country's rules a tax report applies (docs/TAX.md).
public enum TaxRules: String, CaseIterable, Sendable {
    case us, uk, de

    public static var list: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The currency these rules file in.
    public var filingCurrency: String {
        switch self {
        case .us: "USD"
        case .uk: "GBP"
        case .de: "EUR"
        }
    }
}

/// What a tax report is asked to compute besides the rules.
public struct TaxOptions: Hashable, Sendable {
    /// The US standing instruction (FIFO, LIFO or HIFO); the UK and German rules fix their own.
    public var method: BookingMethod
    /// Applies the wash-sale rule to crypto too (it is not subject to it).
    public var washSalesForCrypto: Bool

    public init(method: BookingMethod = .fifo, washSalesForCrypto: Bool = false) {
        self.method = method
        self.washSalesForCrypto = washSalesForCrypto
    }
}
