import LedgerCore
import LedgerStore

/// The use cases behind `ledger add` and `ledger void` (and the server's form and routes):
/// an ``AddInput`` checked into an event and appended, or a void appended, with the held-quantity
/// rule (``HoldingsGuard``) applied under the append's write lock. Ids and times come from the
/// ``AppContext`` (one id, then the times, per event: the order tests' clocks rely on).
///
/// Adding is two steps, ``draft(_:defaultQuote:classOf:)`` and ``append(_:to:)``, so that a
/// caller can check the input before it opens or creates a ledger; ``add(_:to:)`` (an existing
/// ledger) and ``add(_:creatingIfMissing:)`` (the CLI's "created on first use") do both.
public struct EventRecorder: Sendable {
    public let context: AppContext

    public init(context: AppContext) {
        self.context = context
    }

    /// The event `input` describes, not yet stored: every check that needs no ledger, with
    /// `defaultQuote` for prices that name no currency and `classOf` for the class a symbol
    /// was last recorded with (nil: inferred). Throws ``AddError``, ``AddWordsError`` or
    /// ``OptionValueError``.
    public func draft(
        _ input: AddInput, defaultQuote: AssetSymbol, classOf: (AssetSymbol) throws -> AssetClass?
    ) throws -> LedgerEvent {
        try AddDraft(input: input, context: context).makeEvent(defaultQuote: defaultQuote, classOf: classOf)
    }

    /// Appends `draft` to `events`, refused with ``HoldingsError`` (nothing written) when it
    /// would take out more than an account holds then or leave a later event short. Returns
    /// the event as stored.
    public func append(_ draft: LedgerEvent, to events: any EventStore) throws -> [LedgerEvent] {
        try events.append([draft]) { reader in try HoldingsGuard.check(draft, against: reader) }
    }

    /// Records `input` in a ledger's `events`, quoted by default in its currency setting.
    public func add(_ input: AddInput, events: any EventStore, settings: any SettingsStore) throws -> [LedgerEvent] {
        let currency: AssetSymbol = try settings.ledgerCurrency()
        let draft = try draft(input, defaultQuote: currency) { try events.assetClass(of: $0) }
        return try append(draft, to: events)
    }

    /// Records `input` in an open ledger.
    public func add(_ input: AddInput, to ledger: Ledger) throws -> [LedgerEvent] {
        try add(input, events: ledger.events, settings: ledger.settings)
    }

    /// Records `input` in the ledger if it exists; else checks the event against an empty log
    /// and only then creates the ledger (with its currency setting, ``PriceLedger``), so a
    /// refused first event leaves no file behind.
    public func add(_ input: AddInput, creatingIfMissing ledger: PriceLedger) throws -> [LedgerEvent] {
        if let existing = ledger.existing { return try add(input, to: existing) }
        let draft = try draft(input, defaultQuote: ledger.currency()) { _ in nil }
        try HoldingsGuard.check(draft, against: InMemoryEventStore())
        return try append(draft, to: ledger.storeForWriting().events)
    }
}
