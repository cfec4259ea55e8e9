import LedgerCore

/// The charts of the HTML report as inline SVG, computed with exact decimals (coordinates are
/// rounded to one place for the markup only), so the same report gives the same bytes.
enum ReportSVG {
    /// One colour per allocation slice, in slice order (Tableau 10 and two more).
    static let palette = [
        "#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948",
        "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac", "#1f77b4", "#8c564b",
    ]

    static let width = 640, height = 240
    static let left = 64, right = 628, top = 16, bottom = 200

    /// A line chart of the daily values: one path per run of valued days, a dot for a lone
    /// valued day, and a shaded band for each day without a complete valuation (a gap, never
    /// drawn as zero).
    static func valueChart(_ series: [DailyValue], currency: AssetSymbol) -> String {
        let known = series.compactMap(\.value)
        guard let low = known.min(), let high = known.max(), let first = series.first, let last = series.last else {
            return ""
        }
        let gaps = series.filter { $0.value == nil }.count
        let title = "Portfolio value in \(currency), daily close, \(first.date) to \(last.date)"
        let description =
            "From \(NumberFormat.money(low)) to \(NumberFormat.money(high)); \(gaps) of \(series.count) days without a complete valuation are shaded and left out of the line."
        var svg =
            "<svg class=\"chart\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-labelledby=\"value-title value-desc\">"
        svg +=
            "<title id=\"value-title\">\(HTML.escape(title))</title><desc id=\"value-desc\">\(HTML.escape(description))</desc>"
        let step = series.count > 1 ? ExactDecimal(right - left) / ExactDecimal(series.count - 1) : .zero
        func x(_ index: Int) -> ExactDecimal {
            series.count > 1 ? ExactDecimal(left) + step.multiplied(byInteger: index) : ExactDecimal(left + right) / 2
        }
        func y(_ value: ExactDecimal) -> ExactDecimal {
            guard high > low else { return ExactDecimal(top + bottom) / 2 }
            return ExactDecimal(top) + (high - value) / (high - low) * ExactDecimal(bottom - top)
        }
        // One shaded band per run of gap days (adjacent bands would leave seams), inside the plot.
        let half = (series.count > 1 ? step : ExactDecimal(right - left)) / 2
        for run in runs(series, valued: false) {
            let from = max(x(run[0]) - half, ExactDecimal(left))
            let to = min(x(run[run.count - 1]) + half, ExactDecimal(right))
            let first = series[run[0]]
            let last = series[run[run.count - 1]]
            let label =
                run.count == 1
                ? "\(first.date): no price for \(first.unpriced.map(\.text).joined(separator: ", "))"
                : "\(first.date) to \(last.date): no complete valuation (\(run.count) days)"
            svg +=
                "<rect class=\"gap\" x=\"\(coordinate(from))\" y=\"\(top)\" width=\"\(coordinate(to - from))\" height=\"\(bottom - top)\"><title>\(HTML.escape(label))</title></rect>"
        }
        svg += axes(low: low, high: high, first: first.date, last: last.date)
        for run in runs(series) {
            let points = run.map { "\(coordinate(x($0))),\(coordinate(y(series[$0].value!)))" }
            svg +=
                run.count == 1
                ? "<circle class=\"dot\" cx=\"\(coordinate(x(run[0])))\" cy=\"\(coordinate(y(series[run[0]].value!)))\" r=\"3\"/>"
                : "<polyline class=\"line\" points=\"\(points.joined(separator: " "))\"/>"
        }
        return svg + "</svg>"
    }

    /// Index runs of consecutive valued days (or, with `valued` false, of gap days).
    static func runs(_ series: [DailyValue], valued: Bool = true) -> [[Int]] {
        var runs: [[Int]] = []
        var current: [Int] = []
        for (index, day) in series.enumerated() {
            if (day.value != nil) == valued {
                current.append(index)
            } else if !current.isEmpty {
                runs.append(current)
                current = []
            }
        }
        if !current.isEmpty { runs.append(current) }
        return runs
    }

    private static func axes(low: ExactDecimal, high: ExactDecimal, first: LocalDate, last: LocalDate) -> String {
        "<line class=\"axis\" x1=\"\(left)\" y1=\"\(bottom)\" x2=\"\(right)\" y2=\"\(bottom)\"/>"
            + "<line class=\"axis\" x1=\"\(left)\" y1=\"\(top)\" x2=\"\(left)\" y2=\"\(bottom)\"/>"
            + "<text x=\"\(left - 4)\" y=\"\(top + 4)\" text-anchor=\"end\">\(NumberFormat.money(high, places: 0))</text>"
            + "<text x=\"\(left - 4)\" y=\"\(bottom)\" text-anchor=\"end\">\(NumberFormat.money(low, places: 0))</text>"
            + "<text x=\"\(left)\" y=\"\(bottom + 18)\">\(first)</text>"
            + "<text x=\"\(right)\" y=\"\(bottom + 18)\" text-anchor=\"end\">\(last)</text>"
    }

    /// A donut: one stroked circle per slice on a circle of circumference 100, so a slice's
    /// dash length is its percentage and no trigonometry is needed. Drawn clockwise from 12
    /// o'clock.
    static func donut(_ slices: [AllocationSlice], total: String) -> String {
        var svg = "<svg class=\"donut\" viewBox=\"0 0 42 42\" role=\"img\" aria-labelledby=\"alloc-title\">"
        svg +=
            "<title id=\"alloc-title\">Allocation by asset: \(HTML.escape(slices.map { "\($0.label) \(AllocationChart.percentText($0.share))" }.joined(separator: ", ")))</title>"
        svg += "<circle cx=\"21\" cy=\"21\" r=\"15.91549\" fill=\"none\" stroke=\"#eee\" stroke-width=\"6\"/>"
        var done = ExactDecimal.zero
        for (index, slice) in slices.enumerated() {
            let length = slice.share.multiplied(byInteger: 100)
            let offset = (ExactDecimal(125) - done).formatted(places: 3)
            svg +=
                "<circle cx=\"21\" cy=\"21\" r=\"15.91549\" fill=\"none\" stroke=\"\(palette[index % palette.count])\" stroke-width=\"6\""
                + " stroke-dasharray=\"\(length.formatted(places: 3)) \((ExactDecimal(100) - length).formatted(places: 3))\" stroke-dashoffset=\"\(offset)\">"
                + "<title>\(HTML.escape(slice.label)) \(AllocationChart.percentText(slice.share))</title></circle>"
            done += length
        }
        svg += "<text x=\"21\" y=\"22.5\" text-anchor=\"middle\" class=\"donut-total\">\(HTML.escape(total))</text>"
        return svg + "</svg>"
    }

    private static func coordinate(_ value: ExactDecimal) -> String {
        value.formatted(places: 1)
    }
}
