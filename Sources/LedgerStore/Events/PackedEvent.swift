import LedgerCore

/// The replay form of an event: every field of a ``LedgerEvent`` in one compact binary value,
/// stored beside its row in `event_replay` (migration 0009), keyed by (occurred_at, seq).
///
/// Why: reading the 27 text columns of an `events` row costs SQLite ~3 µs on this machine,
/// more than folding the event; one BLOB column costs ~0.2 µs and decodes without parsing
/// text (docs/PERFORMANCE.md). The columns stay the record the hash chain covers; `verify`
/// checks that every packed row decodes to the event its columns hold.
///
/// Layout (version 2): version byte, kind code, seq, occurred-at, recorded-at, id (16 bytes),
/// schema version, account, the kind's payload, fee, note, provenance. Integers are LEB128
/// varints (signed ones zig-zag); strings are a varint length and UTF-8; a decimal is the count
/// of trailing zeros of its units and the rest as a signed varint. A buy's or sell's payload is
/// its amount, a term byte (0: a unit price, 1: a total), then the decimal and the quote.
/// Version 1 (rows written before totals existed, which stay in the append-only table) has no
/// term byte: always a unit price. The decoder reads both. A deposit or withdrawal with an
/// on-chain reference (record version 5) ends with it after the provenance: a byte of flags
/// (1: a hash, 2: an address) and the strings; a row without one ends at the provenance, as
/// every row written before it does.
enum PackedEvent {
    static let version: UInt8 = 2
    /// The versions ``PackedEventDecoder`` reads.
    static let readableVersions: ClosedRange<UInt8> = 1...2
    /// ``Timestamp/recordable`` in seconds: a row with a time outside it is not read (its date
    /// could not be worked out), and `verify` names it through the record. Written as literals
    /// (the replay checks every row's times against it); held equal to ``Timestamp/recordable``
    /// by `ReplayRowsTests.recordableSeconds`.
    static let recordable: ClosedRange<Int64> = -62_135_596_800...253_402_300_799

    /// Kind codes, stored: the index in this fixed list.
    static let kinds: [EventKind] = [
        .buy, .sell, .trade, .deposit, .withdraw, .transfer, .income, .fee, .split, .void, .link,
    ]

    /// The packed bytes of a stored event (its sequence assigned).
    static func encode(_ event: LedgerEvent) -> [UInt8] {
        var writer = ByteWriter()
        writer.bytes.reserveCapacity(96)
        writer.byte(version)
        writer.byte(UInt8(kinds.firstIndex(of: event.kind)!))
        writer.signed(event.sequence)
        writer.signed(event.occurredAt.secondsSinceEpoch)
        writer.signed(event.recordedAt.secondsSinceEpoch)
        writer.id(event.id)
        writer.signed(Int64(event.schemaVersion))
        writer.string(event.account)
        writer.payload(of: event.action)
        if let fee = event.fee {
            writer.byte(1)
            writer.amount(fee)
        } else {
            writer.byte(0)
        }
        writer.string(event.note)
        switch event.provenance {
        case .manual: writer.byte(0)
        case .imported(let batch, let fingerprint):
            writer.byte(1)
            writer.string(batch)
            fingerprint.withUTF8 { writer.string(utf8: $0) }
        }
        if let chain = event.chain {
            writer.byte((chain.hash == nil ? 0 : 1) | (chain.address == nil ? 0 : 2))
            if let hash = chain.hash { writer.string(hash) }
            if let address = chain.address { writer.string(address) }
        }
        return writer.bytes
    }

    /// Class codes, stored: the index in this fixed list (new classes are appended, so the
    /// codes of events already stored keep their meaning).
    static let classes: [AssetClass] = [.crypto, .stock, .etf, .fiat, .fund, .adr, .warrant, .bond]

    /// Income kind codes, stored: the index in this fixed list (new kinds go at the end, so
    /// the codes of stored events never change).
    static let incomeKinds: [IncomeKind] = [.staking, .airdrop, .interest, .mining, .reward, .other, .dividend]

    static func classCode(_ assetClass: AssetClass) -> UInt8 {
        UInt8(classes.firstIndex(of: assetClass)!)
    }

    /// 10⁰ … 10¹⁸ in 64 bits: the common scales, multiplied without 128-bit arithmetic.
    static let smallPowersOfTen: [Int64] = (0...18).map { Int64(powersOfTen[$0]) }

    /// 10⁰ … 10³⁸: the scale of a stored decimal's trailing zeros.
    static let powersOfTen: [Int128] = {
        var powers: [Int128] = [1]
        for _ in 1...38 { powers.append(powers[powers.count - 1] * 10) }
        return powers
    }()
}

/// The pieces of ``PackedEvent``'s layout.
extension ByteWriter {
    /// Units as mantissa × 10^zeros: 30000 is (3, 22), not a 75-bit number.
    mutating func decimal(_ value: ExactDecimal) {
        var mantissa = value.units
        var zeros: UInt8 = 0
        while mantissa != 0 && mantissa % 10 == 0 {
            mantissa /= 10
            zeros += 1
        }
        byte(zeros)
        signed(mantissa)
    }

    mutating func asset(_ asset: Asset) {
        string(asset.symbol.text)
        byte(PackedEvent.classCode(asset.assetClass))
    }

    mutating func amount(_ amount: AssetAmount) {
        asset(amount.asset)
        decimal(amount.quantity)
    }

    mutating func price(_ price: Price) {
        decimal(price.amount)
        string(price.currency.text)
    }

    /// A price term: `unitTag` then the unit price, or `unitTag + 1` then the total.
    mutating func term(_ term: PriceTerm, unitTag: UInt8) {
        switch term {
        case .unit(let unit):
            byte(unitTag)
            price(unit)
        case .total(let total, let quote):
            byte(unitTag + 1)
            price(Price(total, quote))
        }
    }

    mutating func payload(of action: EventAction) {
        switch action {
        case .buy(let amount, let term), .sell(let amount, let term):
            self.amount(amount)
            self.term(term, unitTag: 0)
        case .trade(let given, let received):
            amount(given)
            amount(received)
        case .deposit(let amount), .withdraw(let amount), .fee(let amount):
            self.amount(amount)
        case .transfer(let amount, let destination):
            self.amount(amount)
            string(destination)
        case .income(let amount, let kind, let value):
            self.amount(amount)
            byte(UInt8(PackedEvent.incomeKinds.firstIndex(of: kind)!))
            // 0: no value; 1: a unit value; 2: a total (record version 3).
            if let value { term(value, unitTag: 1) } else { byte(0) }
        case .split(let asset, let ratio):
            self.asset(asset)
            signed(Int64(ratio.numerator))
            signed(Int64(ratio.denominator))
        case .void(let target, let reason):
            id(target)
            string(reason)
        case .link(let link):
            amount(link.arrived)
            string(link.toAccount)
            id(link.withdrawal)
            id(link.deposit)
            string(link.rule.rawValue)
        }
    }

}
