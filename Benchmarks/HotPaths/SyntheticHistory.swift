import LedgerCore
import LedgerTestSupport

/// A seeded trading history held in memory, shaped like `Benchmarks/generate.py`'s: buys and
/// sells over `assetCount` assets (50 by default) that never sell more than is held, a USD fee
/// on each, several trades a day.
enum SyntheticHistory {
    static func events(count: Int, seed: UInt64, assetCount: Int = 50) -> [LedgerEvent] {
        var random = SplitMix64(seed: seed)
        func next() -> UInt64 { random.next() }
        let usd = Asset(AssetSymbol("USD")!, class: .fiat)
        let assets = (0..<assetCount).map { Asset(AssetSymbol("A\($0)")!, class: .crypto) }
        var held = [Int64](repeating: 0, count: assets.count)
        var events: [LedgerEvent] = []
        events.reserveCapacity(count)
        for index in 0..<count {
            let slot = Int(next() % UInt64(assets.count))
            let selling = held[slot] > 0 && next() % 3 == 0
            let units = selling ? Int64(next() % UInt64(held[slot])) + 1 : Int64(next() % 10_000) + 1
            held[slot] += selling ? -units : units
            let amount = AssetAmount(ExactDecimal(units: Int128(units) * 1_000_000_000_000), assets[slot])
            let price = Price(ExactDecimal(units: Int128(next() % 100_000 + 1) * 10_000_000_000_000_000), usd.symbol)
            let time = Timestamp(secondsSinceEpoch: 946_684_800 + Int64(index) * 600)
            var event = LedgerEvent(
                sequence: Int64(index + 1), id: EventID(value: UInt128(index + 1) << 80 | UInt128(next())),
                occurredAt: time, recordedAt: time,
                action: selling ? .sell(amount, price: .unit(price)) : .buy(amount, price: .unit(price)))
            event.fee = AssetAmount(ExactDecimal(units: Int128(next() % 500) * 10_000_000_000_000_000), usd)
            events.append(event)
        }
        return events
    }
}

extension SyntheticHistory {
    /// One asset bought 10 at a time and sold 1 at a time: open lots pile up, so every sale
    /// chooses among more of them (the case that made HIFO's scan quadratic).
    static func accumulating(count: Int, seed: UInt64) -> [LedgerEvent] {
        var random = SplitMix64(seed: seed)
        let usd = AssetSymbol("USD")!
        let asset = Asset(AssetSymbol("A0")!, class: .crypto)
        return (0..<count).map { index in
            let buying = index % 2 == 0
            let amount = AssetAmount(ExactDecimal(buying ? 10 : 1), asset)
            let price = Price(ExactDecimal(Int(random.next() % 100_000) + 1), usd)
            let time = Timestamp(secondsSinceEpoch: 946_684_800 + Int64(index) * 600)
            return LedgerEvent(
                sequence: Int64(index + 1), id: EventID(value: UInt128(index + 1) << 80), occurredAt: time,
                recordedAt: time,
                action: buying ? .buy(amount, price: .unit(price)) : .sell(amount, price: .unit(price)))
        }
    }
}
