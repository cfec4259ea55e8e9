import LedgerCore
import LedgerStore

/// The use cases behind `ledger add` and `ledger void` (and the server's form and routes):
/// an ``AddInput`` checked into an event and appended, or a void appended, with the held-quantity
/// rule (``HoldingsGuard``) applied under the append's write lock. Ids and times come from the
/// ``AppContext`` (one id, then the times, per event: the order tests' clocks rely on).
///
/// Adding is two steps, ``draft(_:defaultQuote:classifier:classOf:)`` and ``append(_:to:)``, so that a
/// caller can check the input before it opens or creates a ledger; ``add(_:to:)`` (an existing
/// ledger) and ``add(_:creatingIfMissing:market:offline:)`` (the CLI's "created on first use")
/// do both.
public struct EventRecorder: Sendable {
    public let context: AppContext

    public init(context: AppContext) {
        self.context = context
    }

    /// The event `input` describes, not yet stored, and how the symbols new to the ledger got
    /// their classes: every check that needs no ledger, with `defaultQuote` for prices that name
    /// no currency, `classOf` for the class a symbol was last recorded with, and `classifier`
    /// for the others (``SymbolClassifier``). Throws ``AddError``, ``AddWordsError``,
    /// ``OptionValueError`` or ``ClassificationError``.
    public func draft(
        _ input: AddInput, defaultQuote: AssetSymbol, classifier: SymbolClassifier,
        classOf: (AssetSymbol) throws -> AssetClass?
    ) throws -> (event: LedgerEvent, classified: [AssetClassification]) {
        try AddDraft(input: input, context: context).makeEvent(
            defaultQuote: defaultQuote, classOf: classOf, classify: classifier.classify)
    }

    /// Appends `draft` to `events`, refused with ``HoldingsError`` (nothing written) when it
    /// would take out more than an account holds then or leave a later event short. Returns
    /// the event as stored.
    public func append(_ draft: LedgerEvent, to events: any EventStore) throws -> [LedgerEvent] {
        try events.append([draft]) { reader in try HoldingsGuard.check(draft, against: reader) }
    }

    /// Records `input` in an open ledger, quoted by default in its currency setting. A lookup's
    /// answer is cached in the ledger's settings before the append (so a refused append still
    /// saves the next `add` the lookup).
    public func add(_ input: AddInput, to ledger: any BookStores, market: MarketContext, offline: Bool = false) throws
        -> RecordedAdd
    {
        let currency: AssetSymbol = try ledger.settings.ledgerCurrency()
        let classifier = SymbolClassifier(context: market, ledger: ledger, offline: offline)
        let (draft, classified) = try draft(input, defaultQuote: currency, classifier: classifier) {
            try ledger.events.assetClass(of: $0)
        }
        try classifier.remember(classified, in: ledger.settings)
        return RecordedAdd(events: try append(draft, to: ledger.events), classified: classified)
    }

    /// Records `input` in the ledger if it exists; else checks the event against an empty log
    /// and only then creates the ledger (with its currency setting, ``PriceLedger``), so a
    /// refused first event leaves no file behind.
    public func add(
        _ input: AddInput, creatingIfMissing ledger: PriceLedger, market: MarketContext, offline: Bool = false
    )
        throws -> RecordedAdd
    {
        if let existing = ledger.existing { return try add(input, to: existing, market: market, offline: offline) }
        let classifier = SymbolClassifier(context: market, ledger: nil, offline: offline)
        let (draft, classified) = try draft(input, defaultQuote: ledger.currency(), classifier: classifier) { _ in nil }
        try HoldingsGuard.check(draft, against: InMemoryEventStore())
        let store = try ledger.storeForWriting()
        try classifier.remember(classified, in: store.settings)
        return RecordedAdd(events: try append(draft, to: store.events), classified: classified)
    }
}

/// What ``EventRecorder`` recorded: the events as stored, and how each symbol new to the
/// ledger got its class (shown by `add`: `VOO: etf (yahoo: ETF)`).
public struct RecordedAdd {
    public let events: [LedgerEvent]
    public let classified: [AssetClassification]
}
