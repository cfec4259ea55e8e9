import Foundation
import LedgerCore
import Testing

@testable import LedgerInterchange

/// The Interactive Brokers activity statement, read from a statement in the real layout
/// (`Fixtures/ibkr/activity-2024.csv`) and checked against its own summaries.
@Suite("Exchange presets: IBKR activity statement")
struct IBKRStatementTests {
    static let fixture = "ibkr/activity-2024.csv"

    static var text: String {
        String(
            decoding: FileManager.default.contents(atPath: PresetFixtureTests.directory + "/" + fixture)!, as: UTF8.self
        )
    }

    static func events(_ outcomes: [ImportOutcome]) -> [ImportedEvent] {
        outcomes.compactMap { if case .event(let event) = $0 { event } else { nil } }
    }

    static func problems(_ outcomes: [ImportOutcome]) -> [ImportProblem] {
        outcomes.compactMap { if case .problem(let problem) = $0 { problem } else { nil } }
    }

    /// What the statement says is held at the end: Open Positions (`Summary` rows, symbol →
    /// quantity) and the Cash Report's `Ending Cash` per currency.
    static func statementHoldings(_ text: String) throws -> [String: ExactDecimal] {
        var held: [String: ExactDecimal] = [:]
        for row in try CSVStreamReader.records(Array(text.utf8)).map({ try $0.get() })
        where row.fields.count > 6 && row.fields[1] == "Data" {
            let fields = row.fields
            if fields[0] == "Open Positions", fields[2] == "Summary" {
                held[fields[5]] = try ImportNumber.money(fields[6], "Quantity")
            }
            if fields[0] == "Cash Report", fields[2] == "Ending Cash", fields[3] != "Base Currency Summary" {
                held[fields[3]] = try ImportNumber.money(fields[4], "Total")
            }
        }
        return held
    }

    @Test func everyPositionAndCashBalanceIsTheStatementsOwn() throws {
        let outcomes = try ImportReader.read(Array(Self.text.utf8), format: "auto")
        #expect(Self.problems(outcomes).isEmpty)
        let expected = try Self.statementHoldings(Self.text)
        #expect(expected.count == 8, "the statement lists six positions and two currencies")
        #expect(PresetFixtureTests.holdings(Self.events(outcomes)) == expected)
    }

    @Test func instrumentTypesGiveTheClasses() throws {
        let events = Self.events(try ImportReader.read(Array(Self.text.utf8), format: "ibkr"))
        var classes: [String: AssetClass] = [:]
        for event in events {
            if case .buy(let amount, _) = event.action { classes[amount.asset.symbol.text] = amount.asset.assetClass }
        }
        #expect(
            classes == ["AAPL": .stock, "BABA": .adr, "MSFT": .stock, "SAP": .stock, "VOO": .etf, "WMT": .stock])
    }

    @Test func tradesKeepTheirTotalsCommissionsAndCurrency() throws {
        let events = Self.events(try ImportReader.read(Array(Self.text.utf8), format: "ibkr"))
        let sap = try #require(events.first { $0.action.primaryAsset?.symbol.text == "SAP" })
        #expect(
            sap.action
                == .buy(Self.amount("15", "SAP", .stock), price: .unit(Price(ExactDecimal("138.5")!, Self.sym("EUR")))))
        #expect(sap.fee == Self.amount("3", "EUR", .fiat))
        let sale = try #require(events.first { if case .sell = $0.action { true } else { false } })
        #expect(
            sale.action
                == .sell(
                    Self.amount("20", "AAPL", .stock), price: .unit(Price(ExactDecimal("189.72")!, Self.sym("USD")))))
        #expect(sale.fee == Self.amount("1.02", "USD", .fiat))
        #expect(sale.note == "code C; realized P/L 87.88 USD (IBKR)")
        let conversions = events.filter { if case .trade = $0.action { true } else { false } }
        #expect(
            conversions.map(\.action) == [
                .trade(given: Self.amount("3285", "USD", .fiat), received: Self.amount("3000", "EUR", .fiat)),
                .trade(given: Self.amount("500", "EUR", .fiat), received: Self.amount("543.25", "USD", .fiat)),
            ])
        #expect(conversions.map(\.fee) == [Self.amount("2", "USD", .fiat), Self.amount("2", "USD", .fiat)])
        let split = try #require(events.first { if case .split = $0.action { true } else { false } })
        #expect(
            split.action == .split(Asset(Self.sym("WMT"), class: .stock), SplitRatio(numerator: 3, denominator: 1)!))
    }

    @Test func dividendsAreIncomeWithTheirWithholdingAsFee() throws {
        let events = Self.events(try ImportReader.read(Array(Self.text.utf8), format: "ibkr"))
        let dividends = events.filter { if case .income(_, .dividend, _) = $0.action { true } else { false } }
        // AAPL's tax was charged at 30 %, reversed, and charged at 15 %: it nets to 1.44.
        let expected: [(String, String, String)] = [
            ("9.6", "USD", "1.44"), ("9", "USD", "1.35"), ("15.43", "USD", "2.31"), ("33", "EUR", "8.7"),
        ]
        #expect(dividends.count == expected.count)
        for (gross, currency, tax) in expected {
            let match = dividends.first {
                $0.action == .income(Self.amount(gross, currency, .fiat), kind: .dividend, value: nil)
            }
            #expect(match?.fee == Self.amount(tax, currency, .fiat), "\(gross) \(currency)")
        }
        let apple = try #require(dividends.first { $0.note.hasPrefix("AAPL") })
        #expect(apple.note.hasSuffix("; withholding tax 1.44 USD"))
    }

    @Test func aBrokenRowIsAProblemAtItsLine() throws {
        let lines = Self.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = try #require(lines.firstIndex { $0.contains(",MSFT,\"2024-01-08") })
        var broken = lines
        broken[index] = broken[index].replacingOccurrences(of: ",12,375,", with: ",twelve,375,")
        let outcomes = try ImportReader.read(Array(broken.joined(separator: "\n").utf8), format: "auto")
        #expect(
            Self.problems(outcomes) == [ImportProblem(line: index + 1, message: "Quantity 'twelve' is not a number")])
    }

    @Test func aSectionItDoesNotReadIsRefusedOnce() throws {
        let text = """
            Statement,Header,Field Name,Field Value
            Statement,Data,Title,Activity Statement
            Transfers,Header,Asset Category,Currency,Symbol,Date,Type,Direction,Xfer Company,Qty
            Transfers,Data,Stocks,USD,AAPL,2024-03-01,ACATS,In,Other Broker,10
            Transfers,Data,Stocks,USD,MSFT,2024-03-01,ACATS,In,Other Broker,5
            Withholding Tax,Header,Currency,Date,Description,Amount,Code
            Withholding Tax,Data,USD,2024-01-10,KO(US1912161007) Cash Dividend USD 0.46 per Share - US Tax,-0.69,
            """
        let outcomes = try ImportReader.read(Array(text.utf8), format: "ibkr")
        let problems = Self.problems(outcomes)
        #expect(problems.map(\.line) == [4])
        #expect(problems.first?.message.hasPrefix("section 'Transfers' is not one the ibkr preset reads") == true)
        // A tax whose dividend is in an earlier statement is a fee of its own.
        #expect(Self.events(outcomes).map(\.action) == [.fee(Self.amount("0.69", "USD", .fiat))])
    }

    @Test func splitDescriptions() {
        #expect(
            IBKRStatementLayout.splitRatio("AAPL(US0378331005) Split 4 for 1 (AAPL, APPLE INC, US0378331005)")
                == SplitRatio(numerator: 4, denominator: 1))
        #expect(
            IBKRStatementLayout.splitRatio("GE(US3696043013) Split 1 for 8 (GE, GENERAL ELECTRIC CO, US3696043013)")
                == SplitRatio(numerator: 1, denominator: 8))
        #expect(IBKRStatementLayout.splitRatio("XYZ(US0000000000) Merged(Acquisition) FOR USD 10.00 PER SHARE") == nil)
    }

    static func sym(_ text: String) -> AssetSymbol { AssetSymbol(text)! }

    static func amount(_ quantity: String, _ symbol: String, _ assetClass: AssetClass) -> AssetAmount {
        AssetAmount(ExactDecimal(quantity)!, Asset(sym(symbol), class: assetClass))
    }
}
