import LedgerCore

/// The bytes of a snapshot: a ``SavedPortfolio`` in a compact binary form (fixed-width
/// little-endian integers), in two sections: the *summary*, everything a holdings report
/// needs, and one *part* per book, its lots (73 bytes a lot), which a report reads only when
/// an event needs that book's lots (``SnapshotParts``). The summary (`LSN6`): magic, method,
/// pooling, currency, event count, the six totals, whether prices were used, the last
/// occurred-at, the asset classes, the fiat balances, the books (key, lot count, quantity,
/// cost, incomplete lots, latest acquisition; the part of the n-th book is part n), the
/// incomplete totals, the missing prices, the diagnostics, the accounts whose cash is known and
/// the fiat balances imported trades moved; a string is its length (8 bytes) and UTF-8. A
/// snapshot of an older layout (`LSN4`, `LSN5`: the lots inside, one whole) is not read: the
/// report replays in full and saves a new one.
public enum SnapshotCodec {
    static let magic: [UInt8] = Array("LSN6".utf8)
    /// Source id (16), acquired-at (8), quantity, cost, unit cost (16 each), cost complete (1).
    static let lotSize = 73

    /// The state's summary and parts (one per book, in the summary's order); nil when a
    /// book's lots carried over from a snapshot cannot be read.
    public static func sections(_ state: PortfolioState) -> (summary: [UInt8], parts: [[UInt8]])? {
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
        let books = saved.books.sorted(by: { order($0.key, $1.key) })
        out.fixed(Int64(books.count))
        var parts: [[UInt8]] = []
        parts.reserveCapacity(books.count)
        for (key, book) in books {
            guard let part = lots(of: book) else { return nil }
            out.key(key)
            out.book(book)
            parts.append(part)
        }
        writeRest(saved, to: &out)
        return (out.bytes, parts)
    }

    /// The state as one buffer, summary and parts framed (``SnapshotFrame``), as a store keeps
    /// it; empty when a book's lots cannot be read. (Tests and `ledger-bench`.)
    public static func encode(_ state: PortfolioState) -> [UInt8] {
        sections(state).map { SnapshotFrame.framed(summary: $0.summary, parts: $0.parts) } ?? []
    }

    /// Restores a snapshot taken with the same method, pooling and currency as `options`
    /// (nil for bytes that are damaged or were taken with other options), its books' lots left
    /// in `parts` until an event needs them. Its as-of is `options.asOf`.
    public static func decode(summary bytes: [UInt8], parts: SnapshotParts, options: ValuationOptions)
        -> PortfolioState?
    {
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
            guard readTables(&input, parts, into: &saved), input.isAtEnd else { return nil }
            return PortfolioState(saved: saved)
        }
    }

    /// Restores a snapshot ``encode(_:)`` made.
    public static func decode(_ bytes: [UInt8], options: ValuationOptions) -> PortfolioState? {
        guard let (summary, parts) = SnapshotFrame.unframed(bytes) else { return nil }
        return decode(summary: summary, parts: SnapshotParts(parts), options: options)
    }

    /// The incomplete totals, the missing prices, the diagnostics, the accounts whose cash is
    /// known and the fiat balances imported trades moved.
    private static func writeRest(_ saved: SavedPortfolio, to out: inout ByteWriter) {
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
