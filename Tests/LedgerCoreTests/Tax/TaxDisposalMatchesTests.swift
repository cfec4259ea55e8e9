import LedgerCore
import Testing

/// A disposal of one lot piece keeps its one match in place (`TaxDisposal(oneLot:…)`): it must
/// read, compare and change as the same disposal with an array of that match.
@Suite("Tax disposals of one lot piece: the match kept in place")
struct TaxDisposalMatchesTests {
    static let sale = EventID(value: 7)
    static let lot = EventID(value: 3)
    static let bought = Timestamp(secondsSinceEpoch: 1_600_000_000)
    static let sold = Timestamp(secondsSinceEpoch: 1_700_000_000)

    static func oneLot(costKnown: Bool = false) -> TaxDisposal {
        TaxDisposal(
            oneLot: .hifo, event: lot, sale: sale, asset: AssetSymbol("BTC")!, assetClass: .crypto, account: "kraken",
            quantity: ExactDecimal("0.5")!, acquired: bought, disposed: sold, proceeds: 300, costBasis: 120,
            proceedsKnown: true, costKnown: costKnown)
    }

    /// The same disposal with its match in an array.
    static func inArray(costKnown: Bool = false) -> TaxDisposal {
        var match = TaxMatch(rule: .hifo, quantity: ExactDecimal("0.5")!, cost: 120, acquired: bought, event: lot)
        match.costKnown = costKnown
        var disposal = TaxDisposal(
            event: sale, asset: AssetSymbol("BTC")!, assetClass: .crypto, account: "kraken",
            quantity: ExactDecimal("0.5")!, acquired: bought, disposed: sold, proceeds: 300, costBasis: 120,
            matches: [match], complete: true)
        disposal.costKnown = costKnown
        return disposal
    }

    @Test("its match is the piece: rule, acquiring event, quantity, cost, acquisition, cost known")
    func readsAsAnArray() {
        let disposal = Self.oneLot()
        #expect(disposal.matchCount == 1)
        #expect(disposal.matches == Self.inArray().matches)
        #expect(disposal.match(at: 0) == Self.inArray().matches[0])
        #expect(disposal.matches[0].costKnown == false && disposal.matches[0].event == Self.lot)
        #expect(disposal.partGains == [180])
    }

    @Test("equal to the same disposal with an array, unequal when a match differs")
    func equality() {
        #expect(Self.oneLot() == Self.inArray())
        #expect(Self.oneLot().hashValue == Self.inArray().hashValue)
        #expect(Self.oneLot(costKnown: true) != Self.inArray())
        var other = Self.inArray()
        other.matches[0].event = EventID(value: 4)
        #expect(Self.oneLot() != other)
    }

    @Test("setting the matches keeps those given")
    func setting() {
        var disposal = Self.oneLot()
        disposal.matches.append(TaxMatch(rule: .fifo, quantity: 1, cost: 2, acquired: nil, event: nil))
        #expect(disposal.matchCount == 2 && disposal.matches.map(\.rule) == [.hifo, .fifo])
        disposal.matches = []
        #expect(disposal.matchCount == 0 && disposal.matches.isEmpty)
    }
}
