/// A reason an event cannot be recorded, independent of what the ledger already holds.
public enum EventValidationError: Error, Equatable, Sendable {
    case quantityNotPositive(field: String, value: ExactDecimal)
    case negativePrice(ExactDecimal)
    case negativeTotal(ExactDecimal)
    case negativeFee(ExactDecimal)
    case sameAssetBothSides(AssetSymbol)
    case priceInSameAsset(AssetSymbol)
    case sameAccountBothSides(String)
    case invalidAccountName(String)
    case emptyVoidReason
    case outOfRange(field: String)
    case textTooLong(field: String, bytes: Int)
    case chainReferenceOnKind(EventKind)
    case invalidChainReference(field: String, value: String)

    public var message: String {
        switch self {
        case .quantityNotPositive(let field, let value):
            "\(field) must be greater than 0, got \(value)"
        case .negativePrice(let value): "price must be 0 or more, got \(value)"
        case .negativeTotal(let value): "total must be 0 or more, got \(value)"
        case .negativeFee(let value): "fee must be 0 or more, got \(value)"
        case .sameAssetBothSides(let symbol): "a trade needs two different assets, got \(symbol) on both sides"
        case .priceInSameAsset(let symbol): "the price must be in another asset than \(symbol), e.g. @ 30000 USD"
        case .sameAccountBothSides(let account): "a transfer needs two different accounts, got '\(account)' twice"
        case .invalidAccountName(let name):
            "'\(name)' is not a valid account name; use letters, digits, '-', '_', '.' or ':' (e.g. binance, cold-wallet)"
        case .emptyVoidReason: "a void needs a reason; add --reason \"…\""
        case .outOfRange(let field): "\(field) is too large to record"
        case .textTooLong(let field, let bytes):
            "the \(field) is \(bytes) bytes; the most a \(field) may hold is \(LedgerEvent.maximumTextBytes) bytes (4 KiB): shorten it"
        case .chainReferenceOnKind(let kind):
            "a \(kind.rawValue) has no transaction hash or address; only a deposit or a withdrawal keeps them"
        case .invalidChainReference(let field, let value):
            "\(field) '\(value)' is not a transaction hash or address: give 1 to \(ChainReference.maximumLength) printable ASCII characters without spaces"
        }
    }
}

extension LedgerEvent {
    /// The most bytes (UTF-8) a note or a void's reason may hold, checked when an event is
    /// recorded or imported (docs/EVENTS.md, "Files on disk").
    public static let maximumTextBytes = 4096

    /// Checks what can be checked from the event alone: positive quantities, non-negative
    /// prices and fees, distinct sides, valid account names, and (with `limits`, for events
    /// being recorded; `verify` leaves it out for events recorded before there was a limit)
    /// notes and reasons within ``maximumTextBytes``.
    public func validate(limits: Bool = true) -> EventValidationError? {
        if let problem = Self.checkAccount(account) { return problem }
        if limits, let problem = checkTextLengths() { return problem }
        if let fee {
            if fee.quantity.isOverflow { return .outOfRange(field: "fee") }
            if fee.quantity.isNegative { return .negativeFee(fee.quantity) }
        }
        if let chain, let problem = checkChain(chain) { return problem }
        return validateAction()
    }

    /// An on-chain reference: only on a deposit or a withdrawal, and each part a valid text
    /// (also what `verify`'s fast walk holds a record's reference to).
    package func checkChain(_ chain: ChainReference) -> EventValidationError? {
        guard kind == .deposit || kind == .withdraw else { return .chainReferenceOnKind(kind) }
        for (field, value) in [("tx_hash", chain.hash), ("address", chain.address)] {
            if let value, !ChainReference.isValid(value) { return .invalidChainReference(field: field, value: value) }
        }
        return nil
    }

    private func validateAction() -> EventValidationError? {
        switch action {
        case .buy(let amount, let term), .sell(let amount, let term):
            if let problem = Self.checkQuantity(amount.quantity, "quantity") { return problem }
            return Self.checkTerm(term, of: amount)
        case .trade(let given, let received):
            if given.asset.symbol == received.asset.symbol { return .sameAssetBothSides(given.asset.symbol) }
            return Self.checkQuantity(given.quantity, "quantity given")
                ?? Self.checkQuantity(received.quantity, "quantity received")
        case .deposit(let amount), .withdraw(let amount), .fee(let amount):
            return Self.checkQuantity(amount.quantity, "quantity")
        case .transfer(let amount, let destination):
            if let problem = Self.checkAccount(destination) { return problem }
            if destination == account { return .sameAccountBothSides(account) }
            return Self.checkQuantity(amount.quantity, "quantity")
        case .income(let amount, _, let value):
            if let value {
                if value.givenAmount.isOverflow { return .outOfRange(field: "value") }
                if value.givenAmount.isNegative { return .negativePrice(value.givenAmount) }
                if value.quoteAmount(for: amount.quantity).isOverflow { return .outOfRange(field: "quantity × value") }
                // A total's unit value (kept for display) must fit too, as a buy's or a sell's.
                if value.unitPrice(for: amount.quantity).amount.isOverflow {
                    return .outOfRange(field: "total ÷ quantity")
                }
            }
            return Self.checkQuantity(amount.quantity, "quantity")
        case .split: return nil
        case .link(let link):
            if let problem = Self.checkAccount(link.toAccount) { return problem }
            if link.toAccount == account { return .sameAccountBothSides(account) }
            return Self.checkQuantity(link.arrived.quantity, "quantity")
        case .void(_, let reason):
            return reason.allSatisfy(\.isWhitespace) ? .emptyVoidReason : nil
        }
    }

    /// A unit price or a total: 0 or more, in another asset, and both the amount the quote
    /// moves by and the unit price (derived from a total for display) within range.
    private static func checkTerm(_ term: PriceTerm, of amount: AssetAmount) -> EventValidationError? {
        let field = term.total == nil ? "price" : "total"
        if term.givenAmount.isOverflow { return .outOfRange(field: field) }
        if term.givenAmount.isNegative {
            return term.total == nil ? .negativePrice(term.givenAmount) : .negativeTotal(term.givenAmount)
        }
        if term.quote == amount.asset.symbol { return .priceInSameAsset(term.quote) }
        // What the quote moves by must fit too, or every balance it touches would overflow.
        if term.quoteAmount(for: amount.quantity).isOverflow { return .outOfRange(field: "quantity × price") }
        if term.unitPrice(for: amount.quantity).amount.isOverflow { return .outOfRange(field: "total ÷ quantity") }
        return nil
    }

    private func checkTextLengths() -> EventValidationError? {
        if note.utf8.count > Self.maximumTextBytes { return .textTooLong(field: "note", bytes: note.utf8.count) }
        if case .void(_, let reason) = action, reason.utf8.count > Self.maximumTextBytes {
            return .textTooLong(field: "reason", bytes: reason.utf8.count)
        }
        return nil
    }

    private static func checkQuantity(_ value: ExactDecimal, _ field: String) -> EventValidationError? {
        if value.isOverflow { return .outOfRange(field: field) }
        return value.isPositive ? nil : .quantityNotPositive(field: field, value: value)
    }

    /// Account names: 1–64 of letters, digits, `-`, `_`, `.`, `:`.
    static func checkAccount(_ name: String) -> EventValidationError? {
        let allowed = name.utf8.allSatisfy {
            $0.isASCIIAlphanumeric || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_")
                || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ":")
        }
        return allowed && (1...64).contains(name.utf8.count) ? nil : .invalidAccountName(name)
    }
}
