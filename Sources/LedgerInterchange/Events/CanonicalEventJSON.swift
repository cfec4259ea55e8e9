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
        out.append("{\"version\":")
        EventRecordV1.integer(Int64(event.schemaVersion), &out)
        out.append(",\"seq\":")
        EventRecordV1.integer(event.sequence, &out)
        Self.id(",\"id\":\"", event.id, &out)
        Self.text(",\"kind\":\"", event.kind.rawValue, &out)
        out.append(",\"occurred_at\":")
        occurred.write(event.occurredAt.secondsSinceEpoch, to: &out)
        out.append(",\"recorded_at\":")
        recorded.write(event.recordedAt.secondsSinceEpoch, to: &out)
        Self.text(",\"account\":\"", event.account, &out)
        Self.action(event.action, &out)
        if let hash = event.chain?.hash { Self.text(",\"tx_hash\":\"", hash, &out) }
        if let address = event.chain?.address { Self.text(",\"address\":\"", address, &out) }
        if let fee = event.fee {
            Self.decimal(",\"fee\":\"", fee.quantity, &out)
            Self.text(",\"fee_asset\":\"", fee.asset.symbol.text, &out)
            Self.text(",\"fee_class\":\"", fee.asset.assetClass.rawValue, &out)
        }
        Self.text(",\"note\":\"", event.note, &out)
        switch event.provenance {
        case .manual:
            Self.text(",\"source\":\"", "manual", &out)
        case .imported(let batch, let fingerprint):
            // Empty means unknown, and the record leaves it out.
            Self.text(",\"source\":\"", "import", &out)
            if !batch.isEmpty { Self.text(",\"batch\":\"", batch, &out) }
            // From its bytes: its `text` is a new string each time (an allocation past 15 bytes).
            if !fingerprint.isEmpty { fingerprint.withUTF8 { Self.text(",\"fingerprint\":\"", utf8: $0, &out) } }
        }
        out.append(UInt8(ascii: "}"))
    }

    /// The action's fields, `asset` to `link_deposit` in the canonical order (as
    /// `EventRecordV1.fill(from:)` sets them).
    private static func action(_ action: EventAction, _ out: inout ByteCursor) {
        switch action {
        case .buy(let amount, let term), .sell(let amount, let term):
            main(amount, &out)
            price(term, for: amount.quantity, &out)
        case .trade(let given, let received):
            main(given, &out)
            text(",\"counter_asset\":\"", received.asset.symbol.text, &out)
            text(",\"counter_class\":\"", received.asset.assetClass.rawValue, &out)
            decimal(",\"counter_quantity\":\"", received.quantity, &out)
        case .deposit(let amount), .withdraw(let amount), .fee(let amount):
            main(amount, &out)
        case .transfer(let amount, let destination):
            main(amount, &out)
            text(",\"to_account\":\"", destination, &out)
        case .income(let amount, let kind, let value):
            main(amount, &out)
            if let value { price(value, for: amount.quantity, &out) }
            text(",\"income_kind\":\"", kind.rawValue, &out)
        case .split(let asset, let ratio):
            text(",\"asset\":\"", asset.symbol.text, &out)
            text(",\"asset_class\":\"", asset.assetClass.rawValue, &out)
            text(",\"split_ratio\":\"", ratio.description, &out)
        case .void(let target, let why):
            id(",\"void_target\":\"", target, &out)
            text(",\"reason\":\"", why, &out)
        case .link(let link):
            main(link.arrived, &out)
            text(",\"to_account\":\"", link.toAccount, &out)
            text(",\"reason\":\"", link.rule.rawValue, &out)
            id(",\"link_withdrawal\":\"", link.withdrawal, &out)
            id(",\"link_deposit\":\"", link.deposit, &out)
        }
    }

    private static func main(_ amount: AssetAmount, _ out: inout ByteCursor) {
        text(",\"asset\":\"", amount.asset.symbol.text, &out)
        text(",\"asset_class\":\"", amount.asset.assetClass.rawValue, &out)
        decimal(",\"quantity\":\"", amount.quantity, &out)
    }

    /// `price` and `quote` (the unit price, derived from a total), then the total if given.
    private static func price(_ term: PriceTerm, for quantity: ExactDecimal, _ out: inout ByteCursor) {
        let unit = term.unitPrice(for: quantity)
        decimal(",\"price\":\"", unit.amount, &out)
        text(",\"quote\":\"", unit.currency.text, &out)
        if let total = term.total { decimal(",\"total\":\"", total, &out) }
    }

    /// `key` ends with the value's opening quote (one piece less to append for each field).
    /// The text's bytes are borrowed where it keeps them in one piece (every native string),
    /// without the copy `withUTF8` needs of a `var`.
    private static func text(_ key: StaticString, _ value: String, _ out: inout ByteCursor) {
        guard value.utf8.withContiguousStorageIfAvailable({ text(key, utf8: $0, &out) }) == nil else { return }
        var value = value
        value.withUTF8 { text(key, utf8: $0, &out) }
    }

    private static func text(_ key: StaticString, utf8 bytes: UnsafeBufferPointer<UInt8>, _ out: inout ByteCursor) {
        out.append(key)
        guard JSONWriter.needsEscaping(bytes) else {
            out.append(bytes)
            out.append(UInt8(ascii: "\""))
            return
        }
        // The escaped string, with its own quotes.
        out.removeLast(1)
        JSONWriter.appendString(utf8: bytes, to: &out)
    }

    /// An id's digits (Crockford's base 32) need no escaping, and no string is made.
    private static func id(_ key: StaticString, _ value: EventID, _ out: inout ByteCursor) {
        out.append(key)
        value.write(textTo: &out)
        out.append(UInt8(ascii: "\""))
    }

    /// A decimal's text needs no escaping: its digits, sign and point, or `overflow`.
    private static func decimal(_ key: StaticString, _ value: ExactDecimal, _ out: inout ByteCursor) {
        out.append(key)
        value.write(formattedTo: &out)
        out.append(UInt8(ascii: "\""))
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
