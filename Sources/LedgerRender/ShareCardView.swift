import LedgerCore

/// A share card (``ShareCard``) as plain text for a chat, or as Markdown for a post. No colour
/// and no terminal codes: the text is meant to be pasted elsewhere.
public enum ShareCardView {
    /// Cells of the widest bar (100%).
    static let barWidth = 20

    public static func text(_ card: ShareCard) -> String {
        var lines = [heading(card)]
        lines += figureLines((card.headline.map { [$0] } ?? []) + card.figures)
        if !card.allocation.isEmpty {
            lines.append("")
            let labelWidth = card.allocation.map(\.label.count).max() ?? 0
            for slice in card.allocation {
                let percent = AllocationChart.leftPadded(NumberFormat.percent(slice.percent), to: 6)
                lines.append(
                    AllocationChart.padded(slice.label, to: labelWidth) + "  " + percent + "  " + bar(slice.percent))
            }
        }
        if !card.notes.isEmpty { lines.append("") }
        lines += card.notes
        return lines.joined(separator: "\n") + "\n"
    }

    public static func markdown(_ card: ShareCard) -> String {
        var lines = ["**\(escaped(card.title))** · \(subtitle(card))", ""]
        if let headline = card.headline { lines += ["**\(headline.label): \(value(headline))**", ""] }
        if !card.figures.isEmpty {
            lines += ["| | |", "|---|--:|"]
            lines += card.figures.map { "| \($0.label) | \(value($0)) |" }
            lines.append("")
        }
        if !card.allocation.isEmpty {
            lines += ["| Asset | Share |", "|---|--:|"]
            lines += card.allocation.map { "| \(escaped($0.label)) | \(NumberFormat.percent($0.percent)) |" }
            lines.append("")
        }
        lines += card.notes.map { "_\(escaped($0))_" }
        while lines.last == "" { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `Portfolio · 2026-11-26 · USD`, `Bought BTC · 2024-01-10 · now 2024-06-30`.
    static func heading(_ card: ShareCard) -> String { card.title + " · " + subtitle(card) }

    static func subtitle(_ card: ShareCard) -> String {
        if let tradeDate = card.tradeDate { return "\(tradeDate) · in \(card.currency) · now \(card.date)" }
        return "\(card.date) · \(card.currency)"
    }

    /// One `label  value` line per figure, labels padded to one width.
    static func figureLines(_ figures: [ShareFigure]) -> [String] {
        let width = figures.map(\.label.count).max() ?? 0
        return figures.map { AllocationChart.padded($0.label, to: width) + "  " + value($0) }
    }

    /// A figure as text: `+12.3%`, `61,500.00 USD`, `0.5 BTC`.
    public static func value(_ figure: ShareFigure) -> String {
        switch figure.unit {
        case .percent: NumberFormat.percent(figure.value, signed: figure.signed)
        case .money(let currency):
            (figure.signed ? NumberFormat.signedMoney(figure.value) : NumberFormat.price(figure.value)) + " \(currency)"
        case .quantity(let asset): NumberFormat.quantity(figure.value) + " \(asset)"
        }
    }

    /// A bar of `percent` in eighths of a cell.
    static func bar(_ percent: ExactDecimal) -> String {
        let eighths = Int((percent * ExactDecimal(barWidth * 8) / 100).rounded(places: 0).formatted(places: 0)) ?? 0
        let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        let clamped = max(0, min(eighths, barWidth * 8))
        return String(repeating: "█", count: clamped / 8) + partial[clamped % 8]
    }

    private static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            if "\\`*_[]|<>#".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }
}
