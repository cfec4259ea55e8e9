import LedgerCore

/// The two layouts of the allocation chart: the pie with its legend, and the bar list.
extension AllocationChart {
    /// Spaces before the pie (and before a legend printed under it).
    static let pieMargin = 2
    /// Spaces between the pie and a legend printed beside it.
    static let legendGap = 4
    /// Columns of a legend line besides its label: symbol, space, two spaces, percentage.
    static let legendOverhead = 4 + percentWidth
    /// A legend beside the pie may cut labels, but never below this many columns.
    static let shortestLegendLabel = 8

    /// The pie, with the legend to its right when it fits, else under it.
    static func pieLines(_ slices: [AllocationSlice], width: Int, palette: ChartPalette) -> [String] {
        let raster = PieRaster(fractions: slices.map { Double($0.share.units) })
        let pie = raster.cells.map(palette.row)
        let longest = slices.map(\.label.displayWidth).max() ?? 0
        let room = width - pieMargin - PieRaster.columns - legendGap - legendOverhead
        if room >= min(longest, shortestLegendLabel) {
            let legend = legendLines(slices, labelWidth: min(longest, room), palette: palette)
            return beside(pie, legend)
        }
        let margin = String(repeating: " ", count: pieMargin)
        let labelWidth = max(1, min(longest, width - pieMargin - legendOverhead))
        let legend = legendLines(slices, labelWidth: labelWidth, palette: palette)
        return pie.map { margin + $0 } + [""] + legend.map { margin + $0 }
    }

    /// One line per slice: `# BTC    45.4%`, labels padded to `labelWidth`.
    static func legendLines(_ slices: [AllocationSlice], labelWidth: Int, palette: ChartPalette) -> [String] {
        slices.enumerated().map { index, slice in
            palette.run(index, count: 1) + " " + padded(slice.label, to: labelWidth) + "  "
                + leftPadded(percentText(slice.share), to: percentWidth)
        }
    }

    /// The pie's rows with the legend to their right, the legend centred vertically.
    static func beside(_ pie: [String], _ legend: [String]) -> [String] {
        let top = max(0, (pie.count - legend.count) / 2)
        let blankRow = String(repeating: " ", count: PieRaster.columns)
        let margin = String(repeating: " ", count: pieMargin)
        let gap = String(repeating: " ", count: legendGap)
        return (0..<max(pie.count, top + legend.count)).map { line in
            let left = line < pie.count ? pie[line] : blankRow
            let entry = line - top
            let right = entry >= 0 && entry < legend.count ? legend[entry] : ""
            return margin + left + gap + right
        }
    }

    /// One line per slice: `BTC  ##########..........   45.4%`, a full bar being 100%.
    static func barLines(_ slices: [AllocationSlice], width: Int, palette: ChartPalette) -> [String] {
        let longest = slices.map(\.label.displayWidth).max() ?? 0
        let labelWidth = min(longest, max(3, width / 4))
        let barWidth = width - labelWidth - 4 - percentWidth
        return slices.enumerated().map { index, slice in
            let percent = leftPadded(percentText(slice.share), to: percentWidth)
            guard barWidth >= 4 else {
                return padded(slice.label, to: max(1, min(longest, width - 2 - percentWidth))) + "  " + percent
            }
            let filled = barCells(slice.share, width: barWidth)
            let rest = String(repeating: ".", count: barWidth - filled)
            return padded(slice.label, to: labelWidth) + "  " + palette.run(index, count: filled) + rest
                + "  " + percent
        }
    }

    /// How many of `width` bar cells a share fills: rounded, at least one for a positive share.
    static func barCells(_ share: ExactDecimal, width: Int) -> Int {
        let cells = share.multiplied(byInteger: width).rounded(places: 0)
        let whole = cells.isOverflow ? width : Int(cells.units / ExactDecimal.unitsPerOne)
        return min(width, max(share.isPositive ? 1 : 0, whole))
    }
}
