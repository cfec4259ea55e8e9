import LedgerCore

/// The bytes of a snapshot: a ``SavedPortfolio`` in a compact binary form (fixed-width
/// little-endian integers; 73 bytes a lot, each book's lots after their count and totals, so a
/// restored book can stay encoded until used). The layout (`LSN4`): magic, method, pooling,
/// currency, event count, the six totals, whether prices were used, the last occurred-at, the
/// asset classes, the fiat balances, the books, the incomplete totals, the missing prices, the
/// diagnostics, the accounts whose cash is known and the fiat balances imported trades moved
/// (`LSN5`; an `LSN4` snapshot, made before imported cash could go below zero, is not read and
/// the report replays in full); a string is its length (8 bytes) and UTF-8.
public enum SnapshotCodec {
    static let magic: [UInt8] = Array("LSN5".utf8)
    /// Source id (16), acquired-at (8), quantity, cost, unit cost (16 each), cost complete (1).
    static let lotSize = 73

    /// The state as snapshot bytes.
    public static func encode(_ state: PortfolioState) -> [UInt8] {
        let saved = state.saved
        var out = ByteWriter()
        out.append(magic)
        out.text(saved.options.method.rawValue)
        out.flag(saved.options.perAccount)
        out.text(saved.options.currency.text)
        out.fixed(Int64(saved.eventCount))
        for value in [
            saved.netFiatPaidIn, saved.income, saved.feesPaid, saved.withdrawnCost, saved.acquiredCost,
            saved.realizedGain,
        ] {
            out.units(value)
        }
        out.flag(saved.usedPrices)
        out.fixed(saved.lastOccurredAt.secondsSinceEpoch)
        out.fixed(Int64(saved.assetClasses.count))
        for (symbol, assetClass) in saved.assetClasses.sorted(by: { $0.key < $1.key }) {
            out.text(symbol.text)
            out.text(assetClass.rawValue)
        }
        out.fixed(Int64(saved.fiat.count))
        for (key, balance) in saved.fiat.sorted(by: { order($0.key, $1.key) }) {
            out.key(key)
            out.units(balance)
        }
        out.fixed(Int64(saved.books.count))
        for (key, book) in saved.books.sorted(by: { order($0.key, $1.key) }) {
            out.key(key)
            out.book(book)
        }
        out.fixed(Int64(saved.incompleteTotals.rawValue))
        out.fixed(Int64(saved.missing.count))
        for item in saved.missing {
            out.text(item.asset.text)
            out.text(item.quote.text)
            out.fixed(Int64(item.day.daysSinceEpoch))
            out.fixed(Int64(item.sequences.count))
            for sequence in item.sequences { out.fixed(sequence) }
        }
        out.fixed(Int64(saved.diagnostics.count))
        for diagnostic in saved.diagnostics {
            out.flag(diagnostic.severity == .error)
            out.fixed(diagnostic.sequence ?? -1)
            out.text(diagnostic.message)
        }
        out.fixed(Int64(saved.cashKnownAccounts.count))
        for account in saved.cashKnownAccounts.sorted() { out.text(account) }
        out.fixed(Int64(saved.cashImplied.count))
        for key in saved.cashImplied.sorted(by: order) { out.key(key) }
        return out.bytes
    }

    /// Restores a snapshot taken with the same method, pooling and currency as `options`
    /// (nil for bytes that are damaged or were taken with other options). Its as-of is
    /// `options.asOf`.
    public static func decode(_ bytes: [UInt8], options: ValuationOptions) -> PortfolioState? {
        bytes.withUnsafeBufferPointer { buffer in
            var input = ByteReader(buffer)
            var saved = SavedPortfolio(options: options)
            guard input.take(4).map(Array.init) == magic, input.text() == options.method.rawValue,
                input.flag() == options.perAccount, input.text() == options.currency.text,
                let count = input.fixed(Int64.self), readTotals(&input, into: &saved),
                let used = input.flag(), let last = input.fixed(Int64.self)
            else { return nil }
            saved.eventCount = Int(count)
            saved.usedPrices = used
            saved.lastOccurredAt = Timestamp(secondsSinceEpoch: last)
            guard readTables(&input, bytes, into: &saved), input.isAtEnd else { return nil }
            return PortfolioState(saved: saved)
        }
    }

    private static func order(_ left: PositionKey, _ right: PositionKey) -> Bool {
        (left.account, left.asset) < (right.account, right.asset)
    }

    private static func readTotals(_ input: inout ByteReader, into saved: inout SavedPortfolio) -> Bool {
        var totals: [ExactDecimal] = []
        for _ in 0..<6 {
            guard let value = input.units() else { return false }
            totals.append(value)
        }
        (saved.netFiatPaidIn, saved.income, saved.feesPaid) = (totals[0], totals[1], totals[2])
        (saved.withdrawnCost, saved.acquiredCost, saved.realizedGain) = (totals[3], totals[4], totals[5])
        return true
    }
}
