/// What `ledger share` makes: a short card for a chat or a post about the portfolio, one
/// holding or one trade. It holds percentages and market prices; amounts of the user's money
/// (quantities, values, cost) only when they were asked for. It never holds the ledger's path,
/// account names, event ids or notes: nothing that the card's builders do not put in it.
public struct ShareCard: Sendable, Equatable {
    public enum Subject: String, Sendable {
        case portfolio, holding, trade
    }

    public let subject: Subject
    /// `Portfolio`, `BTC`, `Bought BTC`.
    public let title: String
    /// The day the figures are for (as-of; for a trade, as-of too: the day "now" prices are from).
    public let date: LocalDate
    /// The day of the trade, for a trade card.
    public let tradeDate: LocalDate?
    /// The currency money figures are in.
    public let currency: AssetSymbol
    /// The big number: the return on cost, or the move since the trade; nil when unknown.
    public let headline: ShareFigure?
    public let figures: [ShareFigure]
    /// Allocation slices, largest first, percentages of the priced total (portfolio card only).
    public let allocation: [ShareSlice]
    /// What the card leaves out and why (an unpriced holding, a missing price).
    public let notes: [String]
    /// True when the card shows amounts (`--amounts`).
    public let showsAmounts: Bool

    public init(
        subject: Subject, title: String, date: LocalDate, tradeDate: LocalDate?, currency: AssetSymbol,
        headline: ShareFigure?, figures: [ShareFigure], allocation: [ShareSlice], notes: [String], showsAmounts: Bool
    ) {
        self.subject = subject
        self.title = title
        self.date = date
        self.tradeDate = tradeDate
        self.currency = currency
        self.headline = headline
        self.figures = figures
        self.allocation = allocation
        self.notes = notes
        self.showsAmounts = showsAmounts
    }
}

/// One labelled figure of a card.
public struct ShareFigure: Sendable, Equatable {
    public enum Unit: Sendable, Equatable {
        /// A percentage, shown with its sign when ``ShareFigure/signed``.
        case percent
        /// Money or a price in a currency (or quote asset).
        case money(AssetSymbol)
        /// A quantity of an asset.
        case quantity(AssetSymbol)
    }

    /// The JSON key (`return_on_cost_pct`, `price_now`).
    public let key: String
    public let label: String
    public let value: ExactDecimal
    public let unit: Unit
    public let signed: Bool

    public init(key: String, label: String, value: ExactDecimal, unit: Unit, signed: Bool = false) {
        self.key = key
        self.label = label
        self.value = value
        self.unit = unit
        self.signed = signed
    }
}

/// One slice of a card's allocation: a label and its percentage.
public struct ShareSlice: Sendable, Equatable {
    public let label: String
    public let percent: ExactDecimal

    public init(label: String, percent: ExactDecimal) {
        self.label = label
        self.percent = percent
    }
}
