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

    /// US: one pool across accounts in every year, as before 2025 (for comparison with
    /// calculators that do not keep basis per wallet; not the rule from 2025).
    public var universalBasis: Bool
    /// US: the capital loss limit of married filing separately ($1,500, not $3,000).
    public var marriedFilingSeparately: Bool

    public init(
        method: BookingMethod = .fifo, washSalesForCrypto: Bool = false, universalBasis: Bool = false,
        marriedFilingSeparately: Bool = false
    ) {
        self.method = method
        self.washSalesForCrypto = washSalesForCrypto
        self.universalBasis = universalBasis
        self.marriedFilingSeparately = marriedFilingSeparately
    }
}
