import LedgerCore

/// The text of `ledger gains`: one line per disposal piece and the totals.
public struct GainsView {
    public let report: GainsReport
    public let width: Int
    public let theme: Theme
    /// The ledger's own currency, when the report is in another.
    public var ledgerCurrency: AssetSymbol?

    public init(report: GainsReport, width: Int, theme: Theme) {
        self.report = report
        self.width = width
        self.theme = theme
    }

    public func render() -> String {
        var text =
            theme.bold("Realized gains")
            + " \(period) · \(report.currency) · \(report.method.rawValue.uppercased())\n\n"
        guard !report.disposals.isEmpty else { return text + "No disposals in this period.\n" + dividendLines }
        text += disposalTable() + "\n" + totalsText() + dividendLines
        if !report.totals.complete || !report.dividendTotals.complete {
            text += "\n" + MissingPriceNote.text(report.missingPrices, width: width, ledgerCurrency: ledgerCurrency)
        }
        return text
    }

    /// One line per disposal piece.
    func disposalTable() -> String {
        var table = TextTable(columns: [
            .init("asset"), .init("quantity", .right), .init("acquired"), .init("disposed"),
            .init("days", .right, dropPriority: 2), .init("term", dropPriority: 1),
            .init("proceeds", .right), .init("cost basis", .right), .init("gain", .right),
        ])
        for disposal in report.disposals {
            table.append([
                disposal.asset.text, NumberFormat.quantity(disposal.quantity), disposal.acquired.date.description,
                disposal.disposed.date.description, "\(disposal.holdingDays)", disposal.term.rawValue,
                NumberFormat.money(disposal.proceeds, complete: disposal.proceedsComplete),
                NumberFormat.money(disposal.cost, complete: disposal.costComplete),
                theme.signed(NumberFormat.signedMoney(disposal.gain, complete: disposal.complete), disposal.gain),
            ])
        }
        return table.render(width: width)
    }

    /// The totals block: each figure right-aligned, gains signed (and coloured by the theme).
    func totalsText() -> String {
        let totals = report.totals
        let lines: [(label: String, value: String, raw: ExactDecimal, signed: Bool)] = [
            (
                "proceeds", NumberFormat.money(totals.proceeds, complete: totals.proceedsComplete), totals.proceeds,
                false
            ),
            (
                "cost basis", NumberFormat.money(totals.costBasis, complete: totals.costComplete), totals.costBasis,
                false
            ),
            ("gain", NumberFormat.signedMoney(totals.gain, complete: totals.gainComplete), totals.gain, true),
            (
                "  short term", NumberFormat.signedMoney(totals.shortTermGain, complete: totals.shortTermComplete),
                totals.shortTermGain, true
            ),
            (
                "  long term", NumberFormat.signedMoney(totals.longTermGain, complete: totals.longTermComplete),
                totals.longTermGain, true
            ),
        ]
        let valueWidth = lines.map(\.value.count).max() ?? 0
        let count = report.disposals.count
        var text = theme.bold("Totals") + " (\(count) disposal\(count == 1 ? "" : "s"))\n"
        for line in lines {
            let padded = String(repeating: " ", count: valueWidth - line.value.count) + line.value
            text += "  " + line.label.padding(14) + (line.signed ? theme.signed(padded, line.raw) : padded) + "\n"
        }
        return text
    }

    var period: String {
        switch (report.since, report.until) {
        case (nil, nil): "all time"
        case (let since?, nil): "since \(since)"
        case (nil, let until?): "until \(until)"
        case (let since?, let until?): "\(since) to \(until)"
        }
    }
}

/// Realized totals of several booking methods side by side (`ledger gains --compare`).
public struct MethodComparisonView {
    public let reports: [GainsReport]
    public let width: Int

    public init(reports: [GainsReport], width: Int) {
        self.reports = reports
        self.width = width
    }

    public func render() -> String {
        var table = TextTable(columns: [
            .init("method"), .init("disposals", .right), .init("proceeds", .right), .init("cost basis", .right),
            .init("gain", .right), .init("short term", .right, dropPriority: 1),
            .init("long term", .right, dropPriority: 1),
        ])
        for report in reports {
            let totals = report.totals
            table.append([
                report.method.rawValue.uppercased(), "\(report.disposals.count)", NumberFormat.money(totals.proceeds),
                NumberFormat.money(totals.costBasis), NumberFormat.signedMoney(totals.gain),
                NumberFormat.signedMoney(totals.shortTermGain), NumberFormat.signedMoney(totals.longTermGain),
            ])
        }
        return table.render(width: width)
    }
}
