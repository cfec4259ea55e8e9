import LedgerCore

/// Decodes event rows on the replay path straight from SQLite's column bytes: no record of
/// optional strings, symbols and accounts interned, ids and decimals parsed from the bytes.
/// Any row it is not sure about (a split, a field that does not parse, another schema, a total) goes to
/// the general decoder, ``EventColumns/event(from:)``, which also words the errors; the tests
/// check that both give the same events.
final class EventRowDecoder {
    private var interner = ReplayInterner()

    func event(from row: SQLiteStatement) throws(StoreError) -> LedgerEvent {
        if let event = fastEvent(row) { return event }
        return try EventColumns.event(from: row)
    }

    private func fastEvent(_ row: SQLiteStatement) -> LedgerEvent? {
        // A time outside the recordable years goes to the record's reading, which names it.
        guard row.int(2) == 1, row.bytes(27) == nil, PackedEvent.recordable.contains(row.int(4)),
            PackedEvent.recordable.contains(row.int(5)), let kind = row.bytes(3),
            let id = row.bytes(1).flatMap(Self.id),
            let account = row.bytes(6).flatMap(account), let provenance = provenance(row),
            let action = action(kind, row)
        else { return nil }
        let note = row.bytes(23).map { $0.isEmpty ? "" : String(decoding: $0, as: UTF8.self) } ?? ""
        var event = LedgerEvent(
            sequence: row.int(0), id: id, occurredAt: Timestamp(secondsSinceEpoch: row.int(4)),
            recordedAt: Timestamp(secondsSinceEpoch: row.int(5)), account: account, action: action,
            note: note, provenance: provenance)
        if let fee = row.bytes(20) {
            guard let quantity = ExactDecimal.parse(utf8: fee), let asset = asset(row, 21, 22) else { return nil }
            event.fee = AssetAmount(quantity, asset)
        }
        return event
    }

    /// `manual`, or `import` with its batch (one per imported file, so interned) and the row's
    /// fingerprint.
    private func provenance(_ row: SQLiteStatement) -> Provenance? {
        guard let source = row.bytes(24) else { return nil }
        if Self.equals(source, "manual") { return .manual }
        guard Self.equals(source, "import") else { return nil }
        let batch = row.bytes(25).map { interner.batch($0) } ?? ""
        return .imported(batch: batch, fingerprint: row.bytes(26).map { ImportFingerprint(utf8: $0) } ?? "")
    }

    private func action(_ kind: UnsafeBufferPointer<UInt8>, _ row: SQLiteStatement) -> EventAction? {
        guard let main = amount(row, 7, 8, 9) else { return nil }
        switch kind.count {
        case 3 where Self.equals(kind, "buy"): return price(row).map { .buy(main, price: .unit($0)) }
        case 4 where Self.equals(kind, "sell"): return price(row).map { .sell(main, price: .unit($0)) }
        case 5 where Self.equals(kind, "trade"):
            return amount(row, 12, 13, 14).map { .trade(given: main, received: $0) }
        case 7 where Self.equals(kind, "deposit"): return .deposit(main)
        case 8 where Self.equals(kind, "withdraw"): return .withdraw(main)
        case 8 where Self.equals(kind, "transfer"):
            return row.bytes(15).flatMap(account).map { .transfer(main, toAccount: $0) }
        case 3 where Self.equals(kind, "fee"): return .fee(main)
        case 6 where Self.equals(kind, "income"):
            guard let name = row.bytes(16), let incomeKind = IncomeKind(rawValue: String(decoding: name, as: UTF8.self))
            else { return nil }
            guard row.bytes(10) != nil else { return .income(main, kind: incomeKind, value: nil) }
            return price(row).map { .income(main, kind: incomeKind, value: .unit($0)) }
        default: return nil
        }
    }

    private func amount(_ row: SQLiteStatement, _ symbol: Int32, _ assetClass: Int32, _ quantity: Int32) -> AssetAmount?
    {
        guard let bytes = row.bytes(quantity), let value = ExactDecimal.parse(utf8: bytes),
            let asset = asset(row, symbol, assetClass)
        else { return nil }
        return AssetAmount(value, asset)
    }

    private func price(_ row: SQLiteStatement) -> Price? {
        guard let bytes = row.bytes(10), let value = ExactDecimal.parse(utf8: bytes),
            let quote = row.bytes(11).flatMap(symbol)
        else { return nil }
        return Price(value, quote)
    }

    private func asset(_ row: SQLiteStatement, _ symbolColumn: Int32, _ classColumn: Int32) -> Asset? {
        guard let symbol = row.bytes(symbolColumn).flatMap(symbol) else { return nil }
        guard let classBytes = row.bytes(classColumn) else { return Asset(symbol) }
        guard let assetClass = Self.assetClass(classBytes) else { return nil }
        return Asset(symbol, class: assetClass)
    }

    private func symbol(_ bytes: UnsafeBufferPointer<UInt8>) -> AssetSymbol? { interner.symbol(bytes) }

    private func account(_ bytes: UnsafeBufferPointer<UInt8>) -> String? { interner.text(bytes) }

    private static func assetClass(_ bytes: UnsafeBufferPointer<UInt8>) -> AssetClass? {
        switch bytes.count {
        case 6 where equals(bytes, "crypto"): .crypto
        case 4 where equals(bytes, "fiat"): .fiat
        case 5 where equals(bytes, "stock"): .stock
        case 3 where equals(bytes, "etf"): .etf
        case 4 where equals(bytes, "fund"): .fund
        case 3 where equals(bytes, "adr"): .adr
        case 7 where equals(bytes, "warrant"): .warrant
        case 4 where equals(bytes, "bond"): .bond
        default: nil
        }
    }

    /// A 26-character ULID from its bytes (upper-case Crockford, as stored).
    private static func id(_ bytes: UnsafeBufferPointer<UInt8>) -> EventID? {
        guard bytes.count == 26 else { return nil }
        var value: UInt128 = 0
        for byte in bytes {
            let digit = crockford[Int(byte)]
            guard digit < 32 else { return nil }
            value = value << 5 | UInt128(digit)
        }
        guard bytes[0] <= UInt8(ascii: "7") else { return nil }
        return EventID(value: value)
    }

    private static let crockford: [UInt8] = {
        var table = [UInt8](repeating: 255, count: 256)
        for (index, byte) in "0123456789ABCDEFGHJKMNPQRSTVWXYZ".utf8.enumerated() { table[Int(byte)] = UInt8(index) }
        return table
    }()

    private static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
        guard bytes.count == text.utf8CodeUnitCount else { return false }
        let expected = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        return bytes.elementsEqual(expected)
    }
}
