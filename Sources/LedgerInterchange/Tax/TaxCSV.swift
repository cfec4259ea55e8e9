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
    /// followed by its totals and the Schedule D line they go to.
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
                write(rows, part: part, box: box.letter(for: term), to: &writer)
                let totals = TaxFigures(rows)
                writer.row([
                    part, box.letter(for: term), "Totals (Schedule D line \(box.scheduleDLine(for: term)))", "", "",
                    cents(totals.proceeds, known: totals.proceedsKnown),
                    cents(totals.costBasis, known: totals.costKnown),
                    "", cents(totals.adjustment, known: totals.complete), cents(totals.net, known: totals.complete),
                ])
            }
        }
        return writer.text
    }

    private static func write(_ rows: [TaxDisposal], part: String, box: String, to writer: inout CSVWriter) {
        for disposal in rows {
            writer.row([
                part, box, "\(disposal.quantity) \(disposal.asset)", date(disposal.acquired?.date),
                date(disposal.disposed.date), cents(disposal.proceeds, known: disposal.proceedsKnown),
                cents(disposal.costBasis, known: disposal.costKnown), disposal.adjustmentCode ?? "",
                disposal.adjustment.isZero ? "" : cents(disposal.adjustment, known: disposal.complete),
                cents(disposal.gain, known: disposal.complete),
            ])
        }
    }

    private static func cents(_ value: ExactDecimal, known: Bool) -> String {
        known ? value.formatted(places: 2) : ""
    }

    private static func exact(_ value: ExactDecimal, known: Bool) -> String { known ? value.description : "" }

    private static func date(_ day: LocalDate?) -> String {
        guard let day else { return "VARIOUS" }
        let text = day.description
        return "\(text.dropFirst(5).prefix(2))/\(text.suffix(2))/\(text.prefix(4))"
    }
}
