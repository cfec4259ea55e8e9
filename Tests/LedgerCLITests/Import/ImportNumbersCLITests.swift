import Foundation
import LedgerCore
import LedgerStore
import LedgerTestSupport
import Testing

/// Issue 18 at the command line: the messages a user sees for misread numbers and times, and
/// the one quantity fold the import shares with `add` and `verify`.
@Suite("import: numbers, times and the quantity fold")
struct ImportNumbersCLITests: ScratchLedger {
    let directory = makeTemporaryDirectory()

    static let map = "date=Time,side=Type,asset=Coin,quantity=Amount,price=Price"

    @Test("dot.csv of the issue: .5 BTC is imported as 0.5 BTC")
    func leadingDot() throws {
        let fixed = environment()
        let file = try write("dot.csv", "Time,Type,Coin,Amount,Price\n2024-01-02 10:00:00,buy,BTC,.5,100\n")
        #expect(fixed.run(["import", file, "--map", Self.map]) == 0, "\(fixed.stderr.text)")
        let events = try Ledger(path: ledger, mode: .mustExist).events.allEvents()
        #expect(
            events.map(\.action) == [
                .buy(
                    AssetAmount(ExactDecimal("0.5")!, Asset(AssetSymbol("BTC")!)),
                    price: .unit(Price(ExactDecimal(100), AssetSymbol("USD")!)))
            ])
    }

    @Test("a row with one field more than its header is refused with FILE:LINE and nothing is imported")
    func extraField() throws {
        let fixed = environment()
        let file = try write("comma.csv", "Time,Type,Coin,Amount,Price\n2024-01-02 10:00:00,buy,BTC,0,5,100\n")
        #expect(fixed.run(["import", file, "--map", Self.map]) == 1)
        #expect(
            fixed.stderr.text.contains(
                "\(file):2: the row has 6 fields where the header has 5: a field holds an unquoted ','"))
        #expect(!FileManager.default.fileExists(atPath: ledger))
    }

    @Test("add --date whose UTC instant is past year 9999 is refused with one error line")
    func addOutOfRange() {
        let fixed = environment()
        #expect(fixed.run(["add", "deposit", "USD", "100", "--date", "9999-12-31T23:59:59-18:00"]) == 64)
        #expect(
            fixed.stderr.text
                == "ledger: error: --date '9999-12-31T23:59:59-18:00' is \(Timestamp.recordableRangeText)\n")
        #expect(
            fixed.run(["add", "deposit", "USD", "100", "--date", "9999-12-31T23:59:59Z"]) == 0, "\(fixed.stderr.text)")
    }

    /// 2 shares split 1:3 hold 0.666666666666666666 (toward zero, as the lots do), not …667.
    @Test("after a split that does not divide evenly, the import holds what add and verify hold")
    func unevenSplit() throws {
        let fixed = environment()
        #expect(
            fixed.run(["add", "buy", "XYZ", "2", "@", "10", "--class", "stock", "--date", "2024-01-01"]) == 0,
            "\(fixed.stderr.text)")
        #expect(fixed.run(["add", "split", "XYZ", "1:3", "--date", "2024-01-02"]) == 0, "\(fixed.stderr.text)")
        let tooMuch = try write(
            "too-much.csv", "Time,Type,Coin,Amount,Price\n2024-01-03 10:00:00,sell,XYZ,0.666666666666666667,10\n")
        #expect(fixed.run(["import", tooMuch, "--map", Self.map]) == 1)
        #expect(
            fixed.stderr.text.contains(
                "\(tooMuch):2: takes 0.666666666666666667 XYZ from 'default' where 0.666666666666666666 XYZ is held on 2024-01-03T10:00:00Z"
            ))
        let all = try write(
            "all.csv", "Time,Type,Coin,Amount,Price\n2024-01-03 10:00:00,sell,XYZ,0.666666666666666666,10\n")
        #expect(fixed.run(["import", all, "--map", Self.map]) == 0, "\(fixed.stderr.text)")
        #expect(fixed.run(["verify"]) == 0, "\(fixed.stderr.text)")
    }
}
