import LedgerApp
import LedgerCore
import LedgerRender

/// `GET /market/SYMBOL` for a stock or an ETF (`?class=stock|etf`, or the class the user's books
/// give the symbol): its price from the stock sources as `ledger prices fetch` gets it, its
/// row of a cached screen when one lists it (name, change, market cap, volume), the holding, the
/// chart (``CoinChart`` with the class) and its news; Buy and Sell prefill the trade form.
struct StockPage {
    let symbol: AssetSymbol
    let assetClass: AssetClass
    let quote: AssetSymbol
    /// The newest price, or nil with ``priceProblem`` saying why.
    let price: PriceObservation?
    let priceProblem: String?
    /// The symbol's row in the newest cached screen that lists it.
    let listed: TopListEntry?
    let holding: CoinHolding?

    /// The class of `symbol` when the page should be a stock's: `class` asked for, else the
    /// books' class of it; nil for a coin.
    static func stockClass(_ symbol: AssetSymbol, _ fields: MarketFields, session: MarketSession) throws -> AssetClass?
    {
        let asked = try fields["class"].map { text in
            guard let known = AssetClass(rawValue: text.lowercased()) else {
                throw OptionValueError.notAnAssetClass(text)
            }
            return known
        }
        let known = try asked ?? session.books.existing?.recordedClass(of: symbol)
        return known == .stock || known == .etf ? known : nil
    }

    init(_ symbol: AssetSymbol, assetClass: AssetClass, quote: AssetSymbol, session: MarketSession) throws {
        self.symbol = symbol
        self.assetClass = assetClass
        self.quote = quote
        let setup = try MarketSetup(store: session.cache, context: session.context)
        let fetcher = PriceFetcher(setup: setup, forcedSource: nil, progress: Progress(context: session.context))
        let result = try fetcher.latest(FetchTargets(assets: [(symbol, assetClass)]), in: quote)
        try setup.commit()
        let newest = result.observations.filter { $0.asset == symbol && $0.quote == quote }.max {
            $0.observedAt < $1.observedAt
        }
        price = newest
        let reasons = result.reasons(symbol)
        priceProblem =
            newest == nil ? "No source priced \(symbol) in \(quote): " + reasons.joined(separator: "; ") : nil
        listed = try Self.listed(symbol, assetClass, quote: quote, session: session)
        let context = session.context.app
        holding = try session.books.existing.flatMap { books in
            try CoinDetail.holding(symbol, price: newest?.price, quote: quote, store: books, context: context)
        }
    }

    /// The symbol's row in the first of its class's screens cached in `quote` that lists it.
    private static func listed(
        _ symbol: AssetSymbol, _ assetClass: AssetClass, quote: AssetSymbol, session: MarketSession
    ) throws -> TopListEntry? {
        for id in StockScreen.known[assetClass, default: []] {
            guard let screen = StockScreen(id, assetClass: assetClass),
                let list = try session.cache.cachedTopList(in: quote, screen: screen)
            else { continue }
            if let entry = list.list.entries.first(where: { $0.symbol == symbol }) { return entry }
        }
        return nil
    }

    /// The title and the figures, holding, Buy/Sell and the live price (the chart and the
    /// news are the coin page's, added by ``CoinPage``).
    var title: String { listed.map { "\($0.name) (\(symbol))" } ?? symbol.text }

    func figures() -> Markup {
        guard let price else { return PageLayout.errors([priceProblem ?? ""]) }
        let money = NumberFormat.marketPrice(price.price) + " " + quote.text
        var figures = [("Price", money)]
        if let listed {
            figures += [
                ("24h change", NumberFormat.change(listed.change24h, theme: .plain)),
                ("Market cap", listed.marketCap.map { NumberFormat.compact($0) + " " + quote.text } ?? "—"),
                ("Volume 24h", listed.volume24h.map(NumberFormat.compact) ?? "—"),
            ]
        }
        figures.append(("Updated", "\(price.source), observed \(price.observedAt)"))
        let live = LiveRoutes.attribute(symbol, quote, assetClass) + " data-price=\"\(price.price.formatted())\""
        var html: Markup = "<p class=\"meta\">\(assetClass == .etf ? "ETF" : "Stock")</p>\n"
        html += MarketHTML.cards(figures, attributes: ["Price": live])
        if let holding {
            html += "<h2>Your holding</h2>\n"
            html += MarketHTML.cards(
                CoinDetailView.holdingRows(holding, symbol, .plain).filter { !$0.0.isEmpty && $0.0 != "Incomplete" })
        }
        return html
    }
}
