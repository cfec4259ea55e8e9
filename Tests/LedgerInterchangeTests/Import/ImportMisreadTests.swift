import LedgerCore
import LedgerCoreTestSupport
import LedgerInterchange
import Testing

/// The rows issue 18 found misread: each is now read right or refused at its line.
@Suite("Rows that used to be misread")
struct ImportMisreadTests {
    static let coinbaseHeader =
        "ID,Timestamp,Transaction Type,Asset,Quantity Transacted,Price Currency,Price at Transaction,Subtotal,Total (inclusive of fees and/or spread),Fees and/or Spread,Notes\n"

    static func read(_ text: String, format: String = "auto", mapping: [String: String]? = nil) throws
        -> [ImportOutcome]
    {
        let options = ImportOptions(mapping: mapping.map { GenericMapping(columns: $0) })
        return try ImportReader.read(Array(text.utf8), format: format, options: options)
    }

    static func generic(_ rows: String) throws -> [ImportOutcome] {
        let map = ["date": "Time", "side": "Type", "asset": "Coin", "quantity": "Amount", "price": "Price"]
        return try read("Time,Type,Coin,Amount,Price\n" + rows, format: "generic", mapping: map)
    }

    static func events(_ outcomes: [ImportOutcome]) -> [ImportedEvent] {
        outcomes.compactMap { if case .event(let event) = $0 { event } else { nil } }
    }

    static func problems(_ outcomes: [ImportOutcome]) -> [ImportProblem] {
        outcomes.compactMap { if case .problem(let problem) = $0 { problem } else { nil } }
    }

    static func holdings(_ outcomes: [ImportOutcome]) -> [String: ExactDecimal] {
        PresetFixtureTests.holdings(events(outcomes))
    }

    @Test("a leading dot is a decimal mark: .5 BTC at .25 is 0.5 BTC for 0.125 USD")
    func leadingDot() throws {
        let outcomes = try Self.generic("2024-01-02 10:00:00,buy,BTC,.5,.25\n")
        #expect(Self.problems(outcomes).isEmpty)
        #expect(Self.holdings(outcomes) == ["BTC": ExactDecimal("0.5")!, "USD": ExactDecimal("-0.125")!])
    }

    @Test("a Coinbase fee of $.30 is 0.30 USD")
    func coinbaseDotFee() throws {
        let row = "a1,2024-01-10 10:00:00 UTC,Buy,BTC,0.001,USD,\"$45,000.00\",$45.00,$45.30,$.30,Bought\n"
        let outcomes = try Self.read(Self.coinbaseHeader + row)
        #expect(Self.holdings(outcomes) == ["BTC": ExactDecimal("0.001")!, "USD": ExactDecimal("-45.3")!])
        #expect(Self.events(outcomes).first?.fee?.quantity == ExactDecimal("0.3")!)
    }

    @Test("a buy of a negative quantity is refused at its line, in a preset and in a generic file")
    func negativeBuy() throws {
        let coinbase = try Self.read(
            Self.coinbaseHeader + "a1,2024-01-10 10:00:00 UTC,Buy,BTC,-1,USD,$100.00,$100.00,$100.00,$0.00,Bought\n")
        #expect(
            Self.problems(coinbase) == [
                ImportProblem(
                    line: 2,
                    message:
                        "quantity is -1 BTC on a buy; a buy brings the asset in, so the quantity cannot be negative")
            ])
        let generic = try Self.generic("2024-01-02 10:00:00,buy,BTC,-1,100\n2024-01-02 10:00:00,deposit,BTC,-1,\n")
        #expect(Self.problems(generic).map(\.line) == [2, 3])
        #expect(
            Self.problems(generic)[0].message
                == "Amount is -1 BTC on a buy; a buy brings the asset in, so the quantity cannot be negative")
        #expect(
            Self.problems(generic)[1].message
                == "Amount is -1 BTC on a deposit; a deposit brings the asset in, so it cannot be negative")
    }

    @Test("a deposit of a negative amount is refused, in the exchanges whose amounts are unsigned")
    func negativeDeposit() throws {
        let bitstamp = try Self.read(
            "ID,Account,Type,Subtype,Datetime,Amount,Amount currency,Value,Value currency,Rate,Rate currency,Fee,Fee currency,Order ID\n100,Main Account,Deposit,,2020-12-20T10:00:00Z,-100.00,EUR,,,,,,,\n"
        )
        #expect(
            Self.problems(bitstamp) == [
                ImportProblem(
                    line: 2,
                    message: "Amount is -100 EUR on a deposit; a deposit brings the asset in, so it cannot be negative")
            ])
        let binance = try Self.read(
            "Date(UTC+0),Coin,Network,Amount,Address,TXID,Status\n2024-01-02 10:00:00,BTC,BTC,-0.5,bc1q,abc,Completed\n"
        )
        #expect(Self.problems(binance).map(\.line) == [2])
    }

    @Test("a sale written negative is read as the sale it says (the sign agrees with the side)")
    func negativeSale() throws {
        let outcomes = try Self.generic("2024-01-02 10:00:00,sell,BTC,-1,100\n")
        #expect(Self.holdings(outcomes) == ["BTC": ExactDecimal(-1), "USD": ExactDecimal(100)])
    }

    @Test("a row with more fields than the header (an unquoted decimal comma) is refused at its line")
    func extraField() throws {
        let outcomes = try Self.generic("2024-01-02 10:00:00,buy,BTC,0,5,100\n2024-01-02 11:00:00,buy,BTC,1,100\n")
        #expect(
            Self.problems(outcomes) == [
                ImportProblem(
                    line: 2,
                    message:
                        "the row has 6 fields where the header has 5: a field holds an unquoted ',' (a decimal comma?); quote such fields, or export with another delimiter and pass --delimiter"
                )
            ])
        #expect(Self.events(outcomes).count == 1)
    }

    @Test("a time whose UTC instant is past 9999-12-31 is refused, not stored as year 10000")
    func outOfRange() throws {
        let outcomes = try Self.generic("9999-12-31T23:59:59-18:00,buy,BTC,1,100\n")
        #expect(
            Self.problems(outcomes) == [
                ImportProblem(line: 2, message: "Time '9999-12-31T23:59:59-18:00' is \(Timestamp.recordableRangeText)")
            ])
        #expect(throws: RowError.self) { try ImportDate.iso("9999-12-31 23:00:00", "Time", defaultOffset: -3600) }
        #expect(throws: RowError.self) { try ImportDate.iso("0001-01-01 00:00:00", "Time", defaultOffset: 3600) }
        #expect(try ImportDate.iso("9999-12-31 23:59:59 UTC", "Time") == Timestamp.recordable.upperBound)
        guard case .failure(let error) = Timestamp.parse("9999-12-31T23:59:59-18:00") else {
            Issue.record("parsed")
            return
        }
        #expect(error.outOfRange)
        #expect(try Timestamp.parse("0001-01-01T00:00:00Z").get() == Timestamp.recordable.lowerBound)
    }

    @Test("an Advanced Trade in another quote moves the quote by the Notes amount; the rest of it is the fee")
    func advancedTradeFee() throws {
        let rows = [
            "a1,2024-02-10 15:00:00 UTC,Advanced Trade Buy,ETH,0.5,USD,\"$2,700.00\",\"$1,350.00\",\"$1,350.75\",$0.75,\"Bought 0.5 ETH for 1,350.75 USDC on ETH-USDC at 2,700.00 USDC/ETH\"",
            "a2,2024-02-11 15:00:00 UTC,Advanced Trade Sell,ETH,-0.5,USD,\"$2,700.00\",\"$1,350.00\",\"$1,349.25\",$0.75,\"Sold 0.5 ETH for 1,349.25 USDC on ETH-USDC at 2,700.00 USDC/ETH\"",
        ]
        let outcomes = try Self.read(Self.coinbaseHeader + rows.joined(separator: "\n") + "\n")
        let events = Self.events(outcomes)
        #expect(
            events.map(\.fee) == [
                AssetAmount(ExactDecimal("0.75")!, Asset(AssetSymbol("USDC")!)),
                AssetAmount(ExactDecimal("0.75")!, Asset(AssetSymbol("USDC")!)),
            ])
        #expect(Self.holdings([outcomes[0]]) == ["ETH": ExactDecimal("0.5")!, "USDC": ExactDecimal("-1350.75")!])
        #expect(Self.holdings(outcomes) == ["USDC": ExactDecimal("-1.5")!])
    }

    @Test("when the Notes amount is on the wrong side of quantity × rate, it is what moved, and there is no fee")
    func advancedTradeWithoutRoomForAFee() throws {
        let row =
            "a1,2024-02-10 15:00:00 UTC,Advanced Trade Buy,ETH,0.3,USD,\"$2,700.00\",$810.00,$810.00,$0.00,\"Bought 0.3 ETH for 800.02 USDC on ETH-USDC at 2,700.00 USDC/ETH\"\n"
        let outcomes = try Self.read(Self.coinbaseHeader + row)
        let event = try #require(Self.events(outcomes).first)
        #expect(event.fee == nil)
        #expect(Self.holdings(outcomes) == ["ETH": ExactDecimal("0.3")!, "USDC": ExactDecimal("-800.02")!])
    }
}
