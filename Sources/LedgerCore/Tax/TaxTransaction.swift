/// One moment the tax rules look at, in the ledger's currency, written down by the replay
/// (``PortfolioFold`` with ``PortfolioState/recordsTax``) in replay order. docs/TAX.md, "Input".
public struct TaxTransaction: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A lot opened: ``TaxTransaction/amount`` is its cost, the acquisition's costs included.
        case acquisition
        /// A lot disposed of: ``TaxTransaction/amount`` is the proceeds after `fee`, the
        /// disposal's own costs.
        case disposal(fee: ExactDecimal)
        /// A quantity that left the ledger without a sale (a withdrawal): it leaves at its cost.
        case removal
        /// A move between two of the user's accounts (a `transfer`, or a linked withdrawal and
        /// deposit) from ``TaxTransaction/account`` to `to`: no gain, no loss; under the US
        /// rules from 2025 the lots move with their basis and dates (docs/TAX.md).
        case transfer(to: String)
        /// Every held quantity × numerator ÷ denominator; cost unchanged. Boxed: splits are
        /// rare, and their two numbers inline made every transaction 16 bytes larger.
        indirect case split(numerator: ExactDecimal, denominator: ExactDecimal)
    }

    // The 16-byte-aligned numbers first: in the order written, padding made each of the
    // replay's million transactions 176 bytes instead of 128.
    public var quantity: ExactDecimal
    /// Cost (acquisition) or proceeds after the fee (disposal); zero otherwise.
    public var amount: ExactDecimal
    public var event: EventID
    public var kind: Kind
    public var time: Timestamp
    public var asset: AssetSymbol
    public var assetClass: AssetClass
    /// False when a price this needed was missing: ``amount`` is then the known part.
    public var complete: Bool
    public var account: String

    public init(
        _ kind: Kind, asset: AssetSymbol, class assetClass: AssetClass, account: String = "",
        quantity: ExactDecimal, amount: ExactDecimal, time: Timestamp, event: EventID, complete: Bool = true
    ) {
        self.kind = kind
        self.asset = asset
        self.assetClass = assetClass
        self.account = account
        self.quantity = quantity
        self.amount = amount
        self.time = time
        self.event = event
        self.complete = complete
    }

    public var date: LocalDate { time.date }

    /// The disposal's own costs (zero for anything but a disposal).
    public var fee: ExactDecimal {
        if case .disposal(let fee) = kind { return fee }
        return .zero
    }

    public var isAcquisition: Bool { kind == .acquisition }
    public var isDisposal: Bool {
        if case .disposal = kind { return true }
        return false
    }
}

/// Income at its value when received (staking, airdrops, mining, interest, dividends).
public struct TaxIncomeRecord: Hashable, Sendable {
    public var kind: IncomeKind
    public var asset: AssetSymbol
    public var account: String
    public var quantity: ExactDecimal
    public var value: ExactDecimal
    public var time: Timestamp
    public var event: EventID
    public var complete: Bool

    public init(
        kind: IncomeKind, asset: AssetSymbol, account: String, quantity: ExactDecimal, value: ExactDecimal,
        time: Timestamp, event: EventID, complete: Bool = true
    ) {
        self.kind = kind
        self.asset = asset
        self.account = account
        self.quantity = quantity
        self.value = value
        self.time = time
        self.event = event
        self.complete = complete
    }
}
