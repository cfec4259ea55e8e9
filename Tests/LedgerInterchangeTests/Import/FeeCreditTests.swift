import LedgerCore
import LedgerCoreTestSupport
import LedgerInterchange
import Testing

/// A fee paid in any asset reduces that asset. Kraken's fee credits (KFEE) are worth a fixed
/// 0.01 USD each, so they are never unpriced.
@Suite("Fee credits and fee assets")
struct FeeCreditTests {
    static func events(_ fixture: String) throws -> [LedgerEvent] {
        let imported = try PresetFixtureTests.read(fixture).compactMap { outcome -> ImportedEvent? in
            if case .event(let event) = outcome { event } else { nil }
        }
        return imported.enumerated().map { index, event in
            event.event(
                id: EventID(milliseconds: UInt64(index + 1), random: (0, 0)), recordedAt: event.occurredAt,
                account: "kraken", batch: "b", fingerprint: "f")
        }
    }

    @Test("a Kraken trade fee of 26 KFEE is booked in KFEE, not as 0.26 USD")
    func krakenFeeCredit() throws {
        let events = try Self.events("kraken/ledgers-2021.csv")
        let buy = try #require(events.first { $0.kind == .buy })
        #expect(buy.summary == "buy 0.01 BTC @ 50000 USD, fee 26 KFEE")
    }

    @Test("KFEE is valued at 0.01 USD: the fee adds 0.26 to the lot, 974 credits are worth 9.74")
    func valuedAtTheFixedPrice() throws {
        let events = try Self.events("kraken/ledgers-2021.csv")
        let state = Valuation.replay(events, asOf: "2021-12-31")
        let report = HoldingsReport(state: state, prices: PriceTable())
        let kfee = try #require(report.rows.first { $0.asset == sym("KFEE") })
        #expect(kfee.quantity == dec("974") && kfee.value == dec("9.74") && kfee.costBasis == dec("9.74"))
        #expect(!report.totals.unpricedAssets.contains(sym("KFEE")))
        // The BTC lot: 500 USD + 26 KFEE × 0.01, half of it sold.
        #expect(state.lots("BTC").map(\.cost) == [dec("250.13")])
        #expect(state.missingPrices.isEmpty)
    }

    @Test("a recorded KFEE price wins over the fixed one; the fixed one holds at any time")
    func fixedPriceLookup() {
        let at = Events.time("2021-03-02")
        #expect(PriceTable().price(of: sym("KFEE"), in: sym("USD"), at: at)?.value == dec("0.01"))
        #expect(PriceTable().price(of: sym("USD"), in: sym("KFEE"), at: at)?.value == dec("100"))
        let recorded = PriceTable([
            PriceObservation(
                asset: sym("KFEE"), quote: sym("USD"), observedAt: at, price: dec("0.02"), source: "manual")
        ])
        #expect(recorded.price(of: sym("KFEE"), in: sym("USD"), at: at)?.value == dec("0.02"))
    }
}
