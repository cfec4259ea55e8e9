import LedgerCore

/// The allocation chart of `ledger portfolio`: an ASCII pie with a legend, or a list of
/// horizontal bars when the terminal is too narrow for the pie.
///
/// Each slice has its own fill character (`#`, `:`, `@`, `+`, …) so the chart reads without
/// colour; with colour each slice also gets its own ANSI colour. Percentages come from the exact
/// shares (share × 100, rounded half away from zero to one place); only the pie's angles use
/// `Double`.
public enum AllocationChart {
    /// The narrowest width that still gets a pie; below it the chart is a bar list.
    public static let minimumPieWidth = 44

    /// The text printed instead of a chart when no slice has a positive share.
    public static let emptyText = "(nothing to chart)"

    /// The label of the slice that gathers the small ones.
    public static let otherLabel = "other"

    /// Slices under this share (2%) are gathered into `other` by ``grouped(_:threshold:)``.
    public static let defaultThreshold = ExactDecimal(2) / ExactDecimal(100)

    /// Renders a pie with a legend, or a horizontal bar list when `width` is too narrow for the pie.
    ///
    /// Slices are drawn in the order given, clockwise from 12 o'clock; pass them through
    /// ``grouped(_:threshold:)`` first for the usual order. Slices whose share is zero or
    /// negative are left out. More slices than there are fill characters (12) are folded into
    /// one `other` slice. Every line is at most `width` columns (colour codes not counted) with
    /// no trailing spaces, and the text ends with a newline. With `color` false there are no
    /// escape codes at all.
    public static func render(_ slices: [AllocationSlice], width: Int, color: Bool) -> String {
        let drawn = capped(slices.filter { $0.share.isPositive })
        let palette = ChartPalette(color: color)
        let lines: [String]
        if drawn.isEmpty {
            lines = [emptyText]
        } else if width >= minimumPieWidth {
            lines = pieLines(drawn, width: width, palette: palette)
        } else {
            lines = barLines(drawn, width: width, palette: palette)
        }
        return lines.map { ChartPalette.fit($0, width: max(0, width)) }.joined(separator: "\n") + "\n"
    }

    /// Groups slices under `threshold` (default 0.02 = 2%) into one slice labelled "other" (placed last); sorts the rest by share descending (ties by label).
    ///
    /// The `other` slice's share is the exact sum of the shares it gathers, so the total is
    /// unchanged. A slice already labelled `other` joins the group. A lone small slice keeps its
    /// own label (grouping it would hide its name and save no room). Slices with a zero share
    /// are dropped.
    public static func grouped(
        _ slices: [AllocationSlice], threshold: ExactDecimal = defaultThreshold
    ) -> [AllocationSlice] {
        let present = slices.filter { !$0.share.isZero }
        var small = present.filter { $0.share < threshold || $0.label == otherLabel }
        var large = present.filter { !($0.share < threshold || $0.label == otherLabel) }
        if small.count == 1 && small[0].label != otherLabel {
            large += small
            small = []
        }
        large.sort { $0.share != $1.share ? $0.share > $1.share : $0.label < $1.label }
        guard !small.isEmpty else { return large }
        return large + [AllocationSlice(label: otherLabel, share: small.map(\.share).sum())]
    }

    /// At most ``ChartPalette/capacity`` slices: the rest are folded into a last `other` slice.
    static func capped(_ slices: [AllocationSlice]) -> [AllocationSlice] {
        guard slices.count > ChartPalette.capacity else { return slices }
        let kept = Array(slices.prefix(ChartPalette.capacity - 1))
        let rest = slices.dropFirst(ChartPalette.capacity - 1).map(\.share).sum()
        return kept + [AllocationSlice(label: otherLabel, share: rest)]
    }

    /// The share as a percentage with one decimal (`62.5%`); a positive share too small to
    /// show as 0.1% is `<0.1%` rather than a misleading `0.0%`.
    static func percentText(_ share: ExactDecimal) -> String {
        let percent = share.multiplied(byInteger: 100)
        let rounded = percent.rounded(places: 1)
        if rounded.isZero && percent.isPositive { return "<0.1%" }
        return rounded.formatted(places: 1) + "%"
    }

    /// The columns every percentage is right-aligned in (`100.0%`).
    static let percentWidth = 6

    /// `text` cut or padded with spaces to exactly `width` columns.
    static func padded(_ text: String, to width: Int) -> String {
        let cut = text.truncated(to: width)
        return cut + String(repeating: " ", count: max(0, width - cut.displayWidth))
    }

    /// `text` right-aligned in `width` columns.
    static func leftPadded(_ text: String, to width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.displayWidth)) + text
    }
}
