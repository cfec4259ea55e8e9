import LedgerCore
import LedgerCoreTestSupport
import LedgerInterchange
import Testing

@Suite("Journal names and refusals")
struct JournalNamesTests {
    @Test(
        "accounts become beancount account names",
        arguments: [
            ("coinbase", "Assets:Coinbase"), ("cold-wallet", "Assets:Cold-wallet"), ("broker.us", "Assets:Broker-us"),
            ("ibkr_main", "Assets:Ibkr-main"), ("broker:ibkr", "Assets:Broker:Ibkr"), ("2fa", "Assets:2fa"),
            ("_old", "Assets:X-old"), ("a::b", "Assets:A:X:B"),
        ])
    func accounts(_ ours: String, _ journal: String) {
        #expect(JournalNames.account(ours) == journal)
    }

    @Test("symbols beancount would refuse get a prefix; ledger-cli quotes those with digits or dots")
    func commodities() {
        #expect(JournalNames.beancountCommodity(sym("BTC")) == "BTC")
        #expect(JournalNames.beancountCommodity(sym("1INCH")) == "X-1INCH")
        #expect(JournalNames.beancountCommodity(sym("X")) == "X-X")
        #expect(JournalNames.beancountCommodity(sym("BRK.B")) == "BRK.B")
        #expect(JournalNames.ledgerCommodity(sym("BTC")) == "BTC")
        #expect(JournalNames.ledgerCommodity(sym("1INCH")) == "\"1INCH\"")
        #expect(JournalNames.ledgerCommodity(sym("BRK.B")) == "\"BRK.B\"")
    }

    @Test("two accounts that map to one name are refused, naming both")
    func collision() {
        var make = Events()
        let events = Events.sequenced([
            make.deposit("USD", "100", on: "2024-01-01", account: "cold_wallet"),
            make.deposit("USD", "100", on: "2024-01-02", account: "cold-wallet"),
        ])
        let result = JournalBuilder.build(events: events, prices: PriceTable(), currency: sym("USD"), method: .fifo)
        #expect(throws: JournalExportError.accountCollision("cold_wallet", "cold-wallet", "Assets:Cold-wallet")) {
            try result.get()
        }
    }

    @Test("missing prices fail the export, naming each pair and day and the one command that fetches them")
    func unvalued() throws {
        var make = Events()
        let events = Events.sequenced([
            make.income("SOL", "2", on: "2024-01-01", account: "wallet"),
            make.trade("1", "SOL", for: "30", "ADA", on: "2024-01-02", account: "wallet"),
        ])
        let result = JournalBuilder.build(events: events, prices: PriceTable(), currency: sym("USD"), method: .fifo)
        guard case .failure(.missingPrices(let missing)) = result else {
            Issue.record("expected missingPrices, got \(result)")
            return
        }
        #expect(missing.map(\.sequences) == [[1], [2]])
        #expect(
            JournalExportError.missingPrices(missing).message
                == "nothing exported: a journal needs every cost and value, and 2 events lack a price: SOL/USD 2024-01-01 to 2024-01-02; fetch them with 'ledger prices fetch --missing', then export again"
        )
    }

    @Test("a fiat leg in another currency needs its rate even where the replay did not")
    func missingRate() {
        var make = Events()
        let events = Events.sequenced([
            make.deposit("EUR", "100", on: "2024-01-01", account: "bank")
        ])
        let prices = priceTable("2024-01-01 EUR 1.1 USD")
        let fine = JournalBuilder.build(events: events, prices: prices, currency: sym("USD"), method: .fifo)
        #expect((try? fine.get()) != nil)
        let missing = JournalBuilder.build(events: events, prices: PriceTable(), currency: sym("USD"), method: .fifo)
        guard case .failure(.missingPrices(let needed)) = missing else {
            Issue.record("expected missingPrices")
            return
        }
        #expect(needed.first?.sequences == [1])
    }
}
