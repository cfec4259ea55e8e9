import LedgerCore
import LedgerInterchange
import LedgerStore

/// `ledger-bench`: times the hot paths one by one — decimal parse and format, the canonical
/// encoding and SHA-256 of the hash chain, the fold over events held in memory, the snapshot
/// round trip, and (given a ledger) reading and decoding its rows — so a change to one of them
/// can be measured without the noise of a whole command. Each case runs `--runs` times after a
/// warm-up; the median is printed with the cost per item.
///
///     swift build -c release --product ledger-bench
///     .build/release/ledger-bench [--ledger FILE] [--runs N] [--events N] [--only TEXT]
@main
struct HotPaths {
    static func main() throws {
        let options = try BenchOptions(CommandLine.arguments.dropFirst())
        BenchOptions.only = options.only
        var table = BenchTable()
        let events = SyntheticHistory.events(count: options.events, seed: 42)
        table.add(measure("decimal parse", items: decimalTexts.count, runs: options.runs) { parseDecimals() })
        table.add(measure("decimal format", items: decimalValues.count, runs: options.runs) { formatDecimals() })
        table.add(
            measure("canonical JSON + SHA-256", items: min(events.count, 20_000), runs: options.runs) {
                hashChain(events.prefix(20_000))
            })
        let csv = coinbaseCSV(rows: options.events)
        table.add(
            measure("CSV records (64 KiB chunks)", items: options.events + 1, runs: options.runs) { csvRecords(csv) })
        table.add(
            measure("fold (FIFO, in memory)", items: events.count, runs: options.runs) { fold(events).eventCount })
        // One asset whose open lots pile up: every sale chooses among all of them.
        let piling = SyntheticHistory.accumulating(count: options.events, seed: 7)
        table.add(
            measure("fold (HIFO, lots piling up)", items: piling.count, runs: options.runs) {
                fold(piling, .hifo).eventCount
            })
        let state = fold(events)
        let bytes = SnapshotCodec.encode(state)
        var lots = 0
        state.forEachBook { lots += $1.lots.count }
        table.add(
            measure("snapshot encode (per lot)", items: lots, runs: options.runs) { SnapshotCodec.encode(state).count })
        table.add(
            measure("snapshot restore (per lot)", items: lots, runs: options.runs) {
                SnapshotCodec.decode(bytes, options: state.options)?.eventCount ?? 0
            })
        table.add(
            measure("snapshot restore + unpack", items: lots, runs: options.runs) {
                var unpacked = 0
                SnapshotCodec.decode(bytes, options: state.options)?.forEachBook { unpacked += $1.lots.count }
                return unpacked
            })
        if let path = options.ledger {
            let store = try Ledger(path: path, mode: .mustExist)
            let count = try countEvents(store)
            let prices = try store.prices.priceTable()
            // The replay rows (one BLOB per event), then the 27 columns they replace.
            for packed in [true, false] {
                store.readsReplayRows = packed
                let source = packed ? "replay rows" : "columns"
                table.add(
                    try measure("\(source) read + decoded", items: count, runs: options.runs) { try countEvents(store) }
                )
                table.add(
                    try measure("\(source) + fold", items: count, runs: options.runs) { try foldLedger(store, prices) })
            }
        }
        print(table.rendered())
    }

    static let valuation = ValuationOptions(
        currency: AssetSymbol("USD")!, asOf: Timestamp(secondsSinceEpoch: Int64.max / 2))

    static func fold(_ events: [LedgerEvent], _ method: BookingMethod = .fifo) -> PortfolioState {
        var options = valuation
        options.method = method
        var fold = PortfolioFold(options: options, prices: PriceTable(), recordingDisposals: false)
        for event in events { fold.apply(event) }
        return fold.state
    }

    static func countEvents(_ store: Ledger) throws -> Int {
        var count = 0
        try store.events.forEachEffectiveEvent(through: valuation.asOf) { _ in count += 1 }
        return count
    }

    static func foldLedger(_ store: Ledger, _ prices: PriceTable) throws -> Int {
        var fold = PortfolioFold(options: valuation, prices: prices, recordingDisposals: false)
        try store.events.forEachEffectiveEvent(through: valuation.asOf) { fold.apply($0) }
        return fold.state.eventCount
    }

    static func hashChain(_ events: ArraySlice<LedgerEvent>) -> Int {
        var previous = [UInt8](repeating: 0, count: 32)
        for event in events {
            var hasher = SHA256Hasher()
            hasher.update(data: previous)
            hasher.update(data: EventRecordV1(event).canonicalJSONBytes)
            previous = hasher.finalize()
        }
        return previous.count
    }

    /// A Coinbase-shaped export: quoted money with thousands separators, as the real one.
    static func coinbaseCSV(rows: Int) -> [UInt8] {
        var text =
            "ID,Timestamp,Transaction Type,Asset,Quantity Transacted,Price Currency,Price at Transaction,Subtotal,Total (inclusive of fees and/or spread),Fees and/or Spread,Notes\n"
        for row in 0..<rows {
            text +=
                "\(100_000_000 + row),2020-01-01 00:00:00 UTC,Buy,BTC,0.001,USD,\"$30,\(100 + row % 900).00\",$30.1,\"$30.60\",$0.50,Bought\n"
        }
        return Array(text.utf8)
    }

    static func csvRecords(_ bytes: [UInt8]) -> Int {
        var reader = CSVStreamReader()
        var count = 0
        var start = 0
        while start < bytes.count {
            reader.feed(bytes[start..<min(start + 65_536, bytes.count)]) { if case .success = $0 { count += 1 } }
            start += 65_536
        }
        reader.finish { if case .success = $0 { count += 1 } }
        return count
    }

    static let decimalTexts: [String] = (0..<100_000).map { index in
        let whole = (index &* 2_654_435_761) % 100_000
        return "\(whole).\(String(index % 1_000_000_007 % 100_000_000))"
    }

    static let decimalValues: [ExactDecimal] = decimalTexts.compactMap { ExactDecimal($0) }

    static func parseDecimals() -> Int {
        var total = 0
        for text in decimalTexts {
            var copy = text
            total &+= copy.withUTF8 { ExactDecimal.parse(utf8: $0) }.map { Int(truncatingIfNeeded: $0.units) } ?? 0
        }
        return total
    }

    static func formatDecimals() -> Int {
        decimalValues.reduce(0) { $0 &+ $1.formatted().utf8.count }
    }
}
