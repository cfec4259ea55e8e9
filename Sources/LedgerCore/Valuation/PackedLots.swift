/// Open lots still in their snapshot encoding (73 little-endian bytes each: source id,
/// acquired-at, quantity, cost, unit cost, whether the cost is complete), with their totals. A book restored from a snapshot
/// keeps its lots packed until an event touches it: after one `add` on a long history,
/// `portfolio` decodes one book, not the hundreds of thousands of lots of every asset.
struct PackedLots: Sendable {
    static let lotSize = 73

    /// The encoded lots (a slice of the snapshot's bytes, shared, not copied).
    let bytes: ArraySlice<UInt8>
    let count: Int
    let quantity: ExactDecimal
    let cost: ExactDecimal
    /// How many of the lots have an incomplete cost.
    let incomplete: Int

    /// Appends `lots` in the packed encoding.
    static func encode(_ lots: some Collection<Lot>, to out: inout [UInt8]) {
        out.reserveCapacity(out.count + lots.count * lotSize)
        for lot in lots {
            withUnsafeBytes(of: lot.source.value.littleEndian) { out += $0 }
            withUnsafeBytes(of: lot.acquired.secondsSinceEpoch.littleEndian) { out += $0 }
            for value in [lot.quantity, lot.cost, lot.unitCost] {
                withUnsafeBytes(of: value.units.littleEndian) { out += $0 }
            }
            out.append(lot.costComplete ? 1 : 0)
        }
    }

    /// The lots, in acquisition order.
    func decode() -> [Lot] {
        bytes.withUnsafeBytes { raw in
            (0..<count).map { index in
                let offset = index * Self.lotSize
                func load<T: FixedWidthInteger>(_ at: Int, _ type: T.Type) -> T {
                    T(littleEndian: raw.loadUnaligned(fromByteOffset: offset + at, as: T.self))
                }
                return Lot(
                    source: EventID(value: load(0, UInt128.self)),
                    acquired: Timestamp(secondsSinceEpoch: load(16, Int64.self)),
                    quantity: ExactDecimal(units: load(24, Int128.self)),
                    cost: ExactDecimal(units: load(40, Int128.self)),
                    unitCost: ExactDecimal(units: load(56, Int128.self)), costComplete: load(72, UInt8.self) == 1)
            }
        }
    }
}
