import Foundation
import LedgerCore
import LedgerCoreTestSupport
import LedgerInterchange
import Testing

/// What a reader of `ledger export` sees: every real-layout fixture is imported, written as
/// JSONL, and the lines are folded with plain decimal arithmetic (no rounding, no 18-place
/// limit). The holdings must come out as the file's own figures (the `.expected` files) and
/// the value of each income as the file states it, with nothing past the 18th place: a
/// derived unit price × quantity would leave a tail such as 51.200000000000000000069889.
@Suite("Exchange presets: the JSONL export folds to the file's figures")
struct ExportFoldTests {
    /// The income value each file states (Coinbase's `Subtotal` of its reward rows), per currency.
    static let statedIncome: [String: [String: String]] = [
        "coinbase/transactions-2020.csv": [:],
        "coinbase/transactions-2022.csv": ["EUR": "2"],
        "coinbase/transactions-2024.csv": ["USD": "9"],
        "coinbase/rewards-2022.csv": ["USD": "51.2"],
    ]

    struct Fold {
        var holdings: [String: PlainDecimal] = [:]
        var income: [String: PlainDecimal] = [:]
        var tails: [String] = []

        mutating func add(_ asset: String?, _ amount: PlainDecimal) {
            guard let asset else { return }
            holdings[asset, default: .zero] = holdings[asset, default: .zero] + amount
        }

        /// What the quote moves by: the `total` as written, else quantity × `price`.
        mutating func moved(_ line: [String: Any], quantity: PlainDecimal) -> PlainDecimal {
            if let total = line["total"] as? String { return PlainDecimal(total)! }
            let product = quantity * PlainDecimal(line["price"] as! String)!
            if product.hasTailBeyond18Places { tails.append("\(line["kind"]!) #\(line["seq"]!): \(product)") }
            return product
        }

        mutating func apply(_ line: [String: Any]) {
            let number = { (key: String) in (line[key] as? String).flatMap(PlainDecimal.init) ?? .zero }
            let asset = line["asset"] as? String
            let quantity = number("quantity")
            switch line["kind"] as! String {
            case "buy":
                add(asset, quantity)
                add(line["quote"] as? String, -moved(line, quantity: quantity))
            case "sell":
                add(asset, -quantity)
                add(line["quote"] as? String, moved(line, quantity: quantity))
            case "trade":
                add(asset, -quantity)
                add(line["counter_asset"] as? String, number("counter_quantity"))
            case "deposit": add(asset, quantity)
            case "income":
                add(asset, quantity)
                if let quote = line["quote"] as? String {
                    income[quote, default: .zero] = income[quote, default: .zero] + moved(line, quantity: quantity)
                }
            case "withdraw", "fee": add(asset, -quantity)
            case "split":
                let ratio = (line["split_ratio"] as! String).split(separator: ":").map { UInt64($0)! }
                let scaled = holdings[asset!, default: .zero] * PlainDecimal(String(ratio[0]))!
                holdings[asset!] = scaled.divided(by: ratio[1])
            default: break
            }
            add(line["fee_asset"] as? String, -number("fee"))
        }
    }

    static func exported(_ fixture: String) throws -> [[String: Any]] {
        let events = try PresetFixtureTests.read(fixture).compactMap { outcome -> ImportedEvent? in
            if case .event(let event) = outcome { event } else { nil }
        }
        let ledgerEvents = events.enumerated().map { index, imported in
            var event = imported.event(
                id: EventID(milliseconds: UInt64(index), random: (0, 0)), recordedAt: imported.occurredAt,
                account: "x", batch: "b", fingerprint: "f")
            event.sequence = Int64(index + 1)
            return event
        }
        let jsonl = EventFile.jsonl(EventReplay.effective(ledgerEvents))
        return try jsonl.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
    }

    @Test(arguments: PresetFixtureTests.fixtures)
    func foldsToTheFilesFigures(fixture: String) throws {
        var fold = Fold()
        for line in try Self.exported(fixture) { fold.apply(line) }
        #expect(fold.tails.isEmpty, "\(fixture): amounts past the 18th place: \(fold.tails)")
        let held = fold.holdings.filter { !$0.value.limbs.isEmpty }.mapValues(\.description)
        let expected = try PresetFixtureTests.expected(fixture).holdings.mapValues(\.description)
        #expect(held == expected, "\(fixture)")
        for (asset, value) in fold.holdings where value.hasTailBeyond18Places {
            Issue.record("\(fixture): \(asset) folds to \(value)")
        }
        if let stated = Self.statedIncome[fixture] {
            #expect(fold.income.mapValues(\.description) == stated, "\(fixture)")
        }
    }

    @Test("plain decimals: exact sums and products, tails shown")
    func plainDecimal() {
        let a = PlainDecimal("0.000000000000000003")!
        #expect((a * PlainDecimal("0.5")!).description == "0.0000000000000000015")
        #expect((a * PlainDecimal("0.5")!).hasTailBeyond18Places)
        #expect((PlainDecimal("811.9996")! - PlainDecimal("1000")!).description == "-188.0004")
        #expect(PlainDecimal("10")!.divided(by: 4)?.description == "2.5")
    }
}
