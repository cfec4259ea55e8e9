import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerRender

/// How `ledger live` shows its rows: a table redrawn in place on a terminal, one plain line per
/// asset and update on a pipe, or one JSON object per asset and update with `-O json`.
final class LiveDisplay {
    enum Mode { case table, lines, json }

    let mode: Mode
    let theme: Theme
    let width: Int
    let quote: AssetSymbol
    let write: (String) -> Void
    /// Lines the table took last time (the cursor goes back up over them).
    private var drawn = 0

    init(mode: Mode, theme: Theme, width: Int, quote: AssetSymbol, write: @escaping (String) -> Void) {
        self.mode = mode
        self.theme = theme
        self.width = width
        self.quote = quote
        self.write = write
    }

    /// Hides the cursor before the first table.
    func begin(title: String) {
        guard mode == .table else { return }
        write("\u{1B}[?25l" + String(title.prefix(width)) + "\n")
    }

    /// Shows the rows after an update.
    func show(_ rows: [LiveRow]) {
        switch mode {
        case .table: redraw(rows)
        case .lines: write(rows.compactMap(Self.line).map { $0 + "\n" }.joined())
        case .json: write(rows.compactMap(Self.json).map { $0 + "\n" }.joined())
        }
    }

    /// Shows one streamed update: the whole table on a terminal, else only the row that changed.
    func show(_ rows: [LiveRow], changed index: Int) {
        mode == .table ? redraw(rows) : show([rows[index]])
    }

    /// Puts the terminal back: the cursor shown again and on a fresh line. The one place the
    /// terminal is restored, called however the ticker ends (Ctrl-C, a limit, an error).
    func finish() {
        guard mode == .table else { return }
        write("\u{1B}[0m\u{1B}[?25h")
    }

    private func redraw(_ rows: [LiveRow]) {
        var table = TextTable(columns: [
            .init("ASSET"), .init("PRICE", .right), .init("CHANGE", .right), .init("UPDATED", .right, dropPriority: 1),
            .init("SOURCE", dropPriority: 2),
        ])
        for row in rows {
            let change =
                row.changePercent.map { theme.signed(NumberFormat.percent($0, signed: true, places: 2), $0) } ?? "—"
            table.append([
                row.symbol.text, row.price.map(NumberFormat.price) ?? "—", change,
                row.updatedAt.map { String($0.description.dropFirst(11).prefix(8)) } ?? "—", row.source ?? "",
            ])
        }
        let lines = table.render(width: width).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        // Back to the top of the last drawing, then every line cleared and rewritten.
        let up = drawn > 0 ? "\u{1B}[\(drawn)A" : ""
        write(up + lines.map { "\r\u{1B}[2K" + $0 + "\n" }.joined())
        drawn = lines.count
    }

    /// `2024-06-01T12:00:05Z BTC 67543.12 USD +0.12%`; `—` for the change when there is
    /// nothing to measure from (no 24-hour open in the stream), never a made-up `+0.00%`.
    static func line(_ row: LiveRow) -> String? {
        guard let price = row.price, let time = row.updatedAt else { return nil }
        let change = row.changePercent.map { NumberFormat.percent($0, signed: true, places: 2) } ?? "—"
        return "\(time) \(row.symbol) \(price.formatted()) \(row.quoteText) \(change)"
    }

    static func json(_ row: LiveRow) -> String? {
        guard let price = row.price, let time = row.updatedAt else { return nil }
        return ChartJSON.live(
            time: time, asset: row.symbol, quote: row.quoteText, price: price, startPrice: row.base,
            changePercent: row.changePercent, source: row.source, changeFrom: row.changeFrom == .day ? "24h" : nil)
    }
}
