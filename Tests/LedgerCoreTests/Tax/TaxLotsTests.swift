import LedgerCoreTestSupport
import Testing

@testable import LedgerCore

/// ``TaxLots`` marks taken lots gone instead of moving the others, HIFO asks a heap for its
/// next lot, and FIFO and LIFO per account ask the account's positions: each must give what a
/// plain array and a scan would.
@Suite("Tax lots: gone marks and HIFO's heap against a plain array")
struct TaxLotsTests {
    @Test("random appends, inserts, takes and changes keep the lots and the choices", arguments: [1, 2, 3] as [UInt64])
    func matchesArray(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var lots = TaxLots()
        var reference: [TaxLot] = []
        for step in 0..<2_000 {
            let roll = Int.random(in: 0..<20, using: &rng)
            if roll < 9 || reference.isEmpty {
                let lot = Self.lot(step, &rng)
                if roll == 0, !reference.isEmpty {
                    // A lot put back in the middle (a transfer, a wash-sale split).
                    let offset = Int.random(in: 0..<reference.count, using: &rng)
                    lots.insert(lot, at: Self.position(offset, in: lots))
                    reference.insert(lot, at: offset)
                } else {
                    lots.append(lot)
                    reference.append(lot)
                }
            } else if roll < 17 {
                let account = roll == 16 ? Self.accounts.randomElement(using: &rng) : nil
                let expected = Self.scanHighest(reference, in: account)
                let found = lots.highest(in: account)
                #expect(
                    found.map { lots.distance(from: lots.startIndex, to: $0) } == expected, "seed \(seed) step \(step)")
                guard let found, let offset = expected else { continue }
                Self.takeSome(from: &lots, found, reference: &reference, offset, &rng)
            } else if roll < 19 {
                // FIFO's and LIFO's end, or any lot (per account).
                let offset = [0, reference.count - 1, Int.random(in: 0..<reference.count, using: &rng)][
                    Int.random(in: 0..<3, using: &rng)]
                Self.takeSome(from: &lots, Self.position(offset, in: lots), reference: &reference, offset, &rng)
            } else {
                // A changed unit cost (a wash-sale adjustment), now and then every lot (a split).
                let offset = Int.random(in: 0..<reference.count, using: &rng)
                reference[offset].unitCost += ExactDecimal(1)
                lots[Self.position(offset, in: lots)] = reference[offset]
                if step % 5 == 0 {
                    lots.updateEach { $0.unitCost = $0.unitCost / ExactDecimal(2) }
                    for index in reference.indices {
                        reference[index].unitCost = reference[index].unitCost / ExactDecimal(2)
                    }
                }
            }
            #expect(lots.count == reference.count, "seed \(seed) step \(step)")
            guard step % 20 == 0 || step == 1_999 else { continue }
            #expect(Array(lots) == reference, "seed \(seed) step \(step)")
            #expect(Array(lots.reversed()) == reference.reversed(), "seed \(seed) step \(step)")
        }
    }

    @Test(
        "basis per wallet: each account's HIFO pick from its own heap is the old scan's",
        arguments: [4, 5, 6] as [UInt64])
    func perAccount(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var lots = TaxLots()
        var reference: [TaxLot] = []
        for step in 0..<3_000 {
            let roll = Int.random(in: 0..<40, using: &rng)
            if roll < 17 || reference.isEmpty {
                Self.acquire(step, roll: roll, &lots, &reference, &rng)
            } else if roll < 34 {
                // Mostly one account's pick (a sale from a wallet), now and then all of them.
                let account = roll == 33 ? nil : Self.accounts.randomElement(using: &rng)
                let expected = Self.scanHighest(reference, in: account)
                let found = lots.highest(in: account)
                #expect(
                    found.map { lots.distance(from: lots.startIndex, to: $0) } == expected, "seed \(seed) step \(step)")
                guard let found, let offset = expected else { continue }
                Self.takeSome(from: &lots, found, reference: &reference, offset, &rng)
            } else if roll < 38 {
                Self.takeAny(&lots, &reference, &rng)
            } else {
                // A lot that changes account (the allocation at the switch) or unit cost.
                let offset = Int.random(in: 0..<reference.count, using: &rng)
                if roll == 38 {
                    reference[offset].account = Self.accounts.randomElement(using: &rng)!
                } else {
                    reference[offset].unitCost += ExactDecimal(1)
                }
                lots[Self.position(offset, in: lots)] = reference[offset]
            }
            #expect(lots.count == reference.count, "seed \(seed) step \(step)")
            guard step % 50 == 0 else { continue }
            #expect(Array(lots) == reference, "seed \(seed) step \(step)")
        }
    }

    @Test(
        "basis per wallet: each account's FIFO and LIFO pick from its positions is the old scan's",
        arguments: [(7, false), (8, false), (9, true), (10, true)] as [(UInt64, Bool)])
    func perAccountEnds(seed: UInt64, lifo: Bool) {
        var rng = SplitMix64(seed: seed)
        var lots = TaxLots()
        var reference: [TaxLot] = []
        for step in 0..<3_000 {
            let roll = Int.random(in: 0..<40, using: &rng)
            if roll < 17 || reference.isEmpty {
                Self.acquire(step, roll: roll, &lots, &reference, &rng)
            } else if roll < 35 {
                // Mostly one account's pick (a sale from a wallet), now and then the pool's end.
                let account = roll == 34 ? nil : Self.accounts.randomElement(using: &rng)
                let expected =
                    lifo
                    ? reference.lastIndex { account == nil || $0.account == account }
                    : reference.firstIndex { account == nil || $0.account == account }
                let found: Int? =
                    switch (account, lifo) {
                    case (let account?, true): lots.last(in: account)
                    case (let account?, false): lots.first(in: account)
                    case (nil, true): lots.isEmpty ? nil : lots.index(before: lots.endIndex)
                    case (nil, false): lots.isEmpty ? nil : lots.startIndex
                    }
                #expect(
                    found.map { lots.distance(from: lots.startIndex, to: $0) } == expected, "seed \(seed) step \(step)")
                guard let found, let offset = expected else { continue }
                Self.takeSome(from: &lots, found, reference: &reference, offset, &rng)
            } else if roll < 38 {
                Self.takeAny(&lots, &reference, &rng)
            } else {
                // A lot that changes account (the allocation at the switch), or a split.
                let offset = Int.random(in: 0..<reference.count, using: &rng)
                if roll == 38 {
                    reference[offset].account = Self.accounts.randomElement(using: &rng)!
                    lots[Self.position(offset, in: lots)] = reference[offset]
                } else {
                    lots.updateEach { $0.held.scale(numerator: ExactDecimal(2), denominator: ExactDecimal(1)) }
                    for index in reference.indices {
                        reference[index].held.scale(numerator: ExactDecimal(2), denominator: ExactDecimal(1))
                    }
                }
            }
            #expect(lots.count == reference.count, "seed \(seed) step \(step)")
            guard step % 50 == 0 else { continue }
            #expect(Array(lots) == reference, "seed \(seed) step \(step)")
        }
    }

    @Test(
        "lots changed and taken out in one pass are the kept ones in order, and the choices after",
        arguments: [1, 2, 3] as [UInt64])
    func updateOrRemoveEach(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var lots = TaxLots()
        var reference: [TaxLot] = []
        for step in 0..<600 {
            Self.acquire(step, roll: Int.random(in: 0..<8, using: &rng), &lots, &reference, &rng)
            if Int.random(in: 0..<3, using: &rng) == 0 { Self.takeAny(&lots, &reference, &rng) }
        }
        // Asked first, so that the indexes exist and must be dropped.
        _ = lots.highest(in: nil)
        _ = lots.first(in: 1)
        var rolls: [Int] = []
        lots.updateOrRemoveEach { lot in
            let roll = Int.random(in: 0..<4, using: &rng)
            rolls.append(roll)
            if roll == 1 { lot.account = 2 }
            return roll != 0
        }
        reference = zip(reference, rolls).compactMap { lot, roll in
            guard roll != 0 else { return nil }
            var changed = lot
            if roll == 1 { changed.account = 2 }
            return changed
        }
        #expect(Array(lots) == reference, "seed \(seed)")
        #expect(lots.count == reference.count)
        #expect(lots.first(in: 2).map { lots[$0] } == reference.first { $0.account == 2 })
        #expect(lots.highest(in: nil).map { lots[$0].unitCost } == reference.map(\.unitCost).max())
    }

    static let accounts: [Int32] = [0, 1, 2]

    /// A lot with a unit cost from a few values, so ties are common.
    static func lot(_ step: Int, _ rng: inout SplitMix64) -> TaxLot {
        let time = Timestamp(secondsSinceEpoch: Int64(step) * 86_400)
        let quantity = ExactDecimal(Int.random(in: 1...5, using: &rng))
        var lot = TaxLot(
            event: EventID(value: UInt128(step)), acquired: time, account: accounts.randomElement(using: &rng)!,
            holdingDay: Int32(time.daysSinceEpoch),
            held: CostedQuantity(quantity: quantity, cost: quantity * ExactDecimal(Int.random(in: 1...8, using: &rng))))
        lot.unitCost = lot.held.cost / lot.held.quantity
        return lot
    }

    /// An acquisition: mostly appended, put in the middle (a transfer) when `roll` is 0.
    static func acquire(
        _ step: Int, roll: Int, _ lots: inout TaxLots, _ reference: inout [TaxLot], _ rng: inout SplitMix64
    ) {
        let lot = Self.lot(step, &rng)
        let offset = roll == 0 ? Int.random(in: 0...reference.count, using: &rng) : reference.count
        lots.insert(lot, at: offset == reference.count ? lots.endIndex : Self.position(offset, in: lots))
        reference.insert(lot, at: offset)
    }

    /// Takes from a lot chosen at random, as ``takeSome(from:_:reference:_:_:)`` does.
    static func takeAny(_ lots: inout TaxLots, _ reference: inout [TaxLot], _ rng: inout SplitMix64) {
        let offset = Int.random(in: 0..<reference.count, using: &rng)
        Self.takeSome(from: &lots, Self.position(offset, in: lots), reference: &reference, offset, &rng)
    }

    /// The index of the lot `offset` lots after the first.
    static func position(_ offset: Int, in lots: TaxLots) -> Int {
        lots.index(lots.startIndex, offsetBy: offset)
    }

    /// The first lot with the highest unit cost (of `account`'s).
    static func scanHighest(_ lots: [TaxLot], in account: Int32?) -> Int? {
        var best: Int?
        for index in lots.indices where account == nil || lots[index].account == account {
            if best == nil || lots[index].unitCost > lots[best!].unitCost { best = index }
        }
        return best
    }

    /// Takes one unit, or the whole lot, from both.
    static func takeSome(
        from lots: inout TaxLots, _ index: Int, reference: inout [TaxLot], _ offset: Int, _ rng: inout SplitMix64
    ) {
        if Bool.random(using: &rng), reference[offset].held.quantity > ExactDecimal(1) {
            _ = reference[offset].held.take(ExactDecimal(1))
            _ = lots[index].held.take(ExactDecimal(1))
        } else {
            reference.remove(at: offset)
            lots.remove(at: index)
        }
    }
}
