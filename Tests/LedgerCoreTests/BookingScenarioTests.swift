import LedgerCore
import LedgerCoreTestSupport
import Testing

/// Booking as before/apply/after rows (DESIGN.md §6, EXAMPLES.md 6). Notation: see
/// `Sources/LedgerCoreTestSupport/BookingScenario.swift`. Each action is dated one day after the
/// previous one, the first one day after the latest lot; an uncovered piece (`Q@0`) is dated on
/// its sale and its row also expects one warning.
@Suite("Booking scenarios")
struct BookingScenarioTests {
    static let fifo = [
        // partial lot
        "lots 5@100 2024-01-01 | sell 2 | fifo -> 2@100 2024-01-01 | left 3@100 2024-01-01",
        // exact lot
        "lots 2@100 2024-01-01, 3@120 2024-01-02 | sell 2 | fifo -> 2@100 2024-01-01 | left 3@120 2024-01-02",
        // several lots, written newest first: the oldest is still taken first (DESIGN.md's row)
        "lots 5@111.11 2024-10-02, 4@100.00 2024-10-01 | sell 7 | fifo -> 4@100.00 2024-10-01, 3@111.11 2024-10-02 | left 2@111.11 2024-10-02",
        // all lots consumed
        "lots 1@10 2024-01-01, 2@20 2024-01-02 | sell 3 | fifo -> 1@10 2024-01-01, 2@20 2024-01-02 | left none",
        // more than held: the 2 not covered are a zero-cost piece dated on the sale, with a warning
        "lots 1@100 2024-01-01 | sell 3 | fifo -> 1@100 2024-01-01, 2@0 2024-01-02 | left none",
        // nothing held at all
        "lots none | sell 1 | fifo -> 1@0 2024-01-02 | left none",
        // two sells in a row: the second continues in the lot the first started
        "lots 2@10 2024-01-01, 2@20 2024-01-02 | sell 1, sell 2 | fifo -> 1@10 2024-01-01, 1@10 2024-01-01, 1@20 2024-01-02 | left 1@20 2024-01-02",
        // a buy between sells queues behind the older lot
        "lots 1@10 2024-01-01 | sell 0.5, buy 1@30, sell 1 | fifo -> 0.5@10 2024-01-01, 0.5@10 2024-01-01, 0.5@30 2024-01-03 | left 0.5@30 2024-01-03",
        // lots on the same day go in the order recorded
        "lots 1@20 2024-01-01, 1@10 2024-01-01 | sell 1 | fifo -> 1@20 2024-01-01 | left 1@10 2024-01-01",
        // a fee paid in the asset is a reduction like a sale
        "lots 1@10 2024-01-01, 1@20 2024-01-02 | fee 0.5 | fifo -> 0.5@10 2024-01-01 | left 0.5@10 2024-01-01, 1@20 2024-01-02",
        // satoshi-sized quantities stay exact
        "lots 0.00000001@30000 2024-01-01, 0.5@40000 2024-01-02 | sell 0.00000002 | fifo -> 0.00000001@30000 2024-01-01, 0.00000001@40000 2024-01-02 | left 0.49999999@40000 2024-01-02",
    ]

    static let lifo = [
        "lots 4@100 2024-01-01, 5@111.11 2024-01-02 | sell 2 | lifo -> 2@111.11 2024-01-02 | left 4@100 2024-01-01, 3@111.11 2024-01-02",
        "lots 4@100 2024-01-01, 5@111.11 2024-01-02 | sell 5 | lifo -> 5@111.11 2024-01-02 | left 4@100 2024-01-01",
        "lots 5@111.11 2024-10-02, 4@100.00 2024-10-01 | sell 7 | lifo -> 5@111.11 2024-10-02, 2@100.00 2024-10-01 | left 2@100.00 2024-10-01",
        "lots 5@111.11 2024-10-02, 4@100.00 2024-10-01 | sell 9 | lifo -> 5@111.11 2024-10-02, 4@100.00 2024-10-01 | left none",
        "lots 1@100 2024-01-01, 1@50 2024-01-02 | sell 2.5 | lifo -> 1@50 2024-01-02, 1@100 2024-01-01, 0.5@0 2024-01-03 | left none",
        // a lot bought later is the newest, taken first
        "lots 2@10 2024-01-01 | sell 1, buy 1@30, sell 1.5 | lifo -> 1@10 2024-01-01, 1@30 2024-01-03, 0.5@10 2024-01-01 | left 0.5@10 2024-01-01",
        // same day: the one recorded last is the newest
        "lots 1@10 2024-01-01, 1@20 2024-01-01 | sell 1 | lifo -> 1@20 2024-01-01 | left 1@10 2024-01-01",
        "lots 1@10 2024-01-01, 1@20 2024-01-02 | fee 1.5 | lifo -> 1@20 2024-01-02, 0.5@10 2024-01-01 | left 0.5@10 2024-01-01",
    ]

    static let hifo = [
        "lots 2@100 2024-01-01, 2@300 2024-01-02, 2@200 2024-01-03 | sell 1 | hifo -> 1@300 2024-01-02 | left 2@100 2024-01-01, 1@300 2024-01-02, 2@200 2024-01-03",
        "lots 2@100 2024-01-01, 2@300 2024-01-02, 2@200 2024-01-03 | sell 2 | hifo -> 2@300 2024-01-02 | left 2@100 2024-01-01, 2@200 2024-01-03",
        "lots 2@100 2024-01-01, 2@300 2024-01-02, 2@200 2024-01-03 | sell 5 | hifo -> 2@300 2024-01-02, 2@200 2024-01-03, 1@100 2024-01-01 | left 1@100 2024-01-01",
        // ties in unit cost: the oldest first, whatever the order recorded
        "lots 1@100 2024-01-03, 1@100 2024-01-01, 1@100 2024-01-02, 1@50 2023-12-01 | sell 2 | hifo -> 1@100 2024-01-01, 1@100 2024-01-02 | left 1@50 2023-12-01, 1@100 2024-01-03",
        // a tie between different sizes (same unit cost, different totals)
        "lots 1@7 2024-01-02, 3@7 2024-01-01 | sell 2 | hifo -> 2@7 2024-01-01 | left 1@7 2024-01-01, 1@7 2024-01-02",
        // the highest is the newest here: HIFO is not LIFO or FIFO
        "lots 1@10 2024-01-01, 1@30 2024-01-02, 1@20 2024-01-03 | sell 1, sell 1 | hifo -> 1@30 2024-01-02, 1@20 2024-01-03 | left 1@10 2024-01-01",
        "lots 1@100 2024-01-01, 1@200 2024-01-02 | sell 3 | hifo -> 1@200 2024-01-02, 1@100 2024-01-01, 1@0 2024-01-03 | left none",
        // a lot bought between sells competes on cost
        "lots 1@50 2024-01-01 | sell 0.5, buy 1@40, sell 1 | hifo -> 0.5@50 2024-01-01, 0.5@50 2024-01-01, 0.5@40 2024-01-03 | left 0.5@40 2024-01-03",
    ]

    static let average = [
        // merging: 1@100 + 3@200 is 4 units costing 700, 175 each, dated at the earliest
        "lots 1@100 2024-01-01, 3@200 2024-01-02 | sell 2 | average -> 2@175 2024-01-01 | left 2@175 2024-01-01",
        "lots 1@100 2024-01-01, 1@200 2024-01-02 | sell 2 | average -> 2@150 2024-01-01 | left none",
        "lots 4@50 2024-01-01 | sell 1 | average -> 1@50 2024-01-01 | left 3@50 2024-01-01",
        // a buy after a sale merges into what is left: 1@100 + 1@200 = 2@150
        "lots 2@100 2024-01-01 | sell 1, buy 1@200, sell 1 | average -> 1@100 2024-01-01, 1@150 2024-01-01 | left 1@150 2024-01-01",
        "lots 1@100 2024-01-01, 1@300 2024-01-02 | sell 3 | average -> 2@200 2024-01-01, 1@0 2024-01-03 | left none",
        "lots 2@100 2024-01-01, 2@200 2024-01-02 | fee 1 | average -> 1@150 2024-01-01 | left 3@150 2024-01-01",
        // written newest first: the pool still carries the earliest date
        "lots 1@300 2024-03-01, 1@100 2024-01-01 | sell 1 | average -> 1@200 2024-01-01 | left 1@200 2024-01-01",
    ]

    @Test("FIFO takes the oldest lots first", arguments: fifo)
    func fifoRows(_ line: String) throws {
        try check(line)
    }

    @Test("LIFO takes the newest lots first", arguments: lifo)
    func lifoRows(_ line: String) throws {
        try check(line)
    }

    @Test("HIFO takes the highest unit cost first, the oldest among equals", arguments: hifo)
    func hifoRows(_ line: String) throws {
        try check(line)
    }

    @Test("average cost keeps one pooled lot", arguments: average)
    func averageRows(_ line: String) throws {
        try check(line)
    }

    @Test(
        "the same lots under each method (DESIGN.md's row)",
        arguments: [
            "lots 5@111.11 2024-10-02, 4@100.00 2024-10-01 | sell 7 | fifo -> 4@100.00 2024-10-01, 3@111.11 2024-10-02 | left 2@111.11 2024-10-02",
            "lots 5@111.11 2024-10-02, 4@100.00 2024-10-01 | sell 7 | lifo -> 5@111.11 2024-10-02, 2@100.00 2024-10-01 | left 2@100.00 2024-10-01",
            "lots 5@111.11 2024-10-02, 4@100.00 2024-10-01 | sell 7 | hifo -> 5@111.11 2024-10-02, 2@100.00 2024-10-01 | left 2@100.00 2024-10-01",
            // 5×111.11 + 4×100 = 955.55 over 9 units
            "lots 5@111.11 2024-10-02, 4@100.00 2024-10-01 | sell 9 | average -> 9@106.172222222222222222 2024-10-01 | left none",
        ])
    func sameLotsEachMethod(_ line: String) throws {
        try check(line)
    }

    private func check(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let scenario = try BookingScenario(line)
        let failure = scenario.check()
        #expect(failure == nil, "\(failure ?? "")", sourceLocation: sourceLocation)
    }
}

@Suite("Booking scenario notation")
struct BookingScenarioNotationTests {
    @Test("a row parses into lots, actions, method, pieces and what is left")
    func parses() throws {
        let scenario = try BookingScenario(
            "lots 5 @ 111.11 2024-10-02, 4@100 2024-10-01 | sell 7, fee 0.5, buy 1@90 | hifo → 5@111.11, 2@100 2024-10-01 | left none"
        )
        #expect(scenario.lots.count == 2)
        #expect(scenario.lots[0].quantity == dec("5") && scenario.lots[0].unitCost == dec("111.11"))
        #expect(scenario.lots[1].date == LocalDate(year: 2024, month: 10, day: 1))
        #expect(scenario.actions == [.sell(dec("7")), .fee(dec("0.5")), .buy(dec("1"), unitCost: dec("90"))])
        #expect(scenario.method == .hifo)
        #expect(scenario.booked.map(\.date) == [nil, LocalDate(year: 2024, month: 10, day: 1)])
        #expect(scenario.left.isEmpty)
    }

    @Test(
        "a bad row is refused with the reason and the row",
        arguments: [
            ("lots 1@10 2024-01-01 | sell 1 | fifo -> 1@10", "expected 4 segments"),
            ("lots 1@10 | sell 1 | fifo -> 1@10 | left none", "needs a date"),
            ("lots 1@10 2024-01-01 | sell 1 | fofi -> 1@10 | left none", "METHOD"),
            ("lots 1@10 2024-01-01 | sell x | fifo -> 1@10 | left none", "bad quantity"),
            ("lots 1@10 2024-13-01 | sell 1 | fifo -> 1@10 | left none", "is not a date"),
            ("lots 1x10 2024-01-01 | sell 1 | fifo -> 1@10 | left none", "quantity@unitCost"),
            ("lots 1@10 2024-01-01 | burn 1 | fifo -> 1@10 | left none", "unknown action"),
        ])
    func refuses(_ line: String, _ reason: String) {
        let error = #expect(throws: BookingScenarioError.self) { try BookingScenario(line) }
        #expect(error?.reason.contains(reason) == true, "\(String(describing: error))")
        #expect(error?.description.contains(line) == true)
    }

    @Test("a wrong expectation fails with a message naming the row and the difference")
    func reportsMismatch() throws {
        let line = "lots 1@10 2024-01-01, 1@20 2024-01-02 | sell 1 | fifo -> 1@20 2024-01-02 | left 1@10"
        let message = try #require(try BookingScenario(line).check())
        #expect(message.contains(line))
        #expect(message.contains("booked: expected 1@20 2024-01-02, got 1@10 2024-01-01"))
        #expect(message.contains("left: expected 1@10, got 1@20 2024-01-02"))
    }
}
