import LedgerApp
import LedgerCore
import LedgerRender

/// Live prices in the portfolio's holdings table: valued now (no `as-of`), each priced holding
/// that is not cash gets the `data-live` attributes of ``LiveRoutes`` on its price cell (the
/// asset, the report's currency, its class unless a coin, and the exact price), and the page
/// names `/live.js`, which keeps those cells current. Value, P&L and the totals stay as the
/// page was made: they are computed exactly on the server.
extension PortfolioPage {
    /// Whether the table's prices follow the live stream.
    var isLive: Bool {
        query.asOf == nil && report.rows.contains { Self.livePrice($0, currency: report.options.currency) != nil }
    }

    /// The attributes of `row`'s price cell, nil for a row that is not followed.
    static func livePrice(_ row: HoldingRow, currency: AssetSymbol) -> Markup? {
        guard let price = row.price, price.source != "identity", row.assetClass != .fiat, row.asset != currency
        else { return nil }
        let attribute = LiveRoutes.attribute(row.asset, currency, row.assetClass == .crypto ? nil : row.assetClass)
        return attribute + " data-live-number data-price=\"\(price.value.formatted())\""
    }

    /// The holdings table, its price cells live when the page is valued now.
    var holdingsTable: Markup {
        let currency = report.options.currency
        let live: ((HoldingRow) -> Markup?)? = query.asOf == nil ? { Self.livePrice($0, currency: currency) } : nil
        return ReportHTMLParts.holdings(report, labelled: true, live: live)
    }
}
