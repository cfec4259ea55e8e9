import LedgerCore

/// What identifies one imported row across imports: the source's own transaction id where the
/// layout has one, else the row's normalised content plus its occurrence among identical rows
/// of the same file (so two genuinely identical rows are both kept, and re-importing the file
/// finds both again).
public enum FingerprintKey: Hashable, Sendable {
    /// `kind` names the id's namespace within the preset (`tx`, `trade`, `ledger`, …).
    case sourceID(kind: String, id: String)
    /// The normalised content; the occurrence index is part of it.
    case content(String)
}

/// One event read from an exchange file, before it has an id or a batch: what a preset
/// produces. The command turns it into a ``LedgerEvent`` with provenance `.imported`.
public struct ImportedEvent: Hashable, Sendable {
    /// The line the row (or the first row of a group) starts on.
    public var line: Int
    public var occurredAt: Timestamp
    public var action: EventAction
    public var fee: AssetAmount?
    public var note: String
    /// The preset that read it (`coinbase`, `kraken`, …), the namespace of its fingerprint.
    public var preset: String
    public var key: FingerprintKey
    /// The price of one unit of the event's main asset that the row states (Coinbase's
    /// `Price at Transaction`), when the layout has one: recorded as an observed price.
    public var spot: Price?
    /// The transaction hash and address a deposit's or withdrawal's row gave (record version
    /// 5). Not part of ``contentText``, so a row's fingerprint is what it was before they were
    /// kept and re-importing a file imported earlier adds nothing.
    public var chain: ChainReference?

    public init(
        line: Int, occurredAt: Timestamp, action: EventAction, fee: AssetAmount? = nil,
        note: String = "", preset: String, key: FingerprintKey
    ) {
        self.line = line
        self.occurredAt = occurredAt
        self.action = action
        self.fee = fee.flatMap { $0.quantity.isZero ? nil : $0 }
        self.note = note
        self.preset = preset
        self.key = key
    }

    /// The event, with the identity and account the caller gives it.
    public func event(id: EventID, recordedAt: Timestamp, account: String, batch: String, fingerprint: String)
        -> LedgerEvent
    {
        LedgerEvent(
            id: id, occurredAt: occurredAt, recordedAt: recordedAt, account: account, action: action,
            fee: fee, note: note, provenance: .imported(batch: batch, fingerprint: ImportFingerprint(fingerprint)),
            chain: chain
        )
    }

    /// The normalised content of the event (time, kind, amounts, fee): the stable part of a
    /// content fingerprint.
    public var contentText: String {
        var probe = LedgerEvent(
            id: EventID(milliseconds: 0, random: (0, 0)), occurredAt: occurredAt, recordedAt: occurredAt,
            account: LedgerEvent.defaultAccount, action: action, fee: fee
        )
        probe.note = ""
        var record = EventRecordV1(probe)
        record.id = ""
        return record.canonicalJSON
    }

    /// The fingerprint of the event, short of its occurrence for content: `PRESET:KIND:ID` for
    /// a source id; `PRESET:row:HASH` for content, where HASH is 128 bits of SHA-256 of the
    /// normalised event (``contentText``). An import makes it on its parsing thread: on the
    /// thread that writes, hashing was a tenth of a 1M-row Binance statement's import.
    public var fingerprintIdentity: String {
        switch key {
        case .sourceID(let kind, let id):
            "\(preset):\(kind):\(id)"
        case .content:
            "\(preset):row:" + ContentDigest.hex(preset + "|" + contentText, length: 32)
        }
    }

    /// The fingerprint the ledger keeps: `identity` (``fingerprintIdentity``) for a source id;
    /// for content `IDENTITY#N`, N the row's occurrence among identical rows (from 0), so that
    /// identical rows of one file are each imported once and found again on a re-import.
    /// `occurrence` is asked only for content.
    public func fingerprint(identity: String, occurrence: () throws -> Int) rethrows -> String {
        guard case .content = key else { return identity }
        return "\(identity)#\(try occurrence())"
    }
}

/// What reading one row (or group of rows) gave.
public enum ImportOutcome: Hashable, Sendable {
    case event(ImportedEvent)
    /// A row that cannot be imported, with the reason (an error: shown as `FILE:LINE: reason`).
    case problem(ImportProblem)
    /// A row read and understood that records nothing: a pending duplicate, an internal move
    /// between the exchange's own wallets, a cancelled order, a "no records" line.
    case ignored(line: Int, reason: String)
}

extension ImportedEvent {
    /// The source name of prices an import records.
    public static let priceSource = "import"

    /// The prices the row shows, in a fiat currency, at the row's time: its stated spot price,
    /// the unit price of a fiat-quoted buy or sell (derived from a total, rounded half-even at
    /// 10⁻¹⁸), the fiat side of a trade over its crypto side, an income's unit value. With
    /// them an event is valued without the network (docs/IMPORT.md).
    public var observedPrices: [PriceObservation] {
        var found: [(AssetSymbol, Price)] = []
        if let spot, let asset = action.primaryAsset, !asset.isFiat { found.append((asset.symbol, spot)) }
        switch action {
        case .buy(let amount, let term), .sell(let amount, let term):
            found.append((amount.asset.symbol, term.unitPrice(for: amount.quantity)))
        case .trade(let given, let received):
            if given.asset.isFiat != received.asset.isFiat {
                let (fiat, crypto) = given.asset.isFiat ? (given, received) : (received, given)
                found.append((crypto.asset.symbol, Price(fiat.quantity / crypto.quantity, fiat.asset.symbol)))
            }
        case .income(let amount, _, let value?):
            found.append((amount.asset.symbol, value.unitPrice(for: amount.quantity)))
        default: break
        }
        var seen = Set<AssetSymbol>()
        return found.compactMap { asset, price in
            guard price.currency.inferredClass == .fiat, asset != price.currency, price.amount.isPositive,
                seen.insert(asset).inserted
            else { return nil }
            return PriceObservation(
                asset: asset, quote: price.currency, observedAt: occurredAt, price: price.amount,
                source: Self.priceSource)
        }
    }
}
