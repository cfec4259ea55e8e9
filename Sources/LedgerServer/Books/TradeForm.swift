import LedgerApp
import LedgerCore
import LedgerRender

/// The add page's form as people know it from trading apps: kind, asset, quantity, price *or*
/// total (the other computed), fee, date and time, account, note. ``input()`` turns it into the
/// words `ledger add` reads (``AddForm``), so LedgerApp's recorder checks it as the CLI's; a
/// trade or a split, which have no such fields, is written in the Words field of "Other kinds".
/// The fields it shares with ``AddForm`` (kind, words and the options) are that form's, read
/// and written through it (`form.note` is `form.add.note`).
@dynamicMemberLookup
struct TradeForm: Equatable {
    /// Kind, words, fee, date, account, from, to, income kind, class and note.
    var add = AddForm()
    var asset = ""
    var quantity = ""
    var price = ""
    var total = ""
    /// The currency of price and total (empty: the ledger's).
    var quote = ""

    /// The kinds the form's own fields describe; the others need Words.
    static let fielded: Set<EventKind> = [.buy, .sell, .deposit, .withdraw, .fee, .income, .transfer]

    init() {}

    init(_ fields: QueryFields) {
        add = AddForm(fields)
        if add.kind.isEmpty { add.kind = "buy" }
        asset = fields.text("asset")
        quantity = fields.text("quantity")
        price = fields.text("price")
        total = fields.text("total")
        quote = fields.text("quote")
    }

    subscript<Value>(dynamicMember field: WritableKeyPath<AddForm, Value>) -> Value {
        get { add[keyPath: field] }
        set { add[keyPath: field] = newValue }
    }

    /// What the recorder is given, or what to fill in first.
    func input() throws(TradeFormError) -> AddInput {
        var form = add
        form.date = Self.instant(add.date)
        form.words = try AddForm.split(add.words).isEmpty ? fieldWords().joined(separator: " ") : add.words
        return form.input
    }

    /// `ASSET QUANTITY [@ PRICE | @@ TOTAL] [QUOTE]` from the fields.
    private func fieldWords() throws(TradeFormError) -> [String] {
        guard let kind = EventKind(rawValue: self.kind.lowercased()), Self.fielded.contains(kind) else {
            throw .needsWords(self.kind.lowercased())
        }
        let (asset, quantity) = (Self.word(self.asset).uppercased(), Self.word(self.quantity))
        guard !asset.isEmpty else { throw .missingAsset }
        guard !quantity.isEmpty else { throw .missingQuantity(kind) }
        guard kind == .buy || kind == .sell else { return [asset, quantity] }
        let (price, total) = (Self.word(self.price), Self.word(self.total))
        let amount: [String]
        switch (price.isEmpty, total.isEmpty) {
        case (true, true): throw .missingPriceOrTotal(kind)
        case (false, false): throw .priceAndTotal
        case (false, true): amount = ["@", price]
        case (true, false): amount = ["@@", total]
        }
        let quote = Self.word(self.quote).uppercased()
        return [asset, quantity] + amount + (quote.isEmpty ? [] : [quote])
    }

    /// The price from the total or the total from the price, as the form shows it beside the
    /// other: exact, nil while either number is missing or not a number.
    var computed: (label: String, value: String)? {
        guard let quantity = ExactDecimal(Self.word(self.quantity)), !quantity.isZero else { return nil }
        if let price = ExactDecimal(Self.word(self.price)), Self.word(self.total).isEmpty {
            return ("total", NumberFormat.quantity(quantity * price))
        }
        if let total = ExactDecimal(Self.word(self.total)), Self.word(self.price).isEmpty {
            return ("price", NumberFormat.quantity(total / quantity))
        }
        return nil
    }

    /// A browser's `datetime-local` value (`2025-01-02T14:30`, seconds optional) read as UTC;
    /// anything else as typed (`2025-01-02`, an instant with its offset).
    static func instant(_ text: String) -> String {
        let value = word(text)
        let bytes = Array(value.utf8)
        guard bytes.count == 16 || bytes.count == 19, bytes[10] == UInt8(ascii: "T") else { return text }
        return value + (bytes.count == 16 ? ":00Z" : "Z")
    }

    private static func word(_ text: String) -> String { AddForm.split(text).joined(separator: " ") }
}

/// What the form lacks before the recorder is asked: the field, and what to enter there.
enum TradeFormError: UserFacingError, Equatable {
    case missingAsset
    case missingQuantity(EventKind)
    case missingPriceOrTotal(EventKind)
    case priceAndTotal
    case needsWords(String)

    var category: ErrorCategory { .usage }

    var description: String {
        switch self {
        case .missingAsset: "Asset: enter the symbol of the coin or stock, such as BTC or AAPL"
        case .missingQuantity(let kind): "Quantity: enter how many units this \(kind) moves, such as 0.1"
        case .missingPriceOrTotal(let kind):
            "Price or Total: enter the price of one unit, or the total of the \(kind); the other is computed"
        case .priceAndTotal: "Price and Total: enter one of them and leave the other empty; it is computed"
        case .needsWords(let kind):
            "Words: a \(kind) has no fields of its own; write it under Other kinds, such as 1 ETH for 0.05 BTC or AAPL 4:1"
        }
    }
}
