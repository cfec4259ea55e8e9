import LedgerCore
import LedgerCoreTestSupport
import LedgerInterchange
import Testing

/// `ledger tax -O csv --form 8949`: each row in the part of its term and the box of its account
/// (`--box-for`), each box with its own totals and Schedule D line (docs/TAX.md, "Form 8949
/// boxes").
@Suite("Tax, US: Form 8949 rows by part and box")
struct TaxForm8949Tests {
    /// IBKR buys and sells stock (short and long term), Kraken crypto in 2024 and 2025.
    func disposals() -> [TaxDisposal] {
        var transactions: [TaxTransaction] = []
        var counter: UInt64 = 0
        func add(
            _ kind: TaxTransaction.Kind, _ asset: String, _ assetClass: AssetClass, _ account: String, _ day: String,
            _ quantity: ExactDecimal, _ amount: ExactDecimal
        ) {
            counter += 1
            transactions.append(
                TaxTransaction(
                    kind, asset: sym(asset), class: assetClass, account: account, quantity: quantity, amount: amount,
                    time: Events.time(day), event: EventID(milliseconds: 1_700_000_000_000 + counter, random: (0, 0))))
        }
        add(.acquisition, "AAPL", .stock, "ibkr", "2022-01-03", 10, 1_000)
        add(.acquisition, "AAPL", .stock, "ibkr", "2024-01-03", 10, 1_500)
        add(.disposal(fee: 0), "AAPL", .stock, "ibkr", "2024-03-01", 15, 2_400)
        add(.acquisition, "BTC", .crypto, "kraken", "2024-01-10", 1, 40_000)
        add(.disposal(fee: 0), "BTC", .crypto, "kraken", "2024-06-01", dec("0.5"), 30_000)
        add(.disposal(fee: 0), "BTC", .crypto, "kraken", "2025-06-01", dec("0.5"), 50_000)
        return TaxEngine.report(transactions, rules: .us).disposals
    }

    /// The (part, box, gain) of each row, totals included.
    func rows(_ csv: String) -> [[String]] {
        csv.split(separator: "\n").dropFirst().map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            return [fields[0], fields[1], fields[2], fields[9]]
        }
    }

    @Test("by default: box C / F, and I / L for crypto sold from 2025 on")
    func defaults() {
        #expect(
            rows(TaxCSV.form8949(disposals())) == [
                ["I", "C", "5 AAPL", "50.00"],
                ["I", "C", "0.5 BTC", "10000.00"],
                ["I", "C", "Totals (Schedule D line 3)", "10050.00"],
                ["II", "F", "10 AAPL", "600.00"],
                ["II", "F", "Totals (Schedule D line 10)", "600.00"],
                ["II", "L", "0.5 BTC", "30000.00"],
                ["II", "L", "Totals (Schedule D line 10)", "30000.00"],
            ])
    }

    @Test("--box-for ibkr=A and kraken=H: the broker's rows in A / D, the exchange's in H / K")
    func perAccount() throws {
        let boxes = Form8949Boxes([
            "ibkr": try #require(Form8949Box(letter: "a")), "kraken": try #require(Form8949Box(letter: "K")),
        ])
        #expect(
            rows(TaxCSV.form8949(disposals(), boxes: boxes)) == [
                ["I", "A", "5 AAPL", "50.00"],
                ["I", "A", "Totals (Schedule D line 1b)", "50.00"],
                ["I", "H", "0.5 BTC", "10000.00"],
                ["I", "H", "Totals (Schedule D line 2)", "10000.00"],
                ["II", "D", "10 AAPL", "600.00"],
                ["II", "D", "Totals (Schedule D line 8b)", "600.00"],
                ["II", "K", "0.5 BTC", "30000.00"],
                ["II", "K", "Totals (Schedule D line 9)", "30000.00"],
            ])
    }

    /// Instructions for Form 8949, column (h): "Subtract the amount in column (e) from the
    /// amount in column (d) … combine the result with any amount in column (g)". Each row's (h)
    /// is of the amounts as entered (to the cent), and the totals add up the rows: two sales of
    /// 0.0001 BTC at 30,500 bought at 17,050 (cost 1.705 each, shown 1.71) gain 1.34 each on
    /// the form and 2.68 in all, where the exact gains are 1.345 and 2.69.
    @Test("each row's gain is (d) − (e) + (g) of the amounts to the cent; the totals add up the rows")
    func roundedRowsAddUp() {
        var transactions: [TaxTransaction] = []
        for (index, (kind, day, quantity, amount)) in [
            (TaxTransaction.Kind.acquisition, "2023-01-10", dec("0.0002"), dec("3.41")),
            (.disposal(fee: 0), "2023-07-01", dec("0.0001"), dec("3.05")),
            (.disposal(fee: 0), "2023-07-02", dec("0.0001"), dec("3.05")),
        ].enumerated() {
            transactions.append(
                TaxTransaction(
                    kind, asset: sym("BTC"), class: .crypto, account: "kraken", quantity: quantity, amount: amount,
                    time: Events.time(day),
                    event: EventID(milliseconds: 1_700_000_000_000 + UInt64(index), random: (0, 0))))
        }
        let report = TaxEngine.report(transactions, rules: .us)
        #expect(report.disposals.map(\.gain) == [dec("1.345"), dec("1.345")])
        let lines = TaxCSV.form8949(report.disposals).split(separator: "\n").dropFirst().map(String.init)
        #expect(
            lines == [
                "I,C,0.0001 BTC,01/10/2023,07/01/2023,3.05,1.71,,,1.34",
                "I,C,0.0001 BTC,01/10/2023,07/02/2023,3.05,1.71,,,1.34",
                "I,C,Totals (Schedule D line 3),,,6.10,3.42,,0.00,2.68",
            ])
    }

    @Test("a letter names its pair in either part; other letters name none")
    func letters() {
        #expect(Form8949Box(letter: "E") == Form8949Box(letter: "b"))
        #expect(Form8949Box(letter: "L")?.letter(for: .short) == "I")
        #expect(Form8949Box(letter: "G")?.letter(for: .long) == "J")
        #expect(Form8949Box(letter: "M") == nil && Form8949Box(letter: "") == nil && Form8949Box(letter: "AB") == nil)
    }

    /// The 2025 Schedule D (Form 1040) captions: line 1b "Totals for all transactions reported
    /// on Form(s) 8949 with Box A or Box G checked", 2 "Box B or Box H", 3 "Box C or Box I",
    /// 8b "Box D or Box J", 9 "Box E or Box K", 10 "Box F or Box L" (docs/TAX.md).
    @Test("each box's totals go to the Schedule D line whose caption names it (2025 Schedule D)")
    func scheduleDLines() throws {
        let lines: [(String, HoldingTerm, String)] = [
            ("A", .short, "1b"), ("G", .short, "1b"), ("B", .short, "2"), ("H", .short, "2"),
            ("C", .short, "3"), ("I", .short, "3"), ("D", .long, "8b"), ("J", .long, "8b"),
            ("E", .long, "9"), ("K", .long, "9"), ("F", .long, "10"), ("L", .long, "10"),
        ]
        for (letter, term, line) in lines {
            let box = try #require(Form8949Box(letter: letter))
            #expect(box.letter(for: term) == letter)
            #expect(box.scheduleDLine(for: term) == line, "box \(letter)")
        }
    }
}
