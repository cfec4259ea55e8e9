extension ShareCard {
    /// How many slices a card's allocation keeps: the largest, then one `other` for the rest.
    public static let sliceLimit = 6

    /// The portfolio card: allocation of the priced holdings, and the unrealized return on the
    /// cost of the holdings that are not cash. With `amounts`, the value and the P&L as well.
    public static func portfolio(_ report: HoldingsReport, amounts: Bool) -> ShareCard {
        let totals = report.totals
        let currency = report.options.currency
        var figures: [ShareFigure] = []
        if amounts {
            figures.append(ShareFigure(key: "value", label: "Value", value: totals.value, unit: .money(currency)))
            if totals.unrealizedComplete {
                figures.append(
                    ShareFigure(
                        key: "unrealized", label: "Unrealized", value: totals.unrealizedPnL, unit: .money(currency),
                        signed: true))
            }
            if totals.realizedComplete {
                figures.append(
                    ShareFigure(
                        key: "realized", label: "Realized", value: totals.realizedPnL, unit: .money(currency),
                        signed: true))
            }
        }
        return ShareCard(
            subject: .portfolio, title: "Portfolio", date: report.options.asOf.date, tradeDate: nil,
            currency: currency, headline: returnOnCost(report.rows), figures: figures,
            allocation: slices(report.rows), notes: unpricedNotes(report.rows), showsAmounts: amounts)
    }

    /// The card of one holding (pooled over accounts), or nil when `asset` is not held.
    public static func holding(_ asset: AssetSymbol, in report: HoldingsReport, amounts: Bool) -> ShareCard? {
        let rows = report.rows.filter { $0.asset == asset }
        guard let row = rows.first, rows.count == 1 else { return nil }
        let currency = report.options.currency
        var figures: [ShareFigure] = []
        if let share = row.allocationPercent {
            figures.append(ShareFigure(key: "portfolio_share_pct", label: "Of portfolio", value: share, unit: .percent))
        }
        if let price = row.price {
            figures.append(ShareFigure(key: "price", label: "Price", value: price.value, unit: .money(currency)))
        }
        if amounts { figures += holdingAmounts(row, currency) }
        let headline = row.unrealizedPercent.map {
            ShareFigure(key: "return_on_cost_pct", label: "Return on cost", value: $0, unit: .percent, signed: true)
        }
        return ShareCard(
            subject: .holding, title: asset.text, date: report.options.asOf.date, tradeDate: nil, currency: currency,
            headline: headline, figures: figures, allocation: [], notes: holdingNotes(row, report.options.asOf),
            showsAmounts: amounts)
    }

    private static func holdingAmounts(_ row: HoldingRow, _ currency: AssetSymbol) -> [ShareFigure] {
        var figures = [ShareFigure(key: "quantity", label: "Quantity", value: row.quantity, unit: .quantity(row.asset))]
        if let value = row.value {
            figures.append(ShareFigure(key: "value", label: "Value", value: value, unit: .money(currency)))
        }
        if row.costComplete {
            figures.append(
                ShareFigure(key: "cost_basis", label: "Cost basis", value: row.costBasis, unit: .money(currency)))
        }
        if let average = row.averageCost {
            figures.append(
                ShareFigure(key: "average_cost", label: "Average cost", value: average, unit: .money(currency)))
        }
        return figures
    }

    /// Unrealized P&L over the cost of the priced, fully costed holdings that are not fiat
    /// (cash has no return here, and would only dilute it); nil when there are none.
    static func returnOnCost(_ rows: [HoldingRow]) -> ShareFigure? {
        let invested = rows.filter { $0.assetClass != .fiat && $0.price != nil && $0.costComplete }
        let cost = invested.map(\.costBasis).sum()
        guard cost.isPositive else { return nil }
        let pnl = invested.compactMap(\.unrealizedPnL).sum()
        return ShareFigure(
            key: "return_on_cost_pct", label: "Return on cost", value: pnl * 100 / cost, unit: .percent, signed: true)
    }

    /// The priced holdings' shares, largest first; past ``sliceLimit`` the rest become `other`.
    static func slices(_ rows: [HoldingRow]) -> [ShareSlice] {
        var byAsset: [String: ExactDecimal] = [:]
        for row in rows {
            if let share = row.allocationPercent { byAsset[row.asset.text, default: .zero] += share }
        }
        // The closures' types spelled out: inferred, this took the compiler 7 s (round 19).
        let slices: [ShareSlice] = byAsset.filter { $0.value.isPositive }.map {
            ShareSlice(label: $0.key, percent: $0.value)
        }
        let sorted = slices.sorted { (a: ShareSlice, b: ShareSlice) -> Bool in
            if a.percent != b.percent { return a.percent > b.percent }
            return a.label < b.label
        }
        guard sorted.count > sliceLimit else { return sorted }
        let rest = sorted.dropFirst(sliceLimit - 1).map(\.percent).sum()
        return Array(sorted.prefix(sliceLimit - 1)) + [ShareSlice(label: "other", percent: rest)]
    }

    static func unpricedNotes(_ rows: [HoldingRow]) -> [String] {
        let unpriced = Set(rows.filter { $0.price == nil }.map(\.asset)).sorted()
        let uncosted = Set(rows.filter { $0.price != nil && !$0.costComplete && $0.assetClass != .fiat }.map(\.asset))
            .sorted()
        var notes: [String] = []
        if !unpriced.isEmpty {
            notes.append("Not included: \(unpriced.map(\.text).joined(separator: ", ")) (no price)")
        }
        if !uncosted.isEmpty {
            notes.append(
                "Return leaves out \(uncosted.map(\.text).joined(separator: ", ")) (cost basis not known)")
        }
        return notes
    }

    static func holdingNotes(_ row: HoldingRow, _ asOf: Timestamp) -> [String] {
        if row.price == nil { return ["No price for \(row.asset) on \(asOf.date)"] }
        if !row.costComplete { return ["Cost basis not known: no return on cost"] }
        return []
    }
}
