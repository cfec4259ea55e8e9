import LedgerCore
import LedgerCoreTestSupport
import LedgerInterchange
import Testing

@Suite("Price CSV")
struct PriceCSVTests {
    static let now = Events.time("2024-06-01T12:00:00Z")

    func read(_ text: String, quote: String = "USD") -> PriceCSV.Contents {
        PriceCSV.read(Array(text.utf8), defaultQuote: AssetSymbol(quote)!, defaultDate: Self.now, source: "import")
    }

    func observation(_ asset: String, _ price: String, _ quote: String = "USD", on date: String? = nil)
        -> PriceObservation
    {
        PriceObservation(
            asset: AssetSymbol(asset)!, quote: AssetSymbol(quote)!, observedAt: date.map(Events.time) ?? Self.now,
            price: ExactDecimal(price)!, source: "import"
        )
    }

    @Test("optional columns take the defaults")
    func defaults() {
        let contents = read(
            "BTC,31000\nETH,2000,2024-01-02\nBTC,28000,2024-01-02T10:00:00Z,EUR\nSOL,150,,GBP\nADA,0.5,2024-01-03,\n",
            quote: "USD")
        #expect(contents.problems == [])
        #expect(
            contents.observations == [
                observation("BTC", "31000"), observation("ETH", "2000", on: "2024-01-02"),
                observation("BTC", "28000", "EUR", on: "2024-01-02T10:00:00Z"), observation("SOL", "150", "GBP"),
                observation("ADA", "0.5", on: "2024-01-03"),
            ])
    }

    @Test("a header is recognised by its price column, in any case, and checked")
    func header() {
        #expect(read("asset,price\nBTC,1\n").observations == [observation("BTC", "1")])
        #expect(read("\n Asset , PRICE ,Date,Currency\nBTC,1\n").problems == [])
        let wrong = read("asset,price,currency\nBTC,1\n")
        #expect(wrong.problems.map(\.line) == [1])
        #expect(wrong.problems.first?.message.contains("does not name the columns") == true)
        // Only the first row can be a header.
        #expect(
            read("BTC,1\nasset,price\n").problems == [
                ImportProblem(line: 2, message: "a header ('asset,price') may only be the first line")
            ])
    }

    @Test("every bad row is reported with its line, the good ones are still read")
    func problems() {
        let contents = read(
            "asset,price\nBT-C,1\nETH,abc\n\nSOL,-5\nADA,1,2024-13-45\nDOT,1,,U$D\nUSD,1\nXRP\nA,1,2024-01-01,USD,extra\nDOGE,1\n"
        )
        #expect(contents.problems.map(\.line) == [2, 3, 5, 6, 7, 8, 9, 10])
        #expect(
            contents.problems.map(\.message) == [
                "'BT-C' is not an asset symbol; use letters and digits such as BTC, 1INCH or AAPL",
                "price 'abc' is not a number: it has an unexpected 'a' at position 1; write it with digits and a dot, e.g. 0.5 or 30000",
                "price must be 0 or more, got -5",
                "date '2024-13-45' is not a valid date; use YYYY-MM-DD, YYYY-MM-DDTHH:MM:SSZ or YYYY-MM-DDTHH:MM:SS+02:00",
                "currency 'U$D' is not a currency code; use a code such as USD, EUR or GBP",
                "a price of USD in USD is always 1; give it in another currency in the currency column",
                "expected asset,price[,date[,currency]], found 1 field",
                "expected asset,price[,date[,currency]], found 5 fields",
            ])
        #expect(contents.observations == [observation("DOGE", "1")])
    }

    @Test("a decimal comma in a quoted field is refused, not misread")
    func decimalComma() {
        let contents = read("BTC,\"1,5\"\n")
        #expect(
            contents.problems.map(\.message) == [
                "price '1,5' is not a number: it has an unexpected ',' at position 2; use a dot for decimals and no thousands separators, e.g. 1.5 or 30000"
            ])
    }

    @Test("the same key twice counts once with the same price and is refused with another")
    func duplicates() {
        let same = read("BTC,1,2024-01-02\nBTC,1,2024-01-02\n")
        #expect(same.problems == [] && same.observations.count == 1)
        let different = read("BTC,1,2024-01-02\nBTC,1,2024-01-02,EUR\nBTC,2,2024-01-02\n")
        #expect(different.observations.count == 2)
        #expect(
            different.problems == [
                ImportProblem(line: 3, message: "BTC in USD on 2024-01-02 is priced 1 on line 1 and 2 here; keep one")
            ])
    }

    @Test("BOM, CRLF and exact decimals")
    func bytes() {
        let contents = PriceCSV.read(
            [0xEF, 0xBB, 0xBF] + Array("asset,price\r\nDUST,0.000000000000000001\r\nBTC,123456789012.5\r\n".utf8),
            defaultQuote: AssetSymbol("USD")!, defaultDate: Self.now, source: "import"
        )
        #expect(contents.problems == [])
        #expect(contents.observations.map(\.price.description) == ["0.000000000000000001", "123456789012.5"])
    }

    @Test("an unclosed quote is a problem at the line it opened")
    func unclosedQuote() {
        let contents = read("BTC,1\nETH,\"2\nSOL,3\n")
        #expect(contents.observations == [observation("BTC", "1")])
        #expect(contents.problems.map(\.line) == [2])
    }

    @Test func emptyInput() {
        for text in ["", "\n", "\n\n,,\n", "asset,price\n"] {
            let contents = read(text)
            #expect(contents.observations.isEmpty && contents.problems.isEmpty)
        }
    }
}
