import LedgerCore

/// The CSV of `ledger tax -O csv`: one row per disposal; with `--form 8949` in that form's
/// columns, Part I (short term) then Part II (long term), each box's rows followed by the
/// totals Schedule D takes (docs/TAX.md, "Form 8949 boxes"). A figure that lacks a price is an
/// empty cell, as in every CSV report (docs/JSON.md), never a made-up 0.
public enum TaxCSV {
    public static func disposals(_ disposals: [TaxDisposal], currency: AssetSymbol) -> String {
        var writer = CSVWriter()
        writer.row([
            "event", "asset", "class", "account", "quantity", "acquired", "disposed", "proceeds", "disposal_costs",
            "cost_basis", "adjustment_code", "adjustment", "gain", "term", "treatment", "currency",
        ])
        for disposal in disposals {
            writer.row([
                disposal.event.text, disposal.asset.text, disposal.assetClass.rawValue, disposal.account,
                disposal.quantity.description, disposal.acquired?.date.description ?? "",
                disposal.disposed.date.description, exact(disposal.proceeds, known: disposal.proceedsKnown),
                exact(disposal.disposalCosts, known: disposal.proceedsKnown),
                exact(disposal.costBasis, known: disposal.costKnown), disposal.adjustmentCode ?? "",
                exact(disposal.adjustment, known: disposal.complete || disposal.adjustmentCode == nil),
                exact(disposal.gain, known: disposal.complete),
                disposal.term?.rawValue ?? "",
                disposal.treatment.rawValue, currency.text,
            ])
        }
        return writer.text
    }

    /// Form 8949, amounts to the cent (the form takes cents), dates MM/DD/YYYY: Part I (short
    /// term) then Part II (long term), in each the boxes in the form's order, each box's rows
    /// followed by its totals and the Schedule D line they go to. Each row is what the filer
    /// enters: columns (d), (e) and (g) rounded to the cent, and (h) = (d) − (e) + (g) of those,
    /// as the form's instructions compute it; a box's totals add up its rows (docs/TAX.md,
    /// "Form 8949 amounts").
    public static func form8949(_ disposals: [TaxDisposal], boxes: Form8949Boxes = Form8949Boxes()) -> String {
        var writer = CSVWriter()
        writer.row([
            "part", "box", "description", "date_acquired", "date_sold", "proceeds", "cost", "code", "adjustment",
            "gain_or_loss",
        ])
        for (part, term) in [("I", HoldingTerm.short), ("II", .long)] {
            var byBox: [Form8949Box: [TaxDisposal]] = [:]
            for disposal in disposals where disposal.term == term {
                byBox[boxes.box(for: disposal), default: []].append(disposal)
            }
            for box in Form8949Box.pairs {
                guard let rows = byBox[box] else { continue }
                let lines = rows.map(Form8949Line.init)
                write(rows, lines, part: part, box: box.letter(for: term), to: &writer)
                let totals = lines.reduce(Form8949Line.zero, +)
                writer.row(
                    [part, box.letter(for: term), "Totals (Schedule D line \(box.scheduleDLine(for: term)))", "", ""]
                        + totals.cells(showsZeroAdjustment: true))
            }
        }
        return writer.text
    }

    private static func write(
        _ rows: [TaxDisposal], _ lines: [Form8949Line], part: String, box: String, to writer: inout CSVWriter
    ) {
        for (disposal, line) in zip(rows, lines) {
            writer.row(
                [
                    part, box, "\(disposal.quantity) \(disposal.asset)", date(disposal.acquired?.date),
                    date(disposal.disposed.date),
                ]
                    + line.cells(code: disposal.adjustmentCode ?? "", showsZeroAdjustment: !disposal.adjustment.isZero))
        }
    }

    private static func exact(_ value: ExactDecimal, known: Bool) -> String { known ? value.description : "" }

    private static func date(_ day: LocalDate?) -> String {
        guard let day else { return "VARIOUS" }
        let text = day.description
        return "\(text.dropFirst(5).prefix(2))/\(text.suffix(2))/\(text.prefix(4))"
    }
}

/// A Form 8949 row's amounts as entered: (d) proceeds, (e) cost and (g) adjustment each rounded
/// to the cent (half away from zero), (h) computed from them. Unknown figures stay unknown
/// (empty cells), never a made-up 0.
struct Form8949Line {
    var proceeds: ExactDecimal
    var cost: ExactDecimal
    var adjustment: ExactDecimal
    var proceedsKnown: Bool
    var costKnown: Bool

    static let zero = Form8949Line(
        proceeds: .zero, cost: .zero, adjustment: .zero, proceedsKnown: true, costKnown: true)

    var complete: Bool { proceedsKnown && costKnown }
    /// Column (h): (d) − (e) + (g).
    var gain: ExactDecimal { proceeds - cost + adjustment }

    static func + (left: Form8949Line, right: Form8949Line) -> Form8949Line {
        Form8949Line(
            proceeds: left.proceeds + right.proceeds, cost: left.cost + right.cost,
            adjustment: left.adjustment + right.adjustment, proceedsKnown: left.proceedsKnown && right.proceedsKnown,
            costKnown: left.costKnown && right.costKnown)
    }

    /// Columns (d), (e), (f) `code`, (g) and (h).
    func cells(code: String = "", showsZeroAdjustment: Bool) -> [String] {
        [
            cents(proceeds, known: proceedsKnown), cents(cost, known: costKnown), code,
            showsZeroAdjustment || !adjustment.isZero ? cents(adjustment, known: complete) : "",
            cents(gain, known: complete),
        ]
    }

    private func cents(_ value: ExactDecimal, known: Bool) -> String { known ? value.formatted(places: 2) : "" }
}

extension Form8949Line {
    init(_ disposal: TaxDisposal) {
        self.init(
            proceeds: disposal.proceeds.rounded(places: 2), cost: disposal.costBasis.rounded(places: 2),
            adjustment: disposal.adjustment.rounded(places: 2), proceedsKnown: disposal.proceedsKnown,
            costKnown: disposal.costKnown)
    }
}
