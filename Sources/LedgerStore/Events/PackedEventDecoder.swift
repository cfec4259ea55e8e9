import LedgerCore

/// Decodes ``PackedEvent`` bytes borrowed from SQLite, interning symbols and accounts (a
/// ledger has few of them, and each would otherwise be a new string per row).
final class PackedEventDecoder {
    /// Unchecked: a decoder is used by one thread at a time, and the run-time exclusivity
    /// check of each access (five a row) was ~3 % of a cold replay (docs/PERFORMANCE.md).
    @exclusivity(unchecked) private var interner = ReplayInterner()
    /// The accounts of the events made for the fold (``foldEvent(from:)``), by index.
    @exclusivity(unchecked) private var names = ReplayNames()
    /// ``PackedEvent``'s code tables, held here: a `static let` is reached through `swift_once`
    /// on every access, five a replayed row (docs/PERFORMANCE.md, "Cold replay, thirtieth round").
    private let kinds = PackedEvent.kinds
    private let classes = PackedEvent.classes
    private let powers = PackedEvent.smallPowersOfTen

    /// The event, or nil when the bytes are not a packed event of a version this build reads.
    func event(from bytes: UnsafeBufferPointer<UInt8>) -> LedgerEvent? {
        var none: LedgerEvent?
        return event(from: bytes, reusing: &none)
    }

    /// The event, written into `spare`'s box when no other event holds it (``LedgerEvent/init(reusing:sequence:id:schemaVersion:occurredAt:recordedAt:account:action:fee:note:provenance:chain:)``).
    func event(from bytes: UnsafeBufferPointer<UInt8>, reusing spare: inout LedgerEvent?) -> LedgerEvent? {
        var reader = ByteReader(bytes)
        guard let version = reader.byte(), PackedEvent.readableVersions.contains(version),
            let kind = reader.byte().flatMap(kind(code:)),
            let sequence = reader.int64(), let occurred = reader.int64(), let recorded = reader.int64(),
            PackedEvent.recordable.contains(occurred), PackedEvent.recordable.contains(recorded),
            let id = reader.id(), let schema = reader.int64(), let account = text(&reader),
            let action = action(kind, version: version, &reader), let fee = fee(&reader)
        else { return nil }
        guard let note = reader.string(), let provenance = provenance(&reader) else { return nil }
        guard let chain = chainReference(&reader) else { return nil }
        return LedgerEvent(
            reusing: &spare, sequence: sequence, id: id, schemaVersion: Int(schema),
            occurredAt: Timestamp(secondsSinceEpoch: occurred), recordedAt: Timestamp(secondsSinceEpoch: recorded),
            account: account, action: action, fee: fee, note: note, provenance: provenance, chain: chain)
    }

    /// The accounts ``foldEvent(from:)`` has met, by index.
    var accountNames: [String] { names.names }

    /// The event as the fold reads it (``FoldEvent``), its account and a transfer's
    /// destination indexed in ``accountNames``; nil where ``event(from:)`` is nil, and for a
    /// void or a link (which the replay skips first).
    func foldEvent(from bytes: UnsafeBufferPointer<UInt8>) -> FoldEvent? {
        var one: [FoldEvent] = []
        return append(from: bytes, to: &one) ? one[0] : nil
    }

    /// ``foldEvent(from:)`` appended to `events` (made where it is stored, not copied there
    /// through an optional); false, and nothing appended, where that is nil. The recorded
    /// time, schema version, note and import are checked to be there and passed over, not made;
    /// an on-chain reference (rare) is read only when the row goes on after the provenance.
    func append(from bytes: UnsafeBufferPointer<UInt8>, to events: inout [FoldEvent]) -> Bool {
        var reader = ByteReader(bytes)
        var destination: UnsafeBufferPointer<UInt8>?
        guard let version = reader.byte(), PackedEvent.readableVersions.contains(version),
            let kind = reader.byte().flatMap(kind(code:)),
            let sequence = reader.int64(), let occurred = reader.int64(), PackedEvent.recordable.contains(occurred),
            reader.int64() != nil,
            let id = reader.id(), reader.int64() != nil, let account = reader.slice(),
            let action = foldAction(kind, version: version, &reader, destination: &destination),
            let fee = fee(&reader), reader.slice() != nil, let isManual = isManual(&reader),
            reader.isAtEnd || chainReference(&reader) != nil
        else { return false }
        events.append(
            FoldEvent(
                sequence: sequence, id: id, occurredAt: Timestamp(secondsSinceEpoch: occurred),
                account: names.index(account), destination: destination.map { names.index($0) } ?? -1,
                isManual: isManual, fee: fee, action: action))
        return true
    }

    /// The index of `name` in ``accountNames``, given the next one when new (an event the
    /// replay decodes in full, a linked withdrawal's or deposit's, is added by name).
    func accountIndex(_ name: String) -> Int32 { names.index(name) }

    /// An event's fee: `.some(nil)` without one (a flag byte other than 1), nil when the bytes
    /// end or are not an amount.
    private func fee(_ reader: inout ByteReader) -> AssetAmount?? {
        guard let flag = reader.byte() else { return nil }
        guard flag == 1 else { return .some(nil) }
        return amount(&reader).map { .some($0) }
    }

    /// Whether the provenance is ``Provenance/manual``, its import passed over; nil when the
    /// bytes are not a provenance.
    private func isManual(_ reader: inout ByteReader) -> Bool? {
        switch reader.byte() {
        case 0: return true
        case 1: return reader.slice() != nil && reader.slice() != nil ? false : nil
        default: return nil
        }
    }

    /// The on-chain reference a deposit or withdrawal of record version 5 ends with: `.some(nil)`
    /// when the row ends at its provenance, nil when the rest is not a reference.
    private func chainReference(_ reader: inout ByteReader) -> ChainReference?? {
        guard !reader.isAtEnd else { return .some(nil) }
        guard let flags = reader.byte(), flags & 3 != 0, flags <= 3 else { return nil }
        let hash = flags & 1 == 0 ? nil : reader.string()
        let address = flags & 2 == 0 ? nil : reader.string()
        guard (flags & 1 == 0) == (hash == nil), (flags & 2 == 0) == (address == nil), reader.isAtEnd,
            let chain = ChainReference(hash: hash, address: address)
        else { return nil }
        return .some(chain)
    }

    /// The kind of packed bytes (the replay skips voids without decoding them).
    func kind(of bytes: UnsafeBufferPointer<UInt8>) -> EventKind? {
        bytes.count > 1 ? kind(code: bytes[1]) : nil
    }

    private func kind(code: UInt8) -> EventKind? {
        Int(code) < kinds.count ? kinds[Int(code)] : nil
    }

    private func action(_ kind: EventKind, version: UInt8, _ reader: inout ByteReader) -> EventAction? {
        switch kind {
        case .void:
            guard let target = reader.id(), let reason = reader.string() else { return nil }
            return .void(target: target, reason: reason)
        case .link:
            guard let arrived = amount(&reader), let destination = text(&reader), let withdrawal = reader.id(),
                let deposit = reader.id(), let name = reader.string(), let rule = TransferRule(rawValue: name)
            else { return nil }
            return .link(
                TransferLink(
                    withdrawal: withdrawal, deposit: deposit, arrived: arrived, toAccount: destination, rule: rule))
        default:
            var destination: UnsafeBufferPointer<UInt8>?
            guard let action = foldAction(kind, version: version, &reader, destination: &destination) else {
                return nil
            }
            return EventAction(action, destination: destination.map { interner.text($0) } ?? "")
        }
    }

    /// The payload of every kind but a void and a link, as the fold reads it (the one reading
    /// of these kinds' layout, for ``event(from:reusing:)`` and ``foldEvent(from:)``); a
    /// transfer's destination account left in `destination`, as bytes.
    private func foldAction(
        _ kind: EventKind, version: UInt8, _ reader: inout ByteReader,
        destination: inout UnsafeBufferPointer<UInt8>?
    ) -> FoldAction? {
        switch kind {
        case .buy, .sell:
            guard let amount = amount(&reader), let term = term(version: version, &reader) else { return nil }
            return kind == .buy ? .buy(amount, price: term) : .sell(amount, price: term)
        case .trade:
            guard let given = amount(&reader), let received = amount(&reader) else { return nil }
            return .trade(given: given, received: received)
        case .deposit: return amount(&reader).map { .deposit($0) }
        case .withdraw: return amount(&reader).map { .withdraw($0) }
        case .fee: return amount(&reader).map { .fee($0) }
        case .transfer:
            guard let amount = amount(&reader), let account = reader.slice() else { return nil }
            destination = account
            return .transfer(amount)
        case .income: return income(&reader)
        case .split:
            guard let asset = asset(&reader), let numerator = reader.int64(), let denominator = reader.int64(),
                let ratio = SplitRatio(numerator: Int(numerator), denominator: Int(denominator))
            else { return nil }
            return .split(asset, ratio)
        case .void, .link: return nil
        }
    }

    private func income(_ reader: inout ByteReader) -> FoldAction? {
        guard let amount = amount(&reader), let code = reader.byte(), Int(code) < PackedEvent.incomeKinds.count,
            let hasValue = reader.byte()
        else { return nil }
        let kind = PackedEvent.incomeKinds[Int(code)]
        guard hasValue != 0 else { return .income(amount, kind: kind, value: nil) }
        guard hasValue <= 2 else { return nil }
        return price(&reader).map {
            .income(amount, kind: kind, value: hasValue == 1 ? .unit($0) : .total($0.amount, quote: $0.currency))
        }
    }

    /// A buy's or sell's price term; version 1 rows have no term byte and a unit price.
    private func term(version: UInt8, _ reader: inout ByteReader) -> PriceTerm? {
        let code: UInt8? = version == 1 ? 0 : reader.byte()
        guard let code, code <= 1, let price = price(&reader) else { return nil }
        return code == 0 ? .unit(price) : .total(price.amount, quote: price.currency)
    }

    private func provenance(_ reader: inout ByteReader) -> Provenance? {
        switch reader.byte() {
        case 0: return .manual
        case 1:
            guard let batchBytes = reader.slice(), let fingerprint = reader.slice() else { return nil }
            return .imported(batch: interner.batch(batchBytes), fingerprint: ImportFingerprint(utf8: fingerprint))
        default: return nil
        }
    }

    @inline(__always)
    private func amount(_ reader: inout ByteReader) -> AssetAmount? {
        guard let asset = asset(&reader), let quantity = reader.decimal(powers) else { return nil }
        return AssetAmount(quantity, asset)
    }

    @inline(__always)
    private func price(_ reader: inout ByteReader) -> Price? {
        guard let amount = reader.decimal(powers), let currency = symbol(&reader) else { return nil }
        return Price(amount, currency)
    }

    @inline(__always)
    private func asset(_ reader: inout ByteReader) -> Asset? {
        guard let symbol = symbol(&reader), let code = reader.byte(), Int(code) < classes.count else { return nil }
        return Asset(symbol, class: classes[Int(code)])
    }

    @inline(__always)
    private func symbol(_ reader: inout ByteReader) -> AssetSymbol? {
        reader.slice().flatMap { interner.symbol($0) }
    }

    @inline(__always)
    private func text(_ reader: inout ByteReader) -> String? {
        reader.slice().map { interner.text($0) }
    }
}

extension ByteReader {
    /// A ``PackedEvent`` decimal: the count of trailing zeros, then the rest as a signed varint;
    /// `powers` is ``PackedEvent/smallPowersOfTen``.
    @inline(__always)
    mutating func decimal(_ powers: [Int64]) -> ExactDecimal? {
        guard let zeros = byte() else { return nil }
        // Most mantissas fit 64 bits and most powers (10¹⁸ at most) too, and the product of two
        // 64-bit numbers always fits 128: no 128-bit multiplication, no overflow to check.
        if zeros <= 18, let mantissa = shortSigned() {
            let units = mantissa.multipliedFullWidth(by: powers[Int(zeros)])
            return ExactDecimal(units: Int128(units.high) << 64 | Int128(units.low))
        }
        return longDecimal(zeros: zeros)
    }

    /// ``decimal()`` past 64 bits: a mantissa of ten varint bytes or more, or a power over 10¹⁸.
    @inline(never)
    private mutating func longDecimal(zeros: UInt8) -> ExactDecimal? {
        guard Int(zeros) < PackedEvent.powersOfTen.count, let mantissa = signed() else { return nil }
        let (units, overflow) = mantissa.multipliedReportingOverflow(by: PackedEvent.powersOfTen[Int(zeros)])
        return overflow ? nil : ExactDecimal(units: units)
    }
}
