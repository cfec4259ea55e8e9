/// A snapshot of a fold: everything ``PortfolioFold`` needs to go on from where it stopped,
/// in a compact binary form (little-endian; about 72 bytes a lot). The disposal pieces are not
/// kept, only their total (``PortfolioState/realizedGain``), so a restored state serves the
/// portfolio and allocation reports, not `gains`.
extension PortfolioState {
    static let snapshotMagic: [UInt8] = Array("LSN2".utf8)

    /// The state as snapshot bytes.
    public func snapshotBytes() -> [UInt8] {
        var out = SnapshotWriter()
        out.bytes += Self.snapshotMagic
        out.string(options.method.rawValue)
        out.bool(options.perAccount)
        out.string(options.currency.text)
        out.int64(Int64(eventCount))
        for value in [netFiatPaidIn, income, feesPaid, withdrawnCost, acquiredCost, realizedGain] { out.decimal(value) }
        out.bool(usedPrices)
        out.int64(lastOccurredAt.secondsSinceEpoch)
        out.int64(Int64(assetClasses.count))
        for (symbol, assetClass) in assetClasses.sorted(by: { $0.key < $1.key }) {
            out.string(symbol.text)
            out.string(assetClass.rawValue)
        }
        out.int64(Int64(fiat.count))
        for (key, balance) in fiat.sorted(by: { ($0.key.account, $0.key.asset) < ($1.key.account, $1.key.asset) }) {
            out.key(key)
            out.decimal(balance)
        }
        out.int64(Int64(books.count))
        for (key, book) in books.sorted(by: { ($0.key.account, $0.key.asset) < ($1.key.account, $1.key.asset) }) {
            out.key(key)
            out.int64(Int64(book.lots.count))
            for lot in book.lots { out.lot(lot) }
        }
        out.int64(Int64(diagnostics.count))
        for diagnostic in diagnostics {
            out.bool(diagnostic.severity == .error)
            out.int64(diagnostic.sequence ?? -1)
            out.string(diagnostic.message)
        }
        return out.bytes
    }

    /// Restores a snapshot taken with the same method, pooling and currency as `options`
    /// (nil for bytes that are damaged or were taken with other options). Its as-of is
    /// `options.asOf`.
    public init?(snapshot bytes: [UInt8], options: ValuationOptions) {
        var input = SnapshotReader(bytes: bytes)
        guard input.take(4) == Self.snapshotMagic, input.string() == options.method.rawValue,
              input.bool() == options.perAccount, input.string() == options.currency.text,
              let count = input.int64() else { return nil }
        self.init(options: options)
        recordsDisposals = false
        eventCount = Int(count)
        var totals: [ExactDecimal] = []
        for _ in 0..<6 {
            guard let value = input.decimal() else { return nil }
            totals.append(value)
        }
        (netFiatPaidIn, income, feesPaid, withdrawnCost, acquiredCost, realizedGain) =
            (totals[0], totals[1], totals[2], totals[3], totals[4], totals[5])
        guard let used = input.bool(), let last = input.int64(), restoreTables(&input) else { return nil }
        usedPrices = used
        lastOccurredAt = Timestamp(secondsSinceEpoch: last)
        guard input.isAtEnd else { return nil }
    }

    private mutating func restoreTables(_ input: inout SnapshotReader) -> Bool {
        guard let classCount = input.count() else { return false }
        for _ in 0..<classCount {
            guard let symbol = input.string().flatMap(AssetSymbol.init), let assetClass = input.string().flatMap(AssetClass.init) else { return false }
            assetClasses[symbol] = assetClass
        }
        guard let fiatCount = input.count() else { return false }
        for _ in 0..<fiatCount {
            guard let key = input.key(), let balance = input.decimal() else { return false }
            fiat[key] = balance
        }
        guard let bookCount = input.count() else { return false }
        for _ in 0..<bookCount {
            guard let key = input.key(), let lotCount = input.count() else { return false }
            var lots: [Lot] = []
            lots.reserveCapacity(lotCount)
            for _ in 0..<lotCount {
                guard let lot = input.lot() else { return false }
                lots.append(lot)
            }
            books[key] = LotBook(method: options.method, lots: lots)
        }
        guard let diagnosticCount = input.count() else { return false }
        for _ in 0..<diagnosticCount {
            guard let isError = input.bool(), let sequence = input.int64(), let message = input.string() else { return false }
            diagnostics.append(LedgerDiagnostic(isError ? .error : .warning, message, sequence: sequence < 0 ? nil : sequence))
        }
        return true
    }
}

/// Appends little-endian fields.
struct SnapshotWriter {
    var bytes: [UInt8] = []

    mutating func int64(_ value: Int64) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    mutating func decimal(_ value: ExactDecimal) {
        withUnsafeBytes(of: value.units.littleEndian) { bytes += $0 }
    }

    mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func string(_ value: String) {
        int64(Int64(value.utf8.count))
        bytes += value.utf8
    }

    mutating func key(_ key: PositionKey) {
        string(key.account)
        string(key.asset.text)
    }

    mutating func lot(_ lot: Lot) {
        withUnsafeBytes(of: lot.source.value.littleEndian) { bytes += $0 }
        int64(lot.acquired.secondsSinceEpoch)
        decimal(lot.quantity)
        decimal(lot.cost)
        decimal(lot.unitCost)
    }
}

/// Reads what ``SnapshotWriter`` wrote; every read returns nil past the end.
struct SnapshotReader {
    let bytes: [UInt8]
    var position = 0

    var isAtEnd: Bool { position == bytes.count }

    mutating func take(_ count: Int) -> [UInt8]? {
        guard count >= 0, position + count <= bytes.count else { return nil }
        defer { position += count }
        return Array(bytes[position..<(position + count)])
    }

    mutating func integer<T: FixedWidthInteger>(_ type: T.Type) -> T? {
        let size = MemoryLayout<T>.size
        guard position + size <= bytes.count else { return nil }
        var value: T = 0
        for index in 0..<size { value |= T(truncatingIfNeeded: bytes[position + index]) << (8 * index) }
        position += size
        return value
    }

    mutating func int64() -> Int64? { integer(Int64.self) }
    mutating func count() -> Int? { int64().flatMap { $0 >= 0 && $0 < Int64(bytes.count) + 1 ? Int($0) : nil } }
    mutating func decimal() -> ExactDecimal? { integer(Int128.self).map(ExactDecimal.init(units:)) }
    mutating func bool() -> Bool? { take(1).map { $0[0] == 1 } }

    mutating func string() -> String? {
        guard let length = count(), let raw = take(length) else { return nil }
        return String(decoding: raw, as: UTF8.self)
    }

    mutating func key() -> PositionKey? {
        guard let account = string(), let asset = string().flatMap(AssetSymbol.init) else { return nil }
        return PositionKey(account: account, asset: asset)
    }

    mutating func lot() -> Lot? {
        guard let source = integer(UInt128.self), let acquired = int64(), let quantity = decimal(), let cost = decimal(),
              let unitCost = decimal() else { return nil }
        return Lot(source: EventID(value: source), acquired: Timestamp(secondsSinceEpoch: acquired), quantity: quantity,
                   cost: cost, unitCost: unitCost)
    }
}
