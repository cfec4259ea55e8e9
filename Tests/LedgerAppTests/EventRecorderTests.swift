import LedgerApp
import LedgerCore
import LedgerStore
import LedgerTestSupport
import Testing

/// ``EventRecorder`` called directly, as the server's form and routes call it: the same events
/// and the same refusals as `ledger add` and `ledger void`, and nothing written when refused.
@Suite("EventRecorder: add and void as services")
struct EventRecorderTests {
    /// A fresh ledger path in its own directory (which is also HOME, for the anchor).
    struct Books {
        let directory = makeTemporaryDirectory()
        var path: String { directory + "/books.ledger" }
        let fixed: FixedEnvironment
        var context: AppContext { fixed.environment.app }
        var recorder: EventRecorder { EventRecorder(context: context) }

        init() {
            fixed = FixedEnvironment(variables: ["HOME": directory])
        }

        var opener: LedgerOpener {
            LedgerOpener(locator: LedgerLocator(flag: path, context: context), context: context)
        }
        var priceLedger: PriceLedger { get throws { try PriceLedger(opener: opener) } }

        /// The ledger as a command opens it to write (its anchor checked and kept in step).
        func amend() throws -> Ledger { try opener.open(.amend) }
        /// The ledger as it is on disk, to look at (no anchor).
        func open() throws -> Ledger { try Ledger(path: path, mode: .mustExist) }

        func add(_ words: String, fee: [String] = [], date: String = "2024-01-02") throws -> [LedgerEvent] {
            let input = AddInput(words: words.split(separator: " ").map(String.init), fee: fee, date: date)
            return try recorder.add(input, creatingIfMissing: priceLedger, market: fixed.environment.market).events
        }
    }

    @Test("a buy from an AddInput creates the ledger, with its currency, and is stored as the CLI stores it")
    func addBuy() throws {
        let books = Books()
        #expect(!Ledger.exists(at: books.path))
        let stored = try books.add("buy BTC 0.1 @ 30000", fee: ["5"])
        #expect(stored.count == 1)
        let event = try #require(stored.first)
        #expect(event.sequence == 1)
        #expect(event.occurredAt == Events.time("2024-01-02"))
        #expect(event.summary == "buy 0.1 BTC @ 30000 USD, fee 5 USD")
        let ledger = try books.open()
        #expect(try ledger.events.allEvents() == stored)
        #expect(try ledger.settings.setting(LedgerSetting.currency) == "USD")
    }

    @Test("a bad word is refused with the CLI's sentence, and no ledger is created")
    func badWord() throws {
        let books = Books()
        let words = ["buy", "BTC", "0,1", "@", "30000"]
        let refusal = #expect(throws: AddWordsError.self) {
            try books.recorder.add(
                AddInput(words: words), creatingIfMissing: books.priceLedger, market: books.fixed.environment.market)
        }
        let error = try #require(refusal)
        guard case .notANumber(what: "quantity", text: "0,1", _) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(!Ledger.exists(at: books.path))
        let status = books.fixed.run(["add", "--ledger", books.path] + words)
        #expect(status == 64)
        #expect(books.fixed.stderr.text == "ledger: error: \(error.description)\n")
        #expect(!Ledger.exists(at: books.path))
    }

    @Test("voiding an event twice is refused with alreadyVoided, and the second void writes nothing")
    func voidTwice() throws {
        let books = Books()
        let deposit = try #require(try books.add("deposit USD 1000").first)
        let ledger = try books.amend()
        let (void, target) = try books.recorder.void(reference: "1", reason: "typo", in: ledger.events)
        #expect(target == deposit)
        #expect(void.sequence == 2)
        #expect(void.action == .void(target: deposit.id, reason: "typo"))
        #expect(throws: VoidError.alreadyVoided(sequence: 1, voidSequence: 2, reason: "typo")) {
            try books.recorder.void(reference: "#1", reason: "again", in: ledger.events)
        }
        #expect(try ledger.events.chainHead().count == 2)
    }

    @Test("a void needs a reason; one of only spaces is refused before the ledger is read")
    func voidReason() throws {
        #expect(throws: VoidError.missingReason(id: "3")) {
            try EventRecorder.checkReason("  ", reference: "3")
        }
        #expect(try EventRecorder.checkReason("typo", reference: "3") == "typo")
    }

    @Test("a sell beyond holdings is refused with the shortfall, and nothing is written")
    func sellBeyondHoldings() throws {
        let books = Books()
        _ = try books.add("buy BTC 0.1 @ 30000")
        let before = try books.open().events.chainHead()
        let refusal = #expect(throws: HoldingsError.self) {
            try books.add("sell BTC 0.5 @ 31000", date: "2024-01-03")
        }
        guard case .shortfall(let shortfall, let draft) = try #require(refusal) else {
            Issue.record("not a shortfall")
            return
        }
        #expect(shortfall.needed == ExactDecimal("0.5"))
        #expect(shortfall.held == ExactDecimal("0.1"))
        #expect(draft.kind == .sell)
        #expect(try books.open().events.chainHead() == before)
    }
}
