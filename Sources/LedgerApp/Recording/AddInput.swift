import LedgerCore

/// One event to record, as text: what `ledger add` takes from its command line, and what a form
/// or a JSON body can carry. Nothing is checked here; ``EventRecorder`` turns it into an event
/// or refuses it with the sentence the CLI prints.
public struct AddInput: Sendable, Equatable {
    /// KIND and its words, one word an element: `["buy", "BTC", "0.1", "@", "30000"]`.
    public var words: [String]
    /// The fee: `["5"]` (in the quote currency or the event's own asset) or `["0.0001", "BTC"]`.
    public var fee: [String]
    /// When it happened (`YYYY-MM-DD`, an instant, or one with an offset); nil is now.
    public var date: String?
    public var account: String
    /// For transfers: the account the asset leaves (nil: ``account``).
    public var from: String?
    /// For transfers: the account the asset arrives in.
    public var to: String?
    /// For income: one of ``IncomeKind`` (nil: other).
    public var incomeKind: String?
    /// One of ``AssetClass`` (nil: as recorded before, else classified by ``SymbolClassifier``).
    public var assetClass: String?
    public var note: String

    public init(
        words: [String], fee: [String] = [], date: String? = nil, account: String = LedgerEvent.defaultAccount,
        from: String? = nil, to: String? = nil, incomeKind: String? = nil, assetClass: String? = nil, note: String = ""
    ) {
        self.words = words
        self.fee = fee
        self.date = date
        self.account = account
        self.from = from
        self.to = to
        self.incomeKind = incomeKind
        self.assetClass = assetClass
        self.note = note
    }
}
