import LedgerCore
import LedgerCoreTestSupport
import LedgerInterchange
import LedgerStore
import Testing

/// ``TwoCores``, LedgerCore's ``SecondCore`` on a second thread (a ``BatchPipe`` and an
/// ``AssistedWorker``): the values and results come in the order ``OneCore`` gives them, and
/// `ledger tax`'s matching and JSON written on two threads are the same as on one.
@Suite("BatchPipe: TwoCores gives what one thread gives")
struct BatchPipeTwoCoresTests {
    @Test("a pipe hands every value on once, in order, across batches", arguments: [0, 1, 511, 512, 5_000])
    func pipe(count: Int) {
        var seen: [Int] = []
        TwoCores().pipe(produce: { hand in for value in 0..<count { hand(value) } }, consume: { seen.append($0) })
        #expect(seen == Array(0..<count))
    }

    @Test("an ordered transform gives each result once, in order", arguments: [0, 1, 2, 4, 5, 300])
    func inOrder(count: Int) {
        var seen: [Int] = []
        TwoCores().inOrder(count, { $0 * 3 }, consume: { seen.append($0) })
        #expect(seen == (0..<count).map { $0 * 3 })
    }

    /// A result of ``SecondCore/inOrder(_:reusing:consume:)``: which number it was made for
    /// last, and whether it had been consumed when it was handed back.
    final class Part {
        var number = -1
        var consumed = false
        var handedBackUnconsumed = false
    }

    @Test(
        "an ordered transform reusing its results hands back only consumed ones, and most of them",
        arguments: [0, 1, 2, 5, 300])
    func inOrderReusing(count: Int) {
        for cores in [TwoCores(), OneCore()] as [any SecondCore] {
            var seen: [Int] = []
            var objects = Set<ObjectIdentifier>()
            cores.inOrder(
                count,
                reusing: { (number: Int, spare: Part?) -> Part in
                    let part = spare ?? Part()
                    if let spare, !spare.consumed { spare.handedBackUnconsumed = true }
                    part.number = number
                    part.consumed = false
                    return part
                },
                consume: { part in
                    seen.append(part.number)
                    objects.insert(ObjectIdentifier(part))
                    #expect(!part.handedBackUnconsumed, "\(cores) \(count)")
                    part.consumed = true
                })
            #expect(seen == Array(0..<count), "\(cores) \(count)")
            // Those handed over before any came back, one more, and no other.
            let most = cores is OneCore ? 1 : TwoCores.ahead + 1
            #expect(objects.count <= max(1, min(count, most)), "\(cores) \(count): \(objects.count)")
        }
    }

    /// Three assets bought and sold over twelve years (some on the same second): thousands of
    /// disposals, several parts of the JSON's array.
    static func transactions(seed: UInt64) -> [TaxTransaction] {
        var rng = SplitMix64(seed: seed)
        var held = [0, 0, 0]
        var time = Timestamp(secondsSinceEpoch: 946_684_800)
        return (0..<8_000).map { index in
            if Int.random(in: 0..<4, using: &rng) > 0 {
                time = time.adding(seconds: Int64.random(in: 1...90_000, using: &rng))
            }
            let asset = Int.random(in: 0..<3, using: &rng)
            let quantity = Int.random(in: 1...20, using: &rng)
            let selling = held[asset] >= quantity && Bool.random(using: &rng)
            held[asset] += selling ? -quantity : quantity
            return TaxTransaction(
                selling ? .disposal(fee: 1) : .acquisition, asset: AssetSymbol(["AAA", "BBB", "CCC"][asset])!,
                class: asset == 0 ? .stock : .crypto, quantity: ExactDecimal(quantity),
                amount: ExactDecimal(quantity * Int.random(in: 10...90, using: &rng)) / 7, time: time,
                event: EventID(value: UInt128(index + 1)))
        }
    }

    static func json(_ report: TaxReport, _ cores: any SecondCore) -> [UInt8] {
        var bytes: [UInt8] = []
        TaxJSON.write(
            report, years: report.years, disposals: report.disposals, currency: AssetSymbol("USD")!, missing: [],
            notes: [], cores: cores
        ) { bytes.append(contentsOf: $0) }
        return bytes
    }

    @Test("ledger tax's matching and JSON on two threads", arguments: [(1, 2001), (2, nil)] as [(UInt64, Int?)])
    func tax(seed: UInt64, year: Int?) {
        let transactions = Self.transactions(seed: seed)
        for rules in [TaxRules.us, .de] {
            let one = TaxEngine.report(transactions, rules: rules, year: year, cores: OneCore())
            let two = TaxEngine.report(transactions, rules: rules, year: year, cores: TwoCores())
            #expect(one.disposals.count > (year == nil ? 2_048 : 100))
            #expect(two.disposals == one.disposals && two.holdings == one.holdings)
            #expect(two.years == one.years && two.yearsWithDisposals == one.yearsWithDisposals)
            #expect(Self.json(two, TwoCores()) == Self.json(one, OneCore()), "\(rules) \(year ?? 0)")
        }
    }
}
