import LedgerCore
import LedgerCoreTestSupport
import LedgerInterchange
import Testing

/// Issue 39's misread shapes, seeded, through the generic and Coinbase layouts: every row is
/// refused at its line or read to the exact value it says. A fixed number of rows, no clock.
@Suite("Import shapes: fuzz (seed 39)")
struct ImportShapeFuzzTests {
    static let rows = 1_500

    /// What went wrong with each row, if anything: a misread (an event for a row that must be
    /// refused, or with another value), a row with no outcome, or a refusal of a row that
    /// says its value plainly.
    static func judge(_ rows: [ImportShapeFuzz.Row], _ outcomes: [ImportOutcome]) -> [String] {
        var byLine: [Int: [ImportOutcome]] = [:]
        for outcome in outcomes {
            switch outcome {
            case .event(let event): byLine[event.line, default: []].append(outcome)
            case .problem(let problem): byLine[problem.line, default: []].append(outcome)
            case .ignored(let line, _): byLine[line, default: []].append(outcome)
            }
        }
        var wrong: [String] = []
        for (index, row) in rows.enumerated() {
            let line = index + 2
            let found = byLine[line] ?? []
            guard found.count == 1 else {
                wrong.append("line \(line) \(row.csv): \(found)")
                continue
            }
            switch found[0] {
            case .event(let event) where !row.mustRead:
                wrong.append("line \(line) \(row.csv): misread as \(event.action)")
            case .event(let event) where !reads(event.action, row):
                wrong.append("line \(line) \(row.csv): read as \(event.action)")
            case .problem(let problem) where row.mustRead:
                wrong.append("line \(line) \(row.csv): refused: \(problem.message)")
            case .event, .problem: break
            case .ignored(_, let reason): wrong.append("line \(line) \(row.csv): ignored: \(reason)")
            }
        }
        return wrong
    }

    /// True when `action` holds the row's quantity and, for a trade, its total, exactly.
    static func reads(_ action: EventAction, _ row: ImportShapeFuzz.Row) -> Bool {
        switch action {
        case .buy(let amount, let term):
            amount.quantity == row.quantity && term.quoteAmount(for: amount.quantity) == row.total
        case .deposit(let amount), .withdraw(let amount): amount.quantity == row.quantity
        default: false
        }
    }

    @Test("generic: 0 silent misreads, 0 refusals of a plainly written row")
    func generic() throws {
        var fuzz = ImportShapeFuzz(seed: 39)
        let rows = (0..<Self.rows).map { fuzz.genericRow(day: $0) }
        let text = ([ImportShapeFuzz.genericHeader] + rows.map(\.csv)).joined(separator: "\n") + "\n"
        let options = ImportOptions(mapping: GenericMapping(columns: ImportShapeFuzz.genericMapping))
        let outcomes = try ImportReader.read(Array(text.utf8), format: "generic", options: options)
        let wrong = Self.judge(rows, outcomes)
        #expect(wrong.isEmpty, "\(wrong.count) rows: \(wrong.prefix(5))")
        #expect(rows.contains { !$0.mustRead } && rows.contains { $0.mustRead })
    }

    @Test("coinbase: 0 silent misreads, 0 refusals of a plainly written row")
    func coinbase() throws {
        var fuzz = ImportShapeFuzz(seed: 39 ^ 0xC0)
        let rows = (0..<Self.rows).map { fuzz.coinbaseRow(index: $0) }
        let text = ([ImportShapeFuzz.coinbaseHeader] + rows.map(\.csv)).joined(separator: "\n") + "\n"
        let outcomes = try ImportReader.read(Array(text.utf8), format: "coinbase", options: ImportOptions())
        let wrong = Self.judge(rows, outcomes)
        #expect(wrong.isEmpty, "\(wrong.count) rows: \(wrong.prefix(5))")
    }
}
