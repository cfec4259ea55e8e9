import LedgerCore

/// The canonical JSON of `EventRecordV1(event)` (what the hash chain covers,
/// ``EventRecordV1/appendCanonicalJSON(to:)``), written straight from the event through a
/// ``ByteCursor``: no record of strings is made, decimals and ids are written as bytes, and the
/// last two times' text is kept. The chain walk's fast path compares it with the JSON of each
/// stored row's columns, for every event `verify` reads (making the record first was a fifth of
/// `verify`; appending its short pieces to an array, 14 % of it: docs/PERFORMANCE.md). A
/// seeded test holds the two to the same bytes for every kind and field.
public struct CanonicalEventJSON {
    private var occurred = CanonicalTimeText()
    private var recorded = CanonicalTimeText()

    public init() {}

    /// The most bytes ``write(_:to:)`` writes for an event whose strings (account, note,
    /// symbols, the provenance's and on-chain texts, …) hold `textBytes` bytes of UTF-8 in
    /// all: six for each (an escaped control character is `\u00XX`), and ``fixedBytes`` for
    /// the rest.
    public static func bound(textBytes: Int) -> Int { fixedBytes + 6 * textBytes }

    /// What an event's JSON takes besides its strings' bytes, with room to spare: the keys
    /// (~450 bytes), two integers (20 each), two times (at most 66 each), four ids (28), five
    /// decimals (43 each), the kind's and classes' names and every string's quotes.
    public static let fixedBytes = 2048

    /// Writes the canonical JSON of `EventRecordV1(event)` to `out`, which has room for
    /// ``bound(textBytes:)`` (the cursor stops the process rather than write past it).
    public mutating func write(_ event: LedgerEvent, to out: inout ByteCursor) {
        var json = CanonicalJSONOutput(cursor: out)
        encode(event, to: &json)
        out = json.cursor
    }

    /// The event's fields in the canonical order, each handed to `out` (written as JSON, or
    /// held to a stored row's columns: ``CanonicalEventMatch``). The one description of which
    /// fields an event has, and in which order.
    mutating func encode<Out: CanonicalEventOutput>(_ event: LedgerEvent, to out: inout Out) {
        out.header(version: Int64(event.schemaVersion), sequence: event.sequence)
        out.id(.id, event.id)
        Self.text(.kind, event.kind.rawValue, &out)
        out.times(occurred: event.occurredAt.secondsSinceEpoch, recorded: event.recordedAt.secondsSinceEpoch, &self)
        Self.text(.account, event.account, &out)
        Self.action(event.action, &out)
        if let hash = event.chain?.hash { Self.text(.txHash, hash, &out) }
        if let address = event.chain?.address { Self.text(.address, address, &out) }
        if let fee = event.fee {
            out.decimal(.fee, fee.quantity)
            Self.text(.feeAsset, fee.asset.symbol.text, &out)
            Self.text(.feeClass, fee.asset.assetClass.rawValue, &out)
        }
        Self.text(.note, event.note, &out)
        switch event.provenance {
        case .manual:
            Self.text(.source, "manual", &out)
        case .imported(let batch, let fingerprint):
            // Empty means unknown, and the record leaves it out.
            Self.text(.source, "import", &out)
            if !batch.isEmpty { Self.text(.batch, batch, &out) }
            // From its bytes: its `text` is a new string each time (an allocation past 15 bytes).
            if !fingerprint.isEmpty { fingerprint.withUTF8 { out.text(.fingerprint, $0) } }
        }
        out.end()
    }

    /// The time fields' JSON strings, kept for the last values (``CanonicalJSONOutput``).
    mutating func timeText(occurred: Int64) -> [UInt8] { self.occurred.text(occurred) }
    mutating func timeText(recorded: Int64) -> [UInt8] { self.recorded.text(recorded) }

    /// The action's fields, `asset` to `link_deposit` in the canonical order (as
    /// `EventRecordV1.fill(from:)` sets them).
    private static func action<Out: CanonicalEventOutput>(_ action: EventAction, _ out: inout Out) {
        switch action {
        case .buy(let amount, let term), .sell(let amount, let term):
            main(amount, &out)
            price(term, for: amount.quantity, &out)
        case .trade(let given, let received):
            main(given, &out)
            text(.counterAsset, received.asset.symbol.text, &out)
            text(.counterClass, received.asset.assetClass.rawValue, &out)
            out.decimal(.counterQuantity, received.quantity)
        case .deposit(let amount), .withdraw(let amount), .fee(let amount):
            main(amount, &out)
        case .transfer(let amount, let destination):
            main(amount, &out)
            text(.toAccount, destination, &out)
        case .income(let amount, let kind, let value):
            main(amount, &out)
            if let value { price(value, for: amount.quantity, &out) }
            text(.incomeKind, kind.rawValue, &out)
        case .split(let asset, let ratio):
            text(.asset, asset.symbol.text, &out)
            text(.assetClass, asset.assetClass.rawValue, &out)
            text(.splitRatio, ratio.description, &out)
        case .void(let target, let why):
            out.id(.voidTarget, target)
            text(.reason, why, &out)
        case .link(let link):
            main(link.arrived, &out)
            text(.toAccount, link.toAccount, &out)
            text(.reason, link.rule.rawValue, &out)
            out.id(.linkWithdrawal, link.withdrawal)
            out.id(.linkDeposit, link.deposit)
        }
    }

    private static func main<Out: CanonicalEventOutput>(_ amount: AssetAmount, _ out: inout Out) {
        text(.asset, amount.asset.symbol.text, &out)
        text(.assetClass, amount.asset.assetClass.rawValue, &out)
        out.decimal(.quantity, amount.quantity)
    }

    /// `price` and `quote` (the unit price, derived from a total), then the total if given.
    private static func price<Out: CanonicalEventOutput>(
        _ term: PriceTerm, for quantity: ExactDecimal, _ out: inout Out
    ) {
        let unit = term.unitPrice(for: quantity)
        out.decimal(.price, unit.amount)
        text(.quote, unit.currency.text, &out)
        if let total = term.total { out.decimal(.total, total) }
    }

    /// The text's bytes are borrowed where it keeps them in one piece (every native string),
    /// without the copy `withUTF8` needs of a `var`.
    private static func text<Out: CanonicalEventOutput>(_ field: CanonicalField, _ value: String, _ out: inout Out) {
        guard value.utf8.withContiguousStorageIfAvailable({ out.text(field, $0) }) == nil else { return }
        var value = value
        value.withUTF8 { out.text(field, $0) }
    }
}

/// A time field's JSON string (RFC 3339, as the record writes it), kept for the last value:
/// an import gives its events one `recorded_at`, and neighbours often share an `occurred_at`.
public struct CanonicalTimeText {
    private var seconds: Int64?
    private var json: [UInt8] = []

    public init() {}

    /// Writes the JSON string of `value` (at most ``Timestamp/descriptionMaxBytes`` + 2 bytes).
    public mutating func write(_ value: Int64, to out: inout ByteCursor) {
        _ = text(value)
        json.withUnsafeBufferPointer { out.append($0) }
    }

    /// The JSON string of `value` (its quotes included), made only when it is not the last.
    public mutating func text(_ value: Int64) -> [UInt8] {
        if seconds != value {
            json.removeAll(keepingCapacity: true)
            JSONWriter.appendString(Timestamp(secondsSinceEpoch: value).description, to: &json)
            seconds = value
        }
        return json
    }
}
