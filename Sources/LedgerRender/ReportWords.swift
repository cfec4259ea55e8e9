import LedgerCore

/// The sentences every format of `ledger report` shares, so text, Markdown and HTML say the
/// same thing in the same words.
enum ReportWords {
    static func title(_ report: PeriodReport) -> String {
        let options = report.options
        return
            "Report for \(report.period.kind.rawValue) \(report.period.range) · as of \(options.asOf.reportDescription) · \(options.currency) · \(options.method.rawValue.uppercased())"
    }

    static func chain(_ report: PeriodReport) -> String {
        "\(report.chain.events) event\(report.chain.events == 1 ? "" : "s") in the ledger; chain head \(report.chain.hash)"
    }

    /// Label and amount for the start value, the end value and the change.
    static func valueLines(_ report: PeriodReport) -> [(String, String)] {
        let base = report.period.baseDay
        let start =
            report.startValue.map { NumberFormat.money($0) }
            ?? "unknown (unpriced on \(base): \(names(report.series.first?.unpriced ?? [])))"
        let end =
            report.endValue.map { NumberFormat.money($0) }
            ?? "\(NumberFormat.money(report.holdings.totals.value)) priced; \(names(report.unpricedAssets)) unpriced"
        var change = "unknown"
        if let amount = report.change {
            change =
                NumberFormat.signedMoney(amount)
                + (report.changePercent.map { " (\(NumberFormat.percent($0, signed: true)))" } ?? "")
        }
        return [
            ("start (close \(base))", start), ("end (\(report.options.asOf.reportDescription))", end),
            ("change", change),
        ]
    }

    /// The P&L lines under the value: cost basis, unrealized, realized (all time and in the
    /// period), income.
    static func pnlLines(_ report: PeriodReport) -> [(String, String)] {
        let totals = report.holdings.totals
        return [
            ("cost basis", NumberFormat.money(totals.costBasis, complete: totals.costComplete)),
            ("unrealized P&L", NumberFormat.signedMoney(totals.unrealizedPnL, complete: totals.unrealizedComplete)),
            (
                "realized P&L (all time)",
                NumberFormat.signedMoney(totals.realizedPnL, complete: totals.realizedComplete)
            ),
            (
                "realized gains in period",
                NumberFormat.signedMoney(report.gains.totals.gain, complete: report.gains.totals.gainComplete)
            ),
            ("income (all time)", NumberFormat.money(totals.income, complete: totals.incomeComplete)),
        ]
    }

    static let moverHeader = ["asset", "held at start", "start price", "end price", "change", "price effect"]

    static func moverCells(_ mover: Mover) -> [String] {
        [
            mover.asset.text, NumberFormat.quantity(mover.quantity), NumberFormat.price(mover.startPrice),
            NumberFormat.price(mover.endPrice), mover.percent.map { NumberFormat.percent($0, signed: true) } ?? "—",
            NumberFormat.signedMoney(mover.effect),
        ]
    }

    /// Why the movers list is empty or short.
    static func moverNotes(_ report: PeriodReport) -> [String] {
        var notes: [String] = []
        if report.movers.isEmpty && report.unrankedAssets.isEmpty {
            notes.append(
                "Nothing other than \(report.options.currency) was held at the close of \(report.period.baseDay): no price effect to rank."
            )
        }
        if !report.unrankedAssets.isEmpty {
            notes.append(
                "Not ranked (no price on \(report.period.baseDay) or at as-of): \(names(report.unrankedAssets)).")
        }
        return notes
    }

    static let gainHeader = ["asset", "quantity", "acquired", "disposed", "term", "proceeds", "cost basis", "gain"]

    static func gainCells(_ disposal: Disposal) -> [String] {
        [
            disposal.asset.text, NumberFormat.quantity(disposal.quantity), disposal.acquired.date.description,
            disposal.disposed.date.description, disposal.term.rawValue,
            NumberFormat.money(disposal.proceeds, complete: disposal.proceedsComplete),
            NumberFormat.money(disposal.cost, complete: disposal.costComplete),
            NumberFormat.signedMoney(disposal.gain, complete: disposal.complete),
        ]
    }

    static let freshnessHeader = ["asset", "price date", "source", "recorded", "age at as-of"]

    static func freshnessCells(_ item: PriceFreshness) -> [String] {
        [
            item.asset.text, item.observedAt.compactDescription, item.source,
            item.fetchedAt?.compactDescription ?? "—", duration(item.ageSeconds),
        ]
    }

    /// Assets unpriced at as-of and the days of the series each was unpriced.
    static func unpricedLines(_ report: PeriodReport) -> [String] {
        var lines: [String] = []
        let totals = report.holdings.totals
        if !totals.unpricedAssets.isEmpty {
            lines.append(
                "Unpriced at as-of, not in value: \(names(totals.unpricedAssets)) (cost basis \(NumberFormat.money(totals.unpricedCost, complete: totals.unpricedCostComplete)))."
            )
        }
        let days = report.series.count
        for asset in Array(Set(report.unpricedSpans.map(\.asset))).sorted() {
            let spans = report.unpricedSpans.filter { $0.asset == asset }
            let count = spans.map(\.days).reduce(0, +)
            let shown = spans.prefix(3).map { $0.from == $0.to ? $0.from.description : "\($0.from) to \($0.to)" }
            let more = spans.count > 3 ? ", and \(spans.count - 3) more" : ""
            lines.append("\(asset) had no price on \(count) of \(days) days: \(shown.joined(separator: ", "))\(more).")
        }
        if let missing = MissingPriceNote.sentence(report.holdings.missingPrices) { lines.append(missing) }
        return lines
    }

    /// "3 of 31 days have no complete valuation", or nil when every day has one.
    static func gapNote(_ values: [ExactDecimal?]) -> String? {
        let gaps = values.filter { $0 == nil }.count
        guard gaps > 0 else { return nil }
        return
            "\(gaps) of \(values.count) day\(values.count == 1 ? "" : "s") \(gaps == 1 ? "has" : "have") no complete valuation"
    }

    /// `42 s`, `5 min`, `3 h`, `2 d` (whole units, rounded down).
    static func duration(_ seconds: Int64) -> String {
        switch seconds {
        case ..<60: return "\(seconds) s"
        case ..<3_600: return "\(seconds / 60) min"
        case ..<172_800: return "\(seconds / 3_600) h"
        default: return "\(seconds / 86_400) d"
        }
    }

    static func names(_ assets: [AssetSymbol]) -> String {
        assets.isEmpty ? "none" : assets.map(\.text).joined(separator: ", ")
    }
}
