import LedgerCore

extension SnapshotCodec {
    /// The classes, fiat balances, books, incomplete totals, missing prices and diagnostics.
    static func readTables(_ input: inout ByteReader, _ parts: SnapshotParts, into saved: inout SavedPortfolio) -> Bool
    {
        guard let classCount = input.count() else { return false }
        for _ in 0..<classCount {
            guard let symbol = input.text().flatMap(AssetSymbol.init),
                let assetClass = input.text().flatMap(AssetClass.init)
            else { return false }
            saved.assetClasses[symbol] = assetClass
        }
        guard let fiatCount = input.count() else { return false }
        for _ in 0..<fiatCount {
            guard let key = input.key(), let balance = input.units() else { return false }
            saved.fiat[key] = balance
        }
        guard let bookCount = input.count(), bookCount == parts.count else { return false }
        for index in 0..<bookCount {
            guard let key = input.key(), let book = readBook(&input, part: index, of: parts) else { return false }
            saved.books[key] = book
        }
        guard let flags = input.fixed(Int64.self), let incomplete = UInt8(exactly: flags),
            let missing = readMissing(&input)
        else { return false }
        saved.incompleteTotals = IncompleteTotals(rawValue: incomplete)
        saved.missing = missing
        guard let diagnosticCount = input.count() else { return false }
        for _ in 0..<diagnosticCount {
            guard let isError = input.flag(), let sequence = input.fixed(Int64.self), let message = input.text() else {
                return false
            }
            saved.diagnostics.append(
                LedgerDiagnostic(isError ? .error : .warning, message, sequence: sequence < 0 ? nil : sequence))
        }
        return readCash(&input, into: &saved)
    }

    /// The accounts whose cash is known, and the fiat balances imported trades moved.
    private static func readCash(_ input: inout ByteReader, into saved: inout SavedPortfolio) -> Bool {
        guard let knownCount = input.count() else { return false }
        for _ in 0..<knownCount {
            guard let account = input.text() else { return false }
            saved.cashKnownAccounts.insert(account)
        }
        guard let impliedCount = input.count() else { return false }
        for _ in 0..<impliedCount {
            guard let key = input.key() else { return false }
            saved.cashImplied.insert(key)
        }
        return true
    }

    /// One book's totals; its lots are part `index`, read when an event needs them. A part
    /// that cannot be read gives no lots, and `parts` says it failed.
    private static func readBook(_ input: inout ByteReader, part index: Int, of parts: SnapshotParts) -> SavedBook? {
        guard let lotCount = input.fixed(Int64.self).flatMap({ Int(exactly: $0) }), lotCount >= 0,
            lotCount <= Int.max / lotSize, let quantity = input.units(), let cost = input.units(),
            let incomplete = input.count(), let last = input.fixed(Int64.self)
        else { return nil }
        let lots: SavedBook.Lots =
            lotCount == 0
            ? .decoded([])
            : .deferred {
                guard let bytes = parts.bytes(index, length: lotCount * lotSize) else { return .decoded([]) }
                return .encoded(bytes[...], decode: decodeLots)
            }
        return SavedBook(
            count: lotCount, quantity: quantity, cost: cost, incomplete: incomplete,
            lastAcquired: Timestamp(secondsSinceEpoch: last), lots: lots)
    }

    /// A book's lots as its part (copied through when still encoded); nil when they were
    /// carried over from a snapshot and cannot be read.
    static func lots(of book: SavedBook) -> [UInt8]? {
        switch book.lots {
        case .encoded(let encoded, _): return encoded.count == book.count * lotSize ? Array(encoded) : nil
        case .decoded(let lots):
            guard lots.count == book.count else { return nil }
            var out = ByteWriter()
            out.bytes.reserveCapacity(lots.count * lotSize)
            for lot in lots {
                out.fixed(lot.source.value)
                out.fixed(lot.acquired.secondsSinceEpoch)
                for value in [lot.quantity, lot.cost, lot.unitCost] { out.units(value) }
                out.flag(lot.costComplete)
            }
            return out.bytes
        case .deferred(let load):
            return lots(
                of: SavedBook(
                    count: book.count, quantity: book.quantity, cost: book.cost, incomplete: book.incomplete,
                    lastAcquired: book.lastAcquired, lots: load()))
        }
    }

    private static func readMissing(_ input: inout ByteReader) -> [MissingPrice]? {
        guard let count = input.count() else { return nil }
        var missing: [MissingPrice] = []
        for _ in 0..<count {
            guard let asset = input.text().flatMap(AssetSymbol.init),
                let quote = input.text().flatMap(AssetSymbol.init),
                let days = input.fixed(Int64.self), let sequenceCount = input.count()
            else { return nil }
            var sequences: [Int64] = []
            for _ in 0..<sequenceCount {
                guard let sequence = input.fixed(Int64.self) else { return nil }
                sequences.append(sequence)
            }
            missing.append(
                MissingPrice(
                    asset: asset, quote: quote, day: LocalDate(daysSinceEpoch: Int(days)), sequences: sequences))
        }
        return missing
    }

    /// The lots of a book, in acquisition order.
    static func decodeLots(_ bytes: ArraySlice<UInt8>, _ count: Int) -> [Lot] {
        bytes.withUnsafeBufferPointer { buffer in
            var input = ByteReader(buffer)
            return (0..<count).map { _ in
                Lot(
                    source: EventID(value: input.fixed(UInt128.self) ?? 0),
                    acquired: Timestamp(secondsSinceEpoch: input.fixed(Int64.self) ?? 0),
                    quantity: input.units() ?? .zero, cost: input.units() ?? .zero, unitCost: input.units() ?? .zero,
                    costComplete: input.byte() == 1)
            }
        }
    }
}

extension ByteWriter {
    /// A decimal's units, 16 bytes.
    mutating func units(_ value: ExactDecimal) { fixed(value.units) }

    mutating func flag(_ value: Bool) { byte(value ? 1 : 0) }

    /// An 8-byte length, then the UTF-8 bytes.
    mutating func text(_ value: String) {
        fixed(Int64(value.utf8.count))
        bytes += value.utf8
    }

    mutating func key(_ key: PositionKey) {
        text(key.account)
        text(key.asset.text)
    }

    /// A book's count and totals, as the summary keeps them (its lots are its part).
    mutating func book(_ book: SavedBook) {
        fixed(Int64(book.count))
        units(book.quantity)
        units(book.cost)
        fixed(Int64(book.incomplete))
        fixed(book.lastAcquired.secondsSinceEpoch)
    }
}

extension ByteReader {
    mutating func units() -> ExactDecimal? { fixed(Int128.self).map(ExactDecimal.init(units:)) }
    mutating func flag() -> Bool? { byte().map { $0 == 1 } }

    /// A count that cannot exceed the bytes there are.
    mutating func count() -> Int? {
        fixed(Int64.self).flatMap { $0 >= 0 && $0 < Int64(size) + 1 ? Int($0) : nil }
    }

    mutating func text() -> String? {
        guard let length = count(), let raw = take(length) else { return nil }
        return String(decoding: raw, as: UTF8.self)
    }

    mutating func key() -> PositionKey? {
        guard let account = text(), let asset = text().flatMap(AssetSymbol.init) else { return nil }
        return PositionKey(account: account, asset: asset)
    }
}
