import LedgerCore
import LedgerStore
import LedgerTestSupport
import Testing

/// A fold saved as snapshot bytes and restored goes on exactly like the fold that never
/// stopped: books restored packed (``LotBook`` decodes them on first use) included.
@Suite("Valuation: snapshot bytes")
struct SnapshotBytesTests {
    @Test("restore at a cut, then the rest, equals the whole, for every method", arguments: [3, 8, 13] as [UInt64])
    func restoredThenRest(seed: UInt64) throws {
        let ledger = RandomLedger(seed: seed)
        let events = ledger.events
        for method in BookingMethod.allCases {
            for perAccount in [false, true] {
                let options = ledger.valuation(method, perAccount: perAccount)
                let whole = fold(events, options, ledger.prices).snapshot
                for cut in [1, events.count / 3, events.count / 2, events.count - 1] {
                    let saved = SnapshotCodec.encode(fold(Array(events[..<cut]), options, ledger.prices))
                    let restored = try #require(SnapshotCodec.decode(saved, options: options))
                    let resumed = PortfolioFold.replay(Array(events[cut...]), from: restored, prices: ledger.prices)
                        .snapshot
                    #expect(
                        resumed == whole,
                        "seed \(seed) \(method) cut \(cut): \(resumed.firstDifference(from: whole) ?? "")")
                }
            }
        }
    }

    @Test("an untouched restored state saves the same bytes, and reports the same totals")
    func packedRoundTrip() throws {
        let ledger = RandomLedger(seed: 4)
        let options = ledger.valuation(.hifo, perAccount: true)
        let state = fold(ledger.events, options, ledger.prices)
        let bytes = SnapshotCodec.encode(state)
        let restored = try #require(SnapshotCodec.decode(bytes, options: options))
        #expect(SnapshotCodec.encode(restored) == bytes)
        #expect(restored.openCost == state.openCost)
        for key in state.booksByKey.keys {
            #expect(restored.book(key)?.quantity == state.book(key)?.quantity)
            #expect(restored.book(key).map { Array($0.lots) } == state.book(key).map { Array($0.lots) })
        }
    }

    @Test(
        "with prices missing, restore at a cut then the rest keeps the incomplete marks and the missing list",
        arguments: [5, 9] as [UInt64])
    func incompleteRoundTrip(seed: UInt64) throws {
        let ledger = RandomLedger(seed: seed)
        // Only the later half of the observations kept: the earlier events lack prices.
        let times = ledger.prices.observations.map(\.observedAt).sorted()
        let sparse = PriceTable(ledger.prices.observations.filter { $0.observedAt >= times[times.count / 2] })
        for method in BookingMethod.allCases {
            let options = ledger.valuation(method, perAccount: false)
            let whole = fold(ledger.events, options, sparse)
            #expect(!whole.missingPrices.isEmpty, "seed \(seed): the sparse table should miss prices")
            for cut in [ledger.events.count / 3, ledger.events.count / 2] {
                let saved = SnapshotCodec.encode(fold(Array(ledger.events[..<cut]), options, sparse))
                let restored = try #require(SnapshotCodec.decode(saved, options: options))
                let resumed = PortfolioFold.replay(Array(ledger.events[cut...]), from: restored, prices: sparse)
                #expect(
                    resumed.missingPrices == whole.missingPrices && resumed.incompleteTotals == whole.incompleteTotals)
                #expect(resumed.valuationsMissed == whole.valuationsMissed)
                for (key, book) in whole.booksByKey {
                    #expect(resumed.book(key).map { Array($0.lots) } == Array(book.lots), "\(method) \(key)")
                    #expect(resumed.book(key)?.costComplete == book.costComplete)
                }
            }
        }
    }

    @Test("damaged or foreign bytes restore nothing")
    func damaged() {
        let ledger = RandomLedger(seed: 4)
        let options = ledger.valuation(.fifo, perAccount: false)
        let bytes = SnapshotCodec.encode(fold(ledger.events, options, ledger.prices))
        #expect(SnapshotCodec.decode(Array(bytes.dropLast(5)), options: options) == nil)
        #expect(SnapshotCodec.decode(bytes + [0], options: options) == nil)
        #expect(SnapshotCodec.decode(bytes, options: ledger.valuation(.lifo, perAccount: false)) == nil)
    }

    @Test("a lot's unit cost is cost ÷ quantity until fixed, and equality does not depend on when")
    func unitCost() {
        let id = EventID(value: 7)
        let open = Lot(source: id, acquired: Events.time("2024-01-01"), quantity: dec("3"), cost: dec("10"))
        let fixed = Lot(
            source: id, acquired: Events.time("2024-01-01"), quantity: dec("3"), cost: dec("10"),
            unitCost: dec("10") / dec("3"))
        #expect(open.unitCost == dec("3.333333333333333333"))
        #expect(open == fixed && open.hashValue == fixed.hashValue)
    }

    private func fold(_ events: [LedgerEvent], _ options: ValuationOptions, _ prices: PriceTable) -> PortfolioState {
        var fold = PortfolioFold(options: options, prices: prices, recordingDisposals: false)
        for event in EventReplay.effective(events) { fold.apply(event) }
        return fold.state
    }
}
