import LedgerCore

/// The words and figures of `ledger returns` that its text, Markdown and HTML views and the web
/// page share (docs/RETURNS.md): one place for each label, note and formatted figure.
public enum ReturnsWords {
    /// A formatted figure and the value whose sign colours it (zero: not coloured).
    public struct Cell: Sendable {
        public let text: String
        public let sign: ExactDecimal
    }

    /// "Returns 2024-06-02 to 2024-06-10 (9 days)".
    public static func title(_ report: ReturnsReport) -> String {
        let range = report.first == report.last ? "\(report.first)" : "\(report.first) to \(report.last)"
        let days = report.dayCount == 1 ? "1 day" : "\(report.dayCount) days"
        return "Returns \(range) (\(days))"
    }

    public static func subtitle(_ report: ReturnsReport) -> String {
        "As of \(report.asOf.reportDescription), in \(report.currency); start value at the close of \(report.days.first?.date ?? report.first)."
    }

    /// The figures table: a header (an empty corner, `portfolio`, the benchmark) and one row
    /// per figure, its label first.
    public static func figures(_ report: ReturnsReport) -> (header: [String], rows: [(String, [Cell])]) {
        var header = ["", "portfolio"]
        var columns = [report.figures]
        if let benchmark = report.benchmark {
            header.append("if in \(benchmark.symbol)")
            columns.append(benchmark.figures)
        }
        var rows: [(String, (ReturnFigures) -> Cell)] = [
            ("Start value", { money($0.startValue) }), ("End value", { money($0.endValue) }),
            ("Net contributions", { money($0.contributions, signed: true) }),
            ("Gain", { money($0.gain, signed: true) }),
            ("Time-weighted return", { percent($0.timeWeighted?.cumulative) }),
            ("Money-weighted return", moneyWeighted),
        ]
        if report.dayCount > 365 {
            rows += [
                ("TWR a year", { percent($0.timeWeighted?.annualised) }),
                ("MWR a year", { figures in percent((try? figures.moneyWeighted?.get())?.annualRate) }),
            ]
        }
        return (header, rows.map { label, cell in (label, columns.map(cell)) })
    }

    /// `--by`: the header (the grouping first) and one row per sleeve.
    public static func sleeves(_ report: ReturnsReport) -> (header: [String], rows: [[Cell]]) {
        let header = [report.grouping?.rawValue ?? "", "end value", "contributions", "gain", "TWR", "MWR"]
        let rows = report.sleeves.map { sleeve in
            let figures = sleeve.figures
            return [
                Cell(text: sleeve.name, sign: .zero), money(figures.endValue),
                money(figures.contributions, signed: true), money(figures.gain, signed: true),
                percent(figures.timeWeighted?.cumulative), moneyWeighted(figures),
            ]
        }
        return (header, rows)
    }

    public static let sleevesNote =
        "A sleeve's flows are what moved in or out of it: trades and transfers too (docs/RETURNS.md)."

    /// Why a figure is missing or how it was made: no MWR, linked gaps, unknown figures.
    public static func notes(_ report: ReturnsReport) -> [String] {
        var notes: [String] = []
        if case .failure(let why) = report.figures.moneyWeighted {
            notes.append("No money-weighted return: \(why.reason).")
        }
        if let bridged = report.figures.timeWeighted?.bridgedDays, bridged > 0 {
            notes.append(
                "The time-weighted return links over \(bridged) day\(bridged == 1 ? "" : "s") without a value.")
        }
        let figures = [report.figures] + (report.benchmark.map { [$0.figures] } ?? []) + report.sleeves.map(\.figures)
        if figures.contains(where: { $0.endValue == nil || $0.startValue == nil || $0.contributions == nil }) {
            notes.append("\(NumberFormat.incompleteUnknown) is unknown: a price is missing (see below).")
        }
        return notes
    }

    public static var missingTitle: String { "Missing prices (carried at most \(ReturnsSeries.carryDays) days)" }

    /// One line per asset and run of days without a usable price, with the command that fills it.
    public static func missing(_ report: ReturnsReport) -> [String] {
        report.unknownSpans.map { span in
            let range = span.from == span.to ? "\(span.from)" : "\(span.from) to \(span.to)"
            return "\(span.asset): no price \(range); run: \(span.fillCommand)"
        }
    }

    static func money(_ value: ExactDecimal?, signed: Bool = false) -> Cell {
        guard let value else { return Cell(text: NumberFormat.incompleteUnknown, sign: .zero) }
        return Cell(
            text: signed ? NumberFormat.signedMoney(value) : NumberFormat.money(value), sign: signed ? value : .zero)
    }

    static func percent(_ rate: ExactDecimal?) -> Cell {
        guard let rate else { return Cell(text: NumberFormat.incompleteUnknown, sign: .zero) }
        return Cell(text: NumberFormat.percent(rate * 100, signed: true, places: 2), sign: rate)
    }

    static func moneyWeighted(_ figures: ReturnFigures) -> Cell {
        switch figures.moneyWeighted {
        case .success(let rate): percent(rate.periodRate)
        case .failure: Cell(text: "none", sign: .zero)
        case nil: Cell(text: NumberFormat.incompleteUnknown, sign: .zero)
        }
    }
}
