import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerStore
import LedgerTestSupport
import Testing

/// The social page's rules as LedgerApp's use cases, on a real `accounts.sqlite` with a clock
/// the test moves: what a message may hold, the newest N kept, the rate limit, opt-in trade
/// posts that never carry an amount, who sees and who deletes.
@Suite("Accounts: the messages of the social page")
struct MessageBoardTests {
    typealias Clock = AccountsTests.Clock

    static func board(_ clock: Clock = Clock()) throws -> Accounts {
        let accounts = try AccountsTests.open(makeTemporaryDirectory("messages"), clock)
        for (name, admin) in [("alice", false), ("bob", false), ("root", true)] {
            try accounts.addUser(name, password: "correct horse", admin: admin)
        }
        return accounts
    }

    static func trade(_ buy: Bool, _ symbol: String, id: UInt64) -> LedgerEvent {
        let amount = AssetAmount(ExactDecimal(units: 4_321 * 1_000_000_000_000_000), Asset(AssetSymbol(symbol)!))
        let price = PriceTerm.total(ExactDecimal(98_765), quote: AssetSymbol("USD")!)
        return LedgerEvent(
            id: EventID(milliseconds: id, random: (0, 0)), occurredAt: Timestamp(secondsSinceEpoch: 1_700_000_000),
            recordedAt: Timestamp(secondsSinceEpoch: 1_700_000_000), account: "kraken",
            action: buy ? .buy(amount, price: price) : .sell(amount, price: price), note: "private")
    }

    @Test("text is kept as written (markup too, pages escape it); empty, long and invisible characters are refused")
    func rules() throws {
        #expect(try MessageRules.checked("  <b>hi</b>\r\nthere \n") == "<b>hi</b>\nthere")
        #expect(try MessageRules.checked("👨‍👩‍👧 tab\there") == "👨‍👩‍👧 tab\there")
        #expect(throws: MessageError.empty) { try MessageRules.checked(" \n\t ") }
        #expect(throws: MessageError.tooLong(characters: 10_240)) {
            try MessageRules.checked(String(repeating: "x", count: 10_240))
        }
        #expect(try MessageRules.checked(String(repeating: "é", count: 500)).count == 500)
        #expect(throws: MessageError.invisibleCharacter(0x202E)) { try MessageRules.checked("abc\u{202E}fed") }
        #expect(throws: MessageError.invisibleCharacter(0x1B)) { try MessageRules.checked("\u{1B}[2J") }
        #expect(MessageError.invisibleCharacter(0x202E).description.contains("U+202E"))
        #expect(try MessageRules.keepCount("100") == 100)
        for bad in ["0", "-1", "+5", "ten", "10001"] {
            #expect(throws: MessageError.notAKeepCount(bad)) { try MessageRules.keepCount(bad) }
        }
    }

    @Test("the newest N are kept, newest first, 25 to a page")
    func keepsNewest() throws {
        let clock = Clock()
        let accounts = try Self.board(clock)
        for number in 1...30 {
            _ = try accounts.postMessage(number % 2 == 0 ? "alice" : "bob", text: "message \(number)", kept: 27)
            clock.advance(seconds: 7)
        }
        let first = try accounts.messages(page: 1, kept: 27)
        #expect(first.messages.count == 25 && first.hasOlder && first.kept == 27)
        #expect(first.messages.first?.body == "message 30")
        let second = try accounts.messages(page: 2, kept: 27)
        #expect(second.messages.map(\.body) == ["message 5", "message 4"] && !second.hasOlder)
        _ = try accounts.postMessage("bob", text: "one more", kept: 25)
        #expect(try accounts.allMessages().map(\.body).last == "message 7")
        #expect(try accounts.allMessages().count == 25)
    }

    @Test("ten posts a minute per user, then a wait; other users are not held up")
    func rateLimit() throws {
        let clock = Clock()
        let accounts = try Self.board(clock)
        for number in 1...10 { _ = try accounts.postMessage("alice", text: "\(number)", kept: 25) }
        #expect(throws: MessageError.tooMany(waitSeconds: 60)) {
            try accounts.postMessage("alice", text: "eleven", kept: 25)
        }
        _ = try accounts.postMessage("bob", text: "bob is fine", kept: 25)
        clock.advance(seconds: 61)
        _ = try accounts.postMessage("alice", text: "eleven, later", kept: 25)
        #expect(try accounts.allMessages().count == 12)
    }

    @Test("a message's one-minute window does not sweep a sign-in's 15-minute attempts")
    func windowsApart() throws {
        let clock = Clock()
        let accounts = try Self.board(clock)
        let signIn = [AttemptLimit(key: "sign-in:alice", limit: 5)]
        let fifteen: Int64 = 15 * 60 * 1000
        for _ in 1...5 {
            guard case .allowed = try accounts.countAttempt(signIn, windowMilliseconds: fifteen) else {
                Issue.record("refused too early")
                return
            }
        }
        clock.advance(seconds: 120)
        _ = try accounts.postMessage("bob", text: "hello", kept: 25)
        #expect(try accounts.countAttempt(signIn, windowMilliseconds: fifteen) == .wait(seconds: 780))
    }

    @Test("trade posts are opt in, name the side and the asset only, and go with the trade's void")
    func tradePosts() throws {
        let accounts = try Self.board()
        #expect(try accounts.postTrade("alice", event: Self.trade(true, "BTC", id: 1), kept: 25) == nil)
        try accounts.setTradePosts("alice", true)
        #expect(try accounts.user("alice")?.tradePosts == true && accounts.user("bob")?.tradePosts == false)
        let buy = try #require(try accounts.postTrade("alice", event: Self.trade(true, "BTC", id: 2), kept: 25))
        let sell = try #require(try accounts.postTrade("alice", event: Self.trade(false, "ETH", id: 3), kept: 25))
        #expect(buy.row.text == "alice bought BTC" && sell.row.text == "alice sold ETH")
        var deposit = Self.trade(true, "USD", id: 4)
        deposit.action = .deposit(AssetAmount(ExactDecimal(5), Asset(AssetSymbol("USD")!)))
        #expect(try accounts.postTrade("alice", event: deposit, kept: 25) == nil)
        let json = MessageJSON.messages(try accounts.allMessages(), page: 1, older: false, kept: 25)
        for secret in ["4321", "4.321", "98765", "kraken", "private", "1700000000", "2023-11-14"] {
            #expect(!json.contains(secret), "\(secret) in \(json)")
        }
        #expect(json.contains("\"text\": \"alice bought BTC\"") && json.contains("\"side\": \"sell\""))
        try accounts.removeTradePost("bob", eventID: Self.trade(true, "BTC", id: 2).id)
        #expect(try accounts.allMessages().count == 2, "bob's void cannot remove alice's post")
        try accounts.removeTradePost("alice", eventID: Self.trade(true, "BTC", id: 2).id)
        #expect(try accounts.allMessages().map(\.text) == ["alice sold ETH"])
    }

    @Test("disabled users' messages are hidden; the author or an admin deletes, nobody else")
    func whoSeesAndDeletes() throws {
        let accounts = try Self.board()
        let alices = try accounts.postMessage("alice", text: "from alice", kept: 25)
        let bobs = try accounts.postMessage("bob", text: "from bob", kept: 25)
        #expect(throws: MessageError.notYours(alices.id)) {
            try accounts.deleteMessage(String(alices.id), by: "bob", isAdmin: false)
        }
        #expect(throws: MessageError.noSuchMessage("99")) {
            try accounts.deleteMessage("99", by: "bob", isAdmin: false)
        }
        #expect(throws: MessageError.noSuchMessage("x")) { try accounts.deleteMessage("x", by: "bob", isAdmin: false) }
        try accounts.setDisabled("bob", true)
        #expect(try accounts.messages(page: 1, kept: 25).messages.map(\.body) == ["from alice"])
        #expect(try accounts.allMessages().map(\.hidden) == [true, false])
        #expect(throws: MessageError.noSuchMessage(String(bobs.id))) {
            try accounts.deleteMessage(String(bobs.id), by: "alice", isAdmin: false)
        }
        try accounts.deleteMessage(String(bobs.id), by: "root", isAdmin: true)
        try accounts.deleteMessage(String(alices.id), by: "alice", isAdmin: false)
        #expect(try accounts.allMessages().isEmpty)
    }
}
