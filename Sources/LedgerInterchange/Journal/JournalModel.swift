import LedgerCore

/// The two plain-text accounting formats `ledger export` writes.
public enum JournalFormat: String, CaseIterable, Sendable {
    case beancount
    /// ledger-cli (`ledger -f FILE bal`).
    case ledger
}

/// The lot a posting adds to or takes from: its unit cost and acquisition date. Written
/// identically on the augmentation and every later reduction, so beancount matches lots by
/// exact (cost, date).
public struct JournalLot: Hashable, Sendable {
    public let unitCost: ExactDecimal
    public let currency: AssetSymbol
    public let acquired: LocalDate
}

/// One posting: an account, an amount, and optionally a lot, a unit price (`@`, shown on
/// sales; it does not weigh in the balance when there is a lot) or a total value (`@@`, for
/// fiat in another currency than the ledger's, so the transaction balances in one currency).
public struct JournalPosting: Hashable, Sendable {
    public let account: String
    public let quantity: ExactDecimal
    public let symbol: AssetSymbol
    public var lot: JournalLot?
    public var unitPrice: Price?
    public var totalValue: Price?

    public init(
        account: String, quantity: ExactDecimal, symbol: AssetSymbol, lot: JournalLot? = nil,
        unitPrice: Price? = nil, totalValue: Price? = nil
    ) {
        self.account = account
        self.quantity = quantity
        self.symbol = symbol
        self.lot = lot
        self.unitPrice = unitPrice
        self.totalValue = totalValue
    }
}

/// One event as a balanced transaction.
public struct JournalTransaction: Hashable, Sendable {
    public let date: LocalDate
    /// The event's note, or a one-line summary of it.
    public let narration: String
    public let eventID: String
    public let sequence: Int64
    public let postings: [JournalPosting]
}

/// Everything a journal file holds, names already mapped to the target format's rules.
public struct JournalDocument: Sendable {
    public let currency: AssetSymbol
    /// What the lots were booked with (average cost is exported as FIFO lots).
    public let method: BookingMethod
    /// Each account with the date of its first posting.
    public let accounts: [(name: String, opened: LocalDate)]
    /// Each commodity with the date it first appears (in a posting or a price).
    public let commodities: [(symbol: AssetSymbol, first: LocalDate)]
    public let prices: [PriceObservation]
    public let transactions: [JournalTransaction]
    /// The largest sum of lot quantities in one transaction: the rounding of per-unit costs
    /// (at most half a unit of 10⁻¹⁸ per unit of quantity) grows with it.
    public let largestQuantity: ExactDecimal

    /// The balancing tolerance the journal declares: a power of ten at least ten times the
    /// largest rounding any transaction can carry, and at least 10⁻⁹.
    public var tolerance: ExactDecimal {
        let bound = largestQuantity * ExactDecimal(units: 10)
        var tolerance = ExactDecimal(units: 1_000_000_000)
        while tolerance < bound { tolerance = tolerance * ExactDecimal(10) }
        return tolerance
    }
}
