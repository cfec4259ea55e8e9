import LedgerCore
import LedgerInterchange
import Testing

/// The generic layout finds each mapped field's column once, from the header (not by name on
/// every row): every field must still come from the column its mapping names.
@Suite("Generic layout: mapped columns")
struct GenericLayoutTests {
    static func read(_ text: String, _ columns: [String: String]) throws -> [ImportOutcome] {
        let options = ImportOptions(mapping: GenericMapping(columns: columns))
        return try ImportReader.read(Array(text.utf8), format: "generic", options: options)
    }

    static func text(_ amount: AssetAmount) -> String { "\(amount.quantity) \(amount.asset.symbol)" }

    @Test("every field is read from the column its mapping names, whatever the columns' order")
    func everyField() throws {
        let columns = [
            "date": "When", "side": "Dir", "asset": "Coin", "quantity": "Qty", "price": "Px", "quote": "Ccy",
            "fee": "Cost", "fee_asset": "CostIn", "id": "Ref", "note": "Memo",
        ]
        let text =
            "Memo,CostIn,Px,Ref,Qty,Ccy,Coin,Dir,Cost,When,Spare\n"
            + "hello,BNB,20000,r-1,0.5,EUR,BTC,buy,0.01,2024-01-02 10:00:00,x\n"
        let outcomes = try Self.read(text, columns)
        guard case .event(let event) = try #require(outcomes.first) else {
            Issue.record("not an event: \(outcomes)")
            return
        }
        #expect(event.occurredAt == Timestamp(secondsSinceEpoch: 1_704_189_600))
        guard case .buy(let bought, let term) = event.action else {
            Issue.record("not a buy: \(event.action)")
            return
        }
        #expect(Self.text(bought) == "0.5 BTC")
        #expect(term == .unit(Price(ExactDecimal("20000")!, AssetSymbol("EUR")!)))
        #expect(event.fee.map(Self.text) == "0.01 BNB")
        #expect(event.note == "hello")
        #expect(event.key == .sourceID(kind: "tx", id: "r-1"))
    }

    @Test("a quote the file has no column for is the fixed code the mapping names; chain fields come from theirs")
    func fixedQuoteAndChain() throws {
        let columns = [
            "date": "t", "side": "s", "asset": "a", "quantity": "q", "quote": "CHF", "tx_hash": "h", "address": "to",
        ]
        let text = "to,h,q,a,s,t\nbc1qxyz,abc123,2,BTC,withdraw,2024-01-02 10:00:00\n"
        let outcomes = try Self.read(text, columns)
        guard case .event(let event) = try #require(outcomes.first) else {
            Issue.record("not an event: \(outcomes)")
            return
        }
        guard case .withdraw(let sent) = event.action else {
            Issue.record("not a withdrawal: \(event.action)")
            return
        }
        #expect(Self.text(sent) == "2 BTC")
        #expect(event.chain == ChainReference(hash: "abc123", address: "bc1qxyz"))
        let priced = try Self.read(
            "p,q,a,s,t\n3,2,ETH,sell,2024-01-02 10:00:00\n", columns.merging(["price": "p"]) { $1 })
        guard case .event(let sale) = try #require(priced.first) else {
            Issue.record("not an event: \(priced)")
            return
        }
        guard case .sell(let sold, let price) = sale.action else {
            Issue.record("not a sale: \(sale.action)")
            return
        }
        #expect(Self.text(sold) == "2 ETH")
        #expect(price == .unit(Price(ExactDecimal("3")!, AssetSymbol("CHF")!)))
    }
}
