extension ShareCard {
    /// The card of one buy, sell or swap: the price then and now in the trade's own quote, and
    /// the move since. Nil for an event of another kind. The price now is the latest at or
    /// before `asOf`; when there is none the card says so and has no headline.
    public static func trade(_ event: LedgerEvent, prices: PriceTable, asOf: Timestamp, amounts: Bool) -> ShareCard? {
        guard let deal = Deal(event.action) else { return nil }
        let now = prices.price(of: deal.asset.symbol, in: deal.quote, at: asOf)?.value
        var figures = [
            ShareFigure(
                key: "price_then", label: deal.priceLabel + " then", value: deal.unitPrice, unit: .money(deal.quote))
        ]
        if let now {
            figures.append(
                ShareFigure(key: "price_now", label: deal.priceLabel + " now", value: now, unit: .money(deal.quote)))
        }
        if amounts {
            figures.append(
                ShareFigure(
                    key: "quantity", label: "Quantity", value: deal.quantity, unit: .quantity(deal.asset.symbol)))
            figures.append(ShareFigure(key: "total", label: "Total", value: deal.total, unit: .money(deal.quote)))
        }
        let headline = now.flatMap { now -> ShareFigure? in
            guard deal.unitPrice.isPositive else { return nil }
            return ShareFigure(
                key: "change_since_pct", label: deal.sinceLabel, value: (now - deal.unitPrice) * 100 / deal.unitPrice,
                unit: .percent, signed: true)
        }
        let notes =
            now == nil
            ? ["No \(deal.asset.symbol) price in \(deal.quote) on \(asOf.date): no change since the trade"] : []
        return ShareCard(
            subject: .trade, title: deal.title, date: asOf.date, tradeDate: event.occurredAt.date, currency: deal.quote,
            headline: headline, figures: figures, allocation: [], notes: notes, showsAmounts: amounts)
    }

    /// A buy, a sell or a swap seen as "an asset at a unit price in a quote".
    private struct Deal {
        let title: String
        let sinceLabel: String
        /// `Price` for a buy or a sell; the asset received for a swap (its price is in the asset given).
        let priceLabel: String
        let asset: Asset
        let quantity: ExactDecimal
        let quote: AssetSymbol
        let unitPrice: ExactDecimal
        let total: ExactDecimal

        init?(_ action: EventAction) {
            switch action {
            case .buy(let amount, let term), .sell(let amount, let term):
                let bought = action.kind == .buy
                title = "\(bought ? "Bought" : "Sold") \(amount.asset.symbol)"
                sinceLabel = bought ? "Since bought" : "Since sold"
                priceLabel = "Price"
                asset = amount.asset
                quantity = amount.quantity
                quote = term.quote
                unitPrice = term.unitPrice(for: amount.quantity).amount
                total = term.quoteAmount(for: amount.quantity)
            case .trade(let given, let received):
                title = "Swapped \(given.asset.symbol) for \(received.asset.symbol)"
                sinceLabel = "Since swapped"
                priceLabel = received.asset.symbol.text
                asset = received.asset
                quantity = received.quantity
                quote = given.asset.symbol
                guard received.quantity.isPositive else { return nil }
                unitPrice = given.quantity / received.quantity
                total = given.quantity
            default:
                return nil
            }
        }
    }
}
