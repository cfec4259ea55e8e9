import LedgerApp
import LedgerCore
import LedgerStore
import LedgerTestSupport
import Testing

/// `verify` folds the holdings check from the chain walk when the log's sequence order is its
/// replay order (`WalkHoldings`), and runs the separate pass over the replay rows otherwise:
/// either way the answer is the separate pass's (``LedgerVerification/invariantProblem(in:)``).
@Suite("Verify: the holdings check folded by the walk")
struct VerifyHoldingsTests {
    typealias Books = ReadUseCaseTests.Books

    /// What `verify` says of the ledger's invariants: nil when it verifies.
    func verifyProblem(_ books: Books) throws -> String? {
        do {
            _ = try LedgerVerification(opener: books.opener).run(expectedHead: nil, accept: false)
            return nil
        } catch VerifyError.invariant(let problem) {
            return problem
        }
    }

    /// The separate pass's answer, on the same file.
    func separateProblem(_ books: Books) throws -> String? {
        try LedgerVerification.invariantProblem(in: books.opener.open(.read(checkingAnchor: false)))
    }

    @Test("in time order: the shortfall the walk folded is named")
    func inOrderShortfall() throws {
        let books = Books()
        var events = Events()
        try books.append([
            events.buy("ETH", "1", at: "2000", on: "2024-01-02"),
            events.sell("ETH", "1", at: "2100", on: "2024-01-03"),
            events.sell("ETH", "1", at: "2100", on: "2024-01-03"),
        ])
        let problem = try #require(try verifyProblem(books))
        #expect(problem.hasPrefix("event #3 (sell 1 ETH @ 2100 USD) takes "))
        #expect(problem == (try separateProblem(books)))
    }

    @Test("out of time order: replay order decides (a sell recorded before the buy it follows is held)")
    func outOfOrder() throws {
        let books = Books()
        var events = Events()
        try books.append([
            events.sell("ETH", "1", at: "2100", on: "2024-01-05"),
            events.buy("ETH", "1", at: "2000", on: "2024-01-02"),
        ])
        // In sequence order #1 would take ETH that was not yet held.
        #expect(try verifyProblem(books) == nil)
        #expect(try separateProblem(books) == nil)
    }

    @Test("a void cancels what the walk visited: the event it cancels is not folded")
    func voidedShortfall() throws {
        let books = Books()
        var events = Events()
        let sell = events.sell("ETH", "2", at: "2100", on: "2024-01-03")
        try books.append([
            events.buy("ETH", "1", at: "2000", on: "2024-01-02"), sell, events.void(sell, on: "2024-01-04"),
        ])
        #expect(try verifyProblem(books) == nil)
    }

    @Test("seeded ledgers, in and out of order, with voids: verify's answer is the separate pass's")
    func seeded() throws {
        var covered = (inOrderShort: 0, unorderedShort: 0, sound: 0)
        for seed in UInt64(1)...40 {
            var random = SplitMix64(seed: seed)
            var events = Events(seed: seed)
            var made: [LedgerEvent] = []
            var day = 3
            for _ in 0..<Int.random(in: 4...12, using: &random) {
                if Int.random(in: 0..<5, using: &random) == 0 {
                    day = max(1, day - Int.random(in: 1...2, using: &random))
                } else {
                    day += Int.random(in: 0...1, using: &random)
                }
                let date = "2024-01-\(day < 10 ? "0" : "")\(day)"
                let symbol = Bool.random(using: &random) ? "ETH" : "BTC"
                let quantity = "\(Int.random(in: 1...3, using: &random))"
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<4: made.append(events.buy(symbol, quantity, at: "100", on: date))
                case 4..<8: made.append(events.sell(symbol, quantity, at: "100", on: date))
                case 8: made.append(events.deposit(symbol, quantity, on: date))
                default:
                    guard let target = made.filter({ $0.kind != .void }).randomElement(using: &random) else { continue }
                    made.append(events.void(target, on: date))
                }
            }
            let ordered =
                !made.contains { $0.kind == .void }
                && zip(made, made.dropFirst()).allSatisfy { $0.occurredAt <= $1.occurredAt }
            let books = Books()
            try books.append(made)
            let problem = try verifyProblem(books)
            #expect(problem == (try separateProblem(books)), "seed \(seed)")
            if problem == nil {
                covered.sound += 1
            } else if problem!.contains(" takes ") {
                if ordered { covered.inOrderShort += 1 } else { covered.unorderedShort += 1 }
            }
        }
        // The seeds reach both ways of answering, and sound ledgers.
        #expect(covered.inOrderShort > 0 && covered.unorderedShort > 0 && covered.sound > 0, "\(covered)")
    }
}
