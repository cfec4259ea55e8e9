import LedgerCore
import LedgerCoreTestSupport
import Testing

@Suite("Held-quantity checks")
struct PositionBookTests {
    @Test("selling more than is held is a shortfall that says what was held")
    func oversell() throws {
        var make = Events()
        let buy = make.buy("BTC", "0.1", at: "30000", on: "2024-01-02")
        let sell = make.sell("BTC", "5", at: "1", on: "2024-01-03")
        let shortfall = try #require(PositionBook.firstShortfall(in: [buy, sell]))
        #expect(shortfall.event.id == sell.id)
        #expect(shortfall.needed == ExactDecimal("5"))
        #expect(shortfall.held == ExactDecimal("0.1"))
    }

    @Test("a fold that keeps its first shortfall applies nothing after it, and keeps that one")
    func keepingFirst() throws {
        var make = Events()
        let buy = make.buy("BTC", "1", at: "30000", on: "2024-01-02")
        let first = make.sell("BTC", "2", at: "1", on: "2024-01-03")
        let second = make.sell("BTC", "3", at: "1", on: "2024-01-04")
        let more = make.buy("BTC", "7", at: "1", on: "2024-01-05")
        var book = PositionBook()
        var shortfall: Shortfall?
        for event in [buy, first, second, more] { book.apply(event, keepingFirst: &shortfall) }
        let kept = try #require(shortfall)
        #expect(kept.event.id == first.id && kept.needed == ExactDecimal("2") && kept.held == ExactDecimal("1"))
        // `first` is applied in full (as `apply` does); `second` and `more` are not.
        #expect(book.balance(PositionKey(account: "default", asset: AssetSymbol("BTC")!)) == ExactDecimal("-1"))
        var clean = PositionBook()
        var none: Shortfall?
        for event in [buy, more] { clean.apply(event, keepingFirst: &none) }
        #expect(none == nil)
        #expect(clean.balance(PositionKey(account: "default", asset: AssetSymbol("BTC")!)) == ExactDecimal("8"))
    }

    @Test("a sell with a fee in the same asset needs both")
    func feeInSameAsset() {
        var make = Events()
        let buy = make.buy("BTC", "1", at: "30000", on: "2024-01-02")
        var sell = make.sell("BTC", "1", at: "31000", on: "2024-01-03")
        sell.fee = Events.amount("0.0001", "BTC")
        #expect(PositionBook.firstShortfall(in: [buy, sell])?.needed == ExactDecimal("1.0001"))
    }

    @Test("buying with fiat never deposited is allowed; the fiat goes below zero")
    func fiatPaidIn() {
        var make = Events()
        let buy = make.buy("BTC", "0.5", at: "20000", on: "2024-01-02", fee: "10")
        var book = PositionBook()
        #expect(book.apply(buy) == nil)
        #expect(book.balance(PositionKey(account: "default", asset: AssetSymbol("USD")!)) == ExactDecimal("-10010"))
    }

    @Test("balances are per account; transfers move them")
    func accounts() {
        var make = Events()
        let buy = make.buy("ETH", "2", at: "2000", on: "2024-01-02", account: "binance")
        let move = make.transfer("ETH", "1.5", from: "binance", to: "cold", on: "2024-01-03")
        let sellFromCold = make.sell("ETH", "2", at: "2500", on: "2024-01-04", account: "cold")
        #expect(PositionBook.firstShortfall(in: [buy, move]) == nil)
        #expect(PositionBook.firstShortfall(in: [buy, move, sellFromCold])?.held == ExactDecimal("1.5"))
    }

    @Test("replay follows occurred-at, not the order of recording")
    func backdated() {
        var make = Events()
        let sell = make.sell("BTC", "1", at: "30000", on: "2024-02-01")
        let earlierBuy = make.buy("BTC", "1", at: "20000", on: "2024-01-01")
        #expect(PositionBook.firstShortfall(in: [sell, earlierBuy]) == nil)
    }

    @Test("a voided buy no longer counts, and a split scales what is held")
    func voidAndSplit() throws {
        var make = Events()
        let buy = make.buy("AAPL", "10", at: "150", on: "2024-01-02")
        let split = make.make(.split(Events.asset("AAPL", .stock), SplitRatio("4:1")!), on: "2024-02-01")
        let sell = make.sell("AAPL", "40", at: "40", on: "2024-03-01")
        #expect(PositionBook.firstShortfall(in: [buy, split, sell]) == nil)
        let void = make.void(buy, on: "2024-04-01")
        #expect(PositionBook.firstShortfall(in: [buy, split, sell, void])?.event.id == sell.id)
    }

    @Test("a split that does not divide evenly rounds toward zero, as the lots do")
    func unevenSplit() {
        var make = Events()
        let buy = make.buy("AAPL", "2", at: "150", on: "2024-01-02")
        let split = make.make(.split(Events.asset("AAPL", .stock), SplitRatio("1:3")!), on: "2024-02-01")
        var book = PositionBook()
        book.apply(buy)
        book.apply(split)
        #expect(
            book.balance(PositionKey(account: "default", asset: AssetSymbol("AAPL")!))
                == ExactDecimal("0.666666666666666666"))
        let sell = make.sell("AAPL", "0.666666666666666667", at: "1", on: "2024-03-01")
        #expect(PositionBook.firstShortfall(in: [buy, split, sell])?.held == ExactDecimal("0.666666666666666666"))
    }

    @Test("net changes: one per balance in the order first changed, guarded when any change is a held outflow")
    func netChanges() {
        var make = Events()
        var buy = make.buy("ETH", "1", at: "2000", on: "2024-01-02")
        buy.fee = Events.amount("0.01", "ETH")
        let changes = PositionBook.netChanges(buy)
        #expect(changes.map(\.key.asset.text) == ["ETH", "USD"])
        #expect(changes.map(\.delta) == [ExactDecimal("0.99"), ExactDecimal(-2000)])
        #expect(changes.map(\.guarded) == [true, false])
        #expect(PositionBook().isShort(changes[0]) == false)
    }

    @Test("checks can be limited to events at or after a point and to some keys")
    func scoped() {
        var make = Events()
        let oversell = make.sell("BTC", "1", at: "1", on: "2024-01-01")
        let later = make.buy("ETH", "1", at: "1", on: "2024-02-01")
        #expect(PositionBook.firstShortfall(in: [oversell, later], from: later) == nil)
        let ethKey = PositionKey(account: "default", asset: AssetSymbol("ETH")!)
        #expect(PositionBook.firstShortfall(in: [oversell, later], keys: [ethKey]) == nil)
    }
}

@Suite("Event validation")
struct EventValidationTests {
    @Test("quantities must be positive, prices and fees not negative")
    func numbers() {
        var make = Events()
        #expect(
            make.buy("BTC", "-1", at: "30000", on: "2024-01-02").validate()
                == .quantityNotPositive(field: "quantity", value: ExactDecimal("-1")!))
        #expect(make.buy("BTC", "0", at: "30000", on: "2024-01-02").validate() != nil)
        #expect(make.buy("BTC", "1", at: "-1", on: "2024-01-02").validate() == .negativePrice(ExactDecimal("-1")!))
        #expect(make.buy("BTC", "1", at: "0", on: "2024-01-02").validate() == nil)
        #expect(
            make.buy("BTC", "1", at: "1", on: "2024-01-02", fee: "-2").validate() == .negativeFee(ExactDecimal("-2")!))
    }

    @Test("names and sides")
    func names() {
        var make = Events()
        #expect(
            make.transfer("BTC", "1", from: "a", to: "a", on: "2024-01-02").validate() == .sameAccountBothSides("a"))
        #expect(
            make.deposit("BTC", "1", on: "2024-01-02", account: "has space").validate()
                == .invalidAccountName("has space"))
        #expect(
            make.make(.trade(given: Events.amount("1", "ETH"), received: Events.amount("2", "ETH")), on: "2024-01-02")
                .validate() != nil)
    }

    @Test("symbols: letters and digits, upper-cased; well-known fiat is inferred")
    func symbols() {
        #expect(AssetSymbol("1inch")?.text == "1INCH")
        #expect(AssetSymbol("BRK.B") != nil)
        #expect(AssetSymbol("123") == nil)
        #expect(AssetSymbol("BT C") == nil)
        #expect(AssetSymbol("") == nil)
        #expect(AssetSymbol("eur")?.inferredClass == .fiat)
        #expect(AssetSymbol("USDT")?.inferredClass == .crypto)
        #expect(SplitRatio("4:1") != nil && SplitRatio("1:10") != nil)
        #expect(
            SplitRatio("4") == nil && SplitRatio("0:1") == nil && SplitRatio("1:1") == nil && SplitRatio("-4:1") == nil)
    }

    @Test("event ids are 26-character ULIDs ordered by time")
    func ids() {
        let early = EventID(milliseconds: 1_000, random: (0, 0))
        let late = EventID(milliseconds: 2_000, random: (0xFFFF, .max))
        #expect(early.text.count == 26)
        #expect(early.text < late.text)
        #expect(EventID(early.text.lowercased()) == early)
        #expect(EventID("not-an-id") == nil)
    }

    @Test("ids minted within one millisecond count up from one random draw; a new millisecond draws again")
    func monotonicIDs() {
        var draws = 0
        let random = { () -> (UInt16, UInt64) in
            draws += 1
            return (0x1234, .max - 1)
        }
        let first = EventID.following(nil, milliseconds: 5_000, random: random)
        let second = EventID.following(first, milliseconds: 5_000, random: random)
        let third = EventID.following(second, milliseconds: 5_000, random: random)
        #expect(draws == 1)
        #expect(second.value == first.value + 1 && third.value == first.value + 2)
        // The low 64 random bits overflowing carry into the high 16: still increasing, still an id.
        #expect(third > second && EventID(third.text) == third)
        // A clock that steps back does not make ids go back.
        let stepBack = EventID.following(third, milliseconds: 4_000, random: random)
        #expect(stepBack.value == third.value + 1 && draws == 1)
        let later = EventID.following(stepBack, milliseconds: 6_000, random: random)
        #expect(draws == 2 && later == EventID(milliseconds: 6_000, random: (0x1234, .max - 1)))
    }
}
