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
    /// What the dashed line of ``valueChart(_:currency:invested:)`` is.
    static let investedNote =
        "The dashed line is the money invested: the start value plus deposits less withdrawals since (as ledger returns counts them); the gap to the value is the gain."
    /// The invested line's look, as attributes (the shared stylesheet stays as it is).
    static let paidStyle: Markup = "fill=\"none\" stroke=\"#b07aa1\" stroke-width=\"1.5\" stroke-dasharray=\"5 3\""
    static let left = 64, right = 628, top = 16, bottom = 200

    /// A line chart of the daily values: one path per run of valued days, a dot for a lone
    /// valued day, and a shaded band for each day without a complete valuation (a gap, never
    /// drawn as zero). With `invested` (the start value plus the net contributions since, at
    /// each close; ``ReturnsSeries/invested(_:)``), a dashed line of it on the same scale.
    static func valueChart(
        _ series: [DailyValue], currency: AssetSymbol, invested: [ExactDecimal?] = []
    ) -> Markup {
        let known = series.compactMap(\.value)
        let scale = known + invested.compactMap { $0 }
        guard !known.isEmpty, let low = scale.min(), let high = scale.max(), let first = series.first,
            let last = series.last
        else { return "" }
        let gaps = series.filter { $0.value == nil }.count
        let title = "Portfolio value in \(currency), daily close, \(first.date) to \(last.date)"
        let paid = invested.isEmpty ? "" : " " + investedNote
        let description =
            "From \(NumberFormat.money(low)) to \(NumberFormat.money(high)); \(gaps) of \(series.count) days without a complete valuation are shaded and left out of the line.\(paid)"
        var svg: Markup =
            "<svg class=\"chart\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-labelledby=\"value-title value-desc\">"
        svg +=
            "<title id=\"value-title\">\(title)</title><desc id=\"value-desc\">\(description)</desc>"
        let plot = Plot(count: series.count, low: low, high: high)
        svg += gapBands(series, plot)
        svg += axes(low: low, high: high, first: first.date, last: last.date)
        svg += lines(series.map(\.value), plot, line: "class=\"line\"", dot: "class=\"dot\"")
        return svg + lines(invested, plot, line: paidStyle, dot: "fill=\"#b07aa1\"") + "</svg>"
    }

    /// Where a day and a value go in the plot area.
    struct Plot {
        let count: Int
        let low: ExactDecimal
        let high: ExactDecimal

        var step: ExactDecimal { count > 1 ? ExactDecimal(right - left) / ExactDecimal(count - 1) : .zero }

        func x(_ index: Int) -> ExactDecimal {
            count > 1 ? ExactDecimal(left) + step.multiplied(byInteger: index) : ExactDecimal(left + right) / 2
        }

        func y(_ value: ExactDecimal) -> ExactDecimal {
            guard high > low else { return ExactDecimal(top + bottom) / 2 }
            return ExactDecimal(top) + (high - value) / (high - low) * ExactDecimal(bottom - top)
        }
    }

    /// One shaded band per run of gap days (adjacent bands would leave seams), inside the plot.
    private static func gapBands(_ series: [DailyValue], _ plot: Plot) -> Markup {
        let half = (series.count > 1 ? plot.step : ExactDecimal(right - left)) / 2
        var svg = Markup()
        for run in runs(series.map { $0.value != nil }, valued: false) {
            let from = max(plot.x(run[0]) - half, ExactDecimal(left))
            let to = min(plot.x(run[run.count - 1]) + half, ExactDecimal(right))
            let first = series[run[0]]
            let last = series[run[run.count - 1]]
            let label =
                run.count == 1
                ? "\(first.date): no price for \(first.unpriced.map(\.text).joined(separator: ", "))"
                : "\(first.date) to \(last.date): no complete valuation (\(run.count) days)"
            svg +=
                "<rect class=\"gap\" x=\"\(coordinate(from))\" y=\"\(top)\" width=\"\(coordinate(to - from))\" height=\"\(bottom - top)\"><title>\(label)</title></rect>"
        }
        return svg
    }

    /// A polyline per run of known values, a dot for a lone one; `line` and `dot` are their
    /// attributes.
    private static func lines(_ values: [ExactDecimal?], _ plot: Plot, line: Markup, dot: Markup) -> Markup {
        runs(values.map { $0 != nil }).map { run -> Markup in
            let points = run.map { "\(coordinate(plot.x($0))),\(coordinate(plot.y(values[$0]!)))" }
            return run.count == 1
                ? "<circle \(dot) cx=\"\(coordinate(plot.x(run[0])))\" cy=\"\(coordinate(plot.y(values[run[0]]!)))\" r=\"3\"/>"
                : "<polyline \(line) points=\"\(points.joined(separator: " "))\"/>"
        }.joined()
    }

    /// Index runs of consecutive known days (or, with `valued` false, of unknown days).
    static func runs(_ known: [Bool], valued: Bool = true) -> [[Int]] {
        var runs: [[Int]] = []
        var current: [Int] = []
        for (index, isKnown) in known.enumerated() {
            if isKnown == valued {
                current.append(index)
            } else if !current.isEmpty {
                runs.append(current)
                current = []
            }
        }
        if !current.isEmpty { runs.append(current) }
        return runs
    }

    private static func axes(low: ExactDecimal, high: ExactDecimal, first: LocalDate, last: LocalDate) -> Markup {
        let (highest, lowest) = (NumberFormat.money(high, places: 0), NumberFormat.money(low, places: 0))
        return """
            <line class="axis" x1="\(left)" y1="\(bottom)" x2="\(right)" y2="\(bottom)"/>\
            <line class="axis" x1="\(left)" y1="\(top)" x2="\(left)" y2="\(bottom)"/>\
            <text x="\(left - 4)" y="\(top + 4)" text-anchor="end">\(highest)</text>\
            <text x="\(left - 4)" y="\(bottom)" text-anchor="end">\(lowest)</text>\
            <text x="\(left)" y="\(bottom + 18)">\(first)</text>\
            <text x="\(right)" y="\(bottom + 18)" text-anchor="end">\(last)</text>
            """
    }

    /// A donut: one stroked circle per slice on a circle of circumference 100, so a slice's
    /// dash length is its percentage and no trigonometry is needed. Drawn clockwise from 12
    /// o'clock.
    static func donut(_ slices: [AllocationSlice], total: String) -> Markup {
        var svg: Markup = "<svg class=\"donut\" viewBox=\"0 0 42 42\" role=\"img\" aria-labelledby=\"alloc-title\">"
        let names = slices.map { "\($0.label) \(AllocationChart.percentText($0.share))" }.joined(separator: ", ")
        svg += "<title id=\"alloc-title\">Allocation by asset: \(names)</title>"
        svg += "<circle cx=\"21\" cy=\"21\" r=\"15.91549\" fill=\"none\" stroke=\"#eee\" stroke-width=\"6\"/>"
        var done = ExactDecimal.zero
        for (index, slice) in slices.enumerated() {
            let length = slice.share.multiplied(byInteger: 100)
            let offset = (ExactDecimal(125) - done).formatted(places: 3)
            let dashes = "\(length.formatted(places: 3)) \((ExactDecimal(100) - length).formatted(places: 3))"
            svg +=
                "<circle cx=\"21\" cy=\"21\" r=\"15.91549\" fill=\"none\" stroke=\"\(palette[index % palette.count])\" stroke-width=\"6\""
            svg += " stroke-dasharray=\"\(dashes)\" stroke-dashoffset=\"\(offset)\">"
            svg += "<title>\(slice.label) \(AllocationChart.percentText(slice.share))</title></circle>"
            done += length
        }
        svg += "<text x=\"21\" y=\"22.5\" text-anchor=\"middle\" class=\"donut-total\">\(total)</text>"
        return svg + "</svg>"
    }

    private static func coordinate(_ value: ExactDecimal) -> String {
        value.formatted(places: 1)
    }
}
