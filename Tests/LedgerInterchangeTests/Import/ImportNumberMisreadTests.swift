import LedgerCore
import LedgerInterchange
import Testing

/// The shapes issue 39 found read silently by the generic and Coinbase layouts: each is
/// refused at its line with one sentence saying why.
@Suite("Numbers that used to be misread (issue 39)")
struct ImportNumberMisreadTests {
    typealias Misread = ImportMisreadTests

    static func coinbase(_ quantity: String, asset: String = "BTC", price: String = "$40,000.00") throws
        -> [ImportOutcome]
    {
        let row = "a1,2024-01-10 10:00:00 UTC,Buy,\(asset),\(quantity),USD,\"\(price)\",$20.00,$20.00,$0.00,Bought\n"
        return try Misread.read(Misread.coinbaseHeader + row)
    }

    @Test(
        "a dangling exponent, a digit of another script and another asset's unit are refused at their line",
        arguments: [
            ("1.5E", "Amount '1.5E' is not a number: its exponent 'E' has no digits after it"),
            ("1.5e", "Amount '1.5e' is not a number: its exponent 'E' has no digits after it"),
            ("1٢", "Amount '1٢' is not a number: '٢' is a digit of another script; write digits as 0-9"),
            ("٢1", "Amount '٢1' is not a number: '٢' is a digit of another script; write digits as 0-9"),
            ("1１", "Amount '1１' is not a number: '１' is a digit of another script; write digits as 0-9"),
            ("5ETH", "Amount '5ETH' is an amount of ETH, not of BTC as the row says; correct the row"),
            ("5 eth", "Amount '5 eth' is an amount of ETH, not of BTC as the row says; correct the row"),
        ])
    func genericQuantity(text: String, message: String) throws {
        let outcomes = try Misread.generic("2024-01-02 10:00:00,buy,BTC,\(text),100\n")
        #expect(Misread.problems(outcomes) == [ImportProblem(line: 2, message: message)])
        #expect(Misread.events(outcomes).isEmpty)
    }

    @Test("the row's own unit is still read: 5BTC and 5 btc are 5 BTC")
    func ownUnit() throws {
        for text in ["5BTC", "5 btc", "5"] {
            let outcomes = try Misread.generic("2024-01-02 10:00:00,buy,BTC,\(text),100\n")
            #expect(Misread.problems(outcomes).isEmpty)
            #expect(Misread.holdings(outcomes) == ["BTC": ExactDecimal(5), "USD": ExactDecimal(-500)])
        }
    }

    @Test("a price whose total needs a 19th decimal place is refused, not stored as 0")
    func tinyPrice() throws {
        let outcomes = try Misread.generic("2024-01-02 10:00:00,buy,BTC,0.5,0.000000000000000001\n")
        #expect(
            Misread.problems(outcomes) == [
                ImportProblem(
                    line: 2,
                    message:
                        "0.5 × Price 0.000000000000000001 needs more than 18 decimal places (or is too large), and no amount is ever rounded; give the total instead of the price"
                )
            ])
        let exact = try Misread.generic("2024-01-02 10:00:00,buy,BTC,1,0.000000000000000001\n")
        #expect(Misread.holdings(exact) == ["BTC": ExactDecimal(1), "USD": ExactDecimal("-0.000000000000000001")!])
    }

    @Test(
        "the Coinbase layout refuses the same shapes in its quantity and its money columns",
        arguments: [
            ("1.5E", "BTC", "Quantity Transacted '1.5E' is not a number: its exponent 'E' has no digits after it"),
            (
                "1٢", "BTC",
                "Quantity Transacted '1٢' is not a number: '٢' is a digit of another script; write digits as 0-9"
            ),
            (
                "5ETH", "BTC",
                "Quantity Transacted '5ETH' is an amount of ETH, not of BTC as the row says; correct the row"
            ),
        ])
    func coinbaseQuantity(text: String, asset: String, message: String) throws {
        let outcomes = try Self.coinbase(text, asset: asset)
        #expect(Misread.problems(outcomes) == [ImportProblem(line: 2, message: message)])
    }

    @Test("a Coinbase total in another currency than the price currency is refused")
    func coinbaseTotalUnit() throws {
        let row = "a1,2024-01-10 10:00:00 UTC,Buy,BTC,0.001,USD,$40000,40 EUR,40 EUR,$0.00,Bought\n"
        let outcomes = try Misread.read(Misread.coinbaseHeader + row)
        #expect(
            Misread.problems(outcomes).map(\.message) == [
                "Total (inclusive of fees and/or spread) '40 EUR' is an amount of EUR, not of USD as the row says; correct the row"
            ])
    }

    @Test("an Advanced Trade rate whose product needs a 19th place keeps the two exact amounts")
    func advancedRate() throws {
        let row =
            "a1,2024-01-10 10:00:00 UTC,Advanced Trade Buy,ETH,0.5,USD,$2700,$1350,$1350,$0,Bought 0.5 ETH for 1 USDC on ETH-USDC at 0.000000000000000003 USDC/ETH\n"
        let outcomes = try Misread.read(Misread.coinbaseHeader + row)
        #expect(Misread.problems(outcomes).isEmpty)
        #expect(Misread.holdings(outcomes) == ["ETH": ExactDecimal("0.5")!, "USDC": ExactDecimal(-1)])
    }

    @Test("an exact product is kept, anything else is nil")
    func multipliedExactly() {
        #expect(ExactDecimal("0.5")!.multipliedExactly(by: ExactDecimal("0.25")!) == ExactDecimal("0.125")!)
        #expect(ExactDecimal("0.5")!.multipliedExactly(by: ExactDecimal("0.000000000000000001")!) == nil)
        #expect(ExactDecimal("-2")!.multipliedExactly(by: ExactDecimal("3")!) == ExactDecimal(-6))
        #expect(ExactDecimal("100000000000000000000")!.multipliedExactly(by: ExactDecimal(10)) == nil)
    }
}
