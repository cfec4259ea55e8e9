import LedgerCore

/// The pieces of the HTML report that `ledger serve`'s pages show too (the portfolio, the
/// holdings by account): the same markup, so the pages and the report look and read alike.
public enum ReportHTMLParts {
    /// Label and amount cards; a signed amount is coloured.
    public static func cards(_ lines: [(String, String)]) -> Markup {
        let cards = lines.map { label, amount -> Markup in
            "<div class=\"card\"><span class=\"label\">\(label)</span><span class=\"amount\(signClass(amount))\">\(amount)</span></div>"
        }
        return "<div class=\"cards\">\n" + cards.joined(separator: "\n") + "\n</div>\n"
    }

    /// The holdings table of the report (with an account column for a report by account), or
    /// a note that there are none; `labelled` as in ``table(_:_:_:numeric:labelled:attributes:)``.
    /// `live` (the server's portfolio valued now) gives each priced price cell the attributes
    /// it returns for the row (`data-live`, the exact `data-price`), which `ledger serve`'s
    /// script keeps current; the report passes none.
    public static func holdings(
        _ report: HoldingsReport, labelled: Bool = false, live: ((HoldingRow) -> Markup?)? = nil
    ) -> Markup {
        let perAccount = report.options.perAccount
        // Element types spelled out: inferred, this expression took the compiler 13 s (round 19).
        let rows: [[String]] = report.rows.map { row -> [String] in
            let account: [String] = perAccount ? [row.account ?? ""] : []
            let cells: [String] = [
                NumberFormat.quantity(row.quantity), row.averageCost.map(NumberFormat.price) ?? "—",
                NumberFormat.money(row.costBasis, complete: row.costComplete),
                row.price.map { NumberFormat.price($0.value) } ?? "unpriced",
                row.value.map { NumberFormat.money($0) } ?? "—", row.unrealizedPnL.map(NumberFormat.signedMoney) ?? "—",
                row.unrealizedPercent.map { NumberFormat.percent($0, signed: true) } ?? "—",
                row.allocationPercent.map { NumberFormat.percent($0) } ?? "—",
                row.price.map { $0.observedAt.date.description } ?? "—",
            ]
            return [row.asset.text] + account + cells
        }
        let header: [String] =
            ["asset"] + (perAccount ? ["account"] : []) + [
                "quantity", "avg cost", "cost basis", "price", "value", "unrealized", "%", "share", "price date",
            ]
        let shift = perAccount ? 1 : 0
        let attributes = live.map { live in
            report.rows.map { row in
                (0..<(4 + shift)).map { _ in Markup() } + [live(row) ?? Markup()]
            }
        }
        return rows.isEmpty
            ? "<p class=\"note\">No holdings.</p>\n"
            : table(
                "Holdings at \(report.options.asOf.reportDescription)", header, rows,
                numeric: (1 + shift)...(8 + shift),
                labelled: labelled, attributes: attributes ?? [])
    }

    /// The allocation donut by asset with its legend, and the unpriced assets left out.
    public static func allocation(_ allocation: AllocationReport, unpriced: [AssetSymbol]) -> Markup {
        guard !allocation.slices.isEmpty else { return "<p class=\"note\">Nothing priced to allocate.</p>\n" }
        let slices = AllocationChart.capped(
            AllocationChart.grouped(allocation.slices.map { AllocationSlice(label: $0.label, share: $0.share) }))
        let legend = slices.enumerated().map { index, slice -> [Markup] in
            [
                "<span class=\"swatch\" style=\"background:\(ReportSVG.palette[index % ReportSVG.palette.count])\"></span>\(slice.label)",
                .text(AllocationChart.percentText(slice.share)),
            ]
        }
        let donut = ReportSVG.donut(slices, total: NumberFormat.money(allocation.total, places: 0))
        return "<div class=\"alloc\">\n\(donut)\n<div class=\"legend\">"
            + table("Share of the priced value", ["asset", "share"], cells: legend, numeric: 1...1)
            + "</div>\n</div>\n"
            + notes(unpriced.isEmpty ? [] : ["Unpriced, not shown: \(ReportWords.names(unpriced))."])
    }

    /// A scrollable table with column headers, each cell text (escaped). A `labelled`
    /// table (the server's pages) is `class="stack"` and names its column in each cell's
    /// `data-label`, so a narrow screen can show each row as a card; the report's stays as it was.
    /// `attributes[row][column]`, when there, is markup added to that cell's tag as it is.
    public static func table(
        _ caption: String, _ header: [String], _ rows: [[String]], numeric: ClosedRange<Int>, labelled: Bool = false,
        attributes: [[Markup]] = []
    ) -> Markup {
        table(
            caption, header, cells: rows.map { $0.map(Markup.text) }, numeric: numeric, labelled: labelled,
            attributes: attributes)
    }

    /// ``table(_:_:_:numeric:labelled:attributes:)`` whose cells are markup (a legend's swatch).
    public static func table(
        _ caption: String, _ header: [String], cells rows: [[Markup]], numeric: ClosedRange<Int>,
        labelled: Bool = false, attributes: [[Markup]] = []
    ) -> Markup {
        let head = header.enumerated().map { index, title -> Markup in
            "<th scope=\"col\"\(numeric.contains(index) ? " class=\"n\"" : "")>\(title)</th>"
        }.joined()
        func cell(_ row: Int, _ index: Int, _ cell: Markup) -> Markup {
            let sign = signClass(cell.html)
            let classes = (numeric.contains(index) ? ["n"] : []) + (sign.isEmpty ? [] : [String(sign.dropFirst())])
            var attribute = Markup()
            if !classes.isEmpty { attribute += " class=\"\(classes.joined(separator: " "))\"" }
            if labelled && index < header.count { attribute += " data-label=\"\(header[index])\"" }
            if row < attributes.count && index < attributes[row].count { attribute += attributes[row][index] }
            return index == 0 ? "<th scope=\"row\"\(attribute)>\(cell)</th>" : "<td\(attribute)>\(cell)</td>"
        }
        let body = rows.enumerated().map { number, cells -> Markup in
            "<tr>\(cells.enumerated().map { cell(number, $0, $1) }.joined())</tr>"
        }.joined(separator: "\n")
        return
            "<div class=\"scroll\"><table\(labelled ? " class=\"stack\"" : "")>\n<caption>\(caption)</caption>\n<thead><tr>\(head)</tr></thead>\n<tbody>\n\(body)\n</tbody>\n</table></div>\n"
    }

    /// One note paragraph per line.
    public static func notes(_ lines: [String]) -> Markup {
        lines.map { "<p class=\"note\">\($0)</p>\n" as Markup }.joined()
    }

    /// ` pos` / ` neg` for a signed amount (`+1.00`, `-2.00`), else empty.
    static func signClass(_ text: String) -> String {
        text.hasPrefix("+") ? " pos" : (text.hasPrefix("-") ? " neg" : "")
    }
}
