import LedgerCore
import LedgerCoreTestSupport
import Testing

/// `TaxDisposal.fields(at:)`, `sizes(at:)`, `match(at:of:)` and `adjustmentCode(at:)` read a
/// disposal where it lies for the reports: each must be what the disposal's own properties
/// say, for seeded disposals of one lot piece and with their matches in an array, with and
/// without disposal costs, a wash-sale adjustment, an acquisition date or known prices.
@Suite("Tax disposals read in place for the reports")
struct TaxDisposalOutputTests {
    static func disposal(_ random: inout SplitMix64) -> TaxDisposal {
        func amount() -> ExactDecimal {
            ExactDecimal(units: Int128(Int64.random(in: -1 << 40...1 << 50, using: &random)) * 1_000_000)
        }
        func time() -> Timestamp { Timestamp(secondsSinceEpoch: Int64.random(in: 0...2_000_000_000, using: &random)) }
        let (sale, lot) = (EventID(value: UInt128(random.next())), EventID(value: UInt128(random.next())))
        let acquired: Timestamp? = Bool.random(using: &random) ? time() : nil
        var disposal: TaxDisposal
        if Bool.random(using: &random) {
            disposal = TaxDisposal(
                oneLot: .fifo, event: lot, sale: sale, asset: AssetSymbol("ETH")!, assetClass: .crypto,
                account: Bool.random(using: &random) ? "kraken" : "an account with a name longer than a small string",
                quantity: amount(), acquired: acquired, disposed: time(), proceeds: amount(), costBasis: amount(),
                proceedsKnown: Bool.random(using: &random), costKnown: Bool.random(using: &random))
        } else {
            let matches = (0..<Int.random(in: 0...3, using: &random)).map { _ in
                TaxMatch(rule: .section104, quantity: amount(), cost: amount(), acquired: time(), event: lot)
            }
            disposal = TaxDisposal(
                event: sale, asset: AssetSymbol("LOBS")!, assetClass: .stock, account: "broker", quantity: amount(),
                acquired: acquired, disposed: time(), proceeds: amount(), costBasis: amount(), matches: matches,
                complete: Bool.random(using: &random))
        }
        if Bool.random(using: &random) { disposal.disposalCosts = amount() }
        if Bool.random(using: &random) {
            disposal.adjustment = amount()
            disposal.adjustmentCode = "W"
        }
        disposal.term = Bool.random(using: &random) ? .long : nil
        return disposal
    }

    @Test("every field, match and size is the disposal's own", arguments: [1, 2, 3] as [UInt64])
    func fields(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for _ in 0..<300 {
            let disposal = Self.disposal(&random)
            withUnsafePointer(to: disposal) { place in
                let fields = TaxDisposal.fields(at: place)
                #expect(fields.event == disposal.event && fields.asset == disposal.asset)
                #expect(fields.assetClass == disposal.assetClass && fields.quantity == disposal.quantity)
                #expect(fields.proceeds == disposal.proceeds && fields.disposalCosts == disposal.disposalCosts)
                #expect(fields.costBasis == disposal.costBasis && fields.allowableCosts == disposal.allowableCosts)
                #expect(fields.adjustment == disposal.adjustment && fields.gain == disposal.gain)
                #expect(fields.disposed == disposal.disposed && fields.acquired == disposal.acquired)
                #expect(fields.term == disposal.term && fields.treatment == disposal.treatment)
                #expect(fields.proceedsKnown == disposal.proceedsKnown && fields.costKnown == disposal.costKnown)
                #expect(fields.complete == disposal.complete)
                #expect(fields.hasAdjustmentCode == (disposal.adjustmentCode != nil))
                #expect(TaxDisposal.adjustmentCode(at: place) == disposal.adjustmentCode)
                #expect(fields.matchCount == disposal.matchCount && fields.firstMatch == disposal.matches.first)
                #expect((0..<disposal.matchCount).map { TaxDisposal.match(at: $0, of: place) } == disposal.matches)
                let sizes = TaxDisposal.sizes(at: place)
                #expect(sizes.matches == disposal.matchCount)
                #expect(
                    sizes.textBytes
                        == disposal.asset.utf8Count + disposal.account.utf8.count
                        + (disposal.adjustmentCode?.utf8.count ?? 0))
            }
        }
    }
}
