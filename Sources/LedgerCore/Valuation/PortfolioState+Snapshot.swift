/// A snapshot of a fold: everything ``PortfolioFold`` needs to go on from where it stopped,
/// in a compact binary form (little-endian; 73 bytes a lot, each book's lots after their count
/// and totals, so a restored book stays packed until used — ``PackedLots``). The disposal pieces are not
/// kept, only their total (``PortfolioState/realizedGain``), so a restored state serves the
/// portfolio and allocation reports, not `gains`.
extension PortfolioState {
    static let snapshotMagic: [UInt8] = Array("LSN4".utf8)

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
            var lots: [UInt8] = []
            let packed = book.pack(to: &lots)
            out.int64(Int64(packed.count))
            out.decimal(packed.quantity)
            out.decimal(packed.cost)
            out.int64(Int64(packed.incomplete))
            out.bytes += lots
        }
        out.int64(Int64(incompleteTotals.rawValue))
        out.int64(Int64(missing.count))
        for (key, sequences) in missing.sorted(by: {
            ($0.key.asset, $0.key.quote, $0.key.day) < ($1.key.asset, $1.key.quote, $1.key.day)
        }) {
            out.string(key.asset.text)
            out.string(key.quote.text)
            out.int64(Int64(key.day.daysSinceEpoch))
            out.int64(Int64(sequences.count))
            for sequence in sequences { out.int64(sequence) }
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
            let count = input.int64()
        else { return nil }
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
            guard let symbol = input.string().flatMap(AssetSymbol.init),
                let assetClass = input.string().flatMap(AssetClass.init)
            else { return false }
            assetClasses[symbol] = assetClass
        }
        guard let fiatCount = input.count() else { return false }
        for _ in 0..<fiatCount {
            guard let key = input.key(), let balance = input.decimal() else { return false }
            fiat[key] = balance
        }
        guard let bookCount = input.count() else { return false }
        for _ in 0..<bookCount {
            guard let key = input.key(), let lotCount = input.count(), let quantity = input.decimal(),
                let cost = input.decimal(),
                let incomplete = input.count(), let lots = input.slice(lotCount, of: PackedLots.lotSize)
            else { return false }
            books[key] = LotBook(
                method: options.method,
                packed: PackedLots(
                    bytes: lots, count: lotCount, quantity: quantity, cost: cost, incomplete: incomplete))
        }
        guard let flags = input.int64(), let incomplete = UInt8(exactly: flags), restoreMissing(&input) else {
            return false
        }
        incompleteTotals = IncompleteTotals(rawValue: incomplete)
        guard let diagnosticCount = input.count() else { return false }
        for _ in 0..<diagnosticCount {
            guard let isError = input.bool(), let sequence = input.int64(), let message = input.string() else {
                return false
            }
            diagnostics.append(
                LedgerDiagnostic(isError ? .error : .warning, message, sequence: sequence < 0 ? nil : sequence))
        }
        return true
    }
}

extension PortfolioState {
    fileprivate mutating func restoreMissing(_ input: inout SnapshotReader) -> Bool {
        guard let count = input.count() else { return false }
        for _ in 0..<count {
            guard let asset = input.string().flatMap(AssetSymbol.init),
                let quote = input.string().flatMap(AssetSymbol.init),
                let days = input.int64(), let sequenceCount = input.count()
            else { return false }
            var sequences: [Int64] = []
            for _ in 0..<sequenceCount {
                guard let sequence = input.int64() else { return false }
                sequences.append(sequence)
            }
            missing[MissingPriceKey(asset: asset, quote: quote, day: LocalDate(daysSinceEpoch: Int(days)))] = sequences
            valuationsMissed += sequences.count
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
        let start = position
        position += size
        return T(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: start, as: T.self) })
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

    /// The next `count` items of `size` bytes, as a slice sharing the snapshot's storage.
    mutating func slice(_ count: Int, of size: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, count <= (bytes.count - position) / size else { return nil }
        defer { position += count * size }
        return bytes[position..<(position + count * size)]
    }
}
