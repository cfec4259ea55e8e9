import LedgerCore
import LedgerCoreTestSupport
import LedgerInterchange
import Testing

/// A trade whose quote amount is not base × a unit price at 18 places keeps the amount the
/// file gave as its total (`@@`), so the quote moves by exactly that amount.
@Suite("Imports keep totals")
struct TradeTotalTests {
    @Test("quote ÷ base that terminates stays a unit price; one that does not keeps the total")
    func tradeAction() throws {
        let exact = try TradeAction.make(.buy, base: Events.amount("4", "ETH"), quote: Events.amount("10", "USD"))
        #expect(exact == .buy(Events.amount("4", "ETH"), price: .unit(Price(dec("2.5"), sym("USD")))))
        let third = try TradeAction.make(.sell, base: Events.amount("-7", "XLM"), quote: Events.amount("1", "USD"))
        #expect(third == .sell(Events.amount("7", "XLM"), price: .total(dec("1"), quote: sym("USD"))))
        let crypto = try TradeAction.make(.buy, base: Events.amount("3", "ETH"), quote: Events.amount("0.1", "BTC"))
        #expect(crypto == .buy(Events.amount("3", "ETH"), price: .total(dec("0.1"), quote: sym("BTC"))))
    }

    @Test("a Coinbase sell of 7 XLM for 1.00 USD moves the cash by exactly the file's total")
    func coinbaseSell() throws {
        let csv = """
            ID,Timestamp,Transaction Type,Asset,Quantity Transacted,Price Currency,Price at Transaction,Subtotal,Total (inclusive of fees and/or spread),Fees and/or Spread,Notes
            66a0000000000000000000c1,2024-03-05 09:00:00 UTC,Sell,XLM,-7,USD,$0.14,$1.00,$0.99,$0.01,Sold 7 XLM for 0.99 USD

            """
        let outcomes = try ImportReader.read(Array(csv.utf8), format: "coinbase")
        guard case .event(let imported)? = outcomes.first, outcomes.count == 1 else {
            Issue.record("expected one event, got \(outcomes)")
            return
        }
        let event = imported.event(
            id: EventID(milliseconds: 1, random: (0, 0)), recordedAt: imported.occurredAt, account: "coinbase",
            batch: "b", fingerprint: "f")
        #expect(event.summary == "sell 7 XLM @@ 1 USD, fee 0.01 USD")
        let usd = event.quantityChanges.filter { $0.key.asset == sym("USD") }.map(\.delta).sum()
        #expect(usd == dec("0.99"))
        #expect(EventRecordV1(event).schemaVersion == 2)
    }
}
