import LedgerCore

/// `ledger market` as text: a heading, the table of one page of a top list, and where the
/// figures come from. Favourites are marked `*` (`★` when the theme has colour). Two changes
/// are shown: the chosen period (`--change`, default 24h) and 7d (24h when 7d is chosen); they
/// carry their sign and, with colour, are green up and red down; a period the source does not
/// give shows `—` and a note names the source. A stock screen's prices are in each listing's
/// currency, the code added where it is not the list's. Columns are dropped to fit the width:
/// volume first, then supply, then the second change.
public struct MarketListView: Sendable {
    public let list: TopList
    public let page: TopListPage
    public let query: TopListQuery
    public let favorites: Set<AssetSymbol>
    /// When the list was fetched, as the footer says it (`2024-06-01T12:00:03Z (5 s ago)`).
    public let freshness: String
    public let width: Int
    public let theme: Theme

    public init(
        list: TopList, page: TopListPage, query: TopListQuery, favorites: Set<AssetSymbol>, freshness: String,
        width: Int, theme: Theme
    ) {
        self.list = list
        self.page = page
        self.query = query
        self.favorites = favorites
        self.freshness = freshness
        self.width = width
        self.theme = theme
    }

    public func render() -> String {
        var text = heading() + "\n\n"
        if page.entries.isEmpty {
            text += query.favoritesOnly ? "None of the watched coins is in this list.\n" : "The list is empty.\n"
        } else {
            text += table().render(width: width)
        }
        text += "\n" + footer().flatMap { Self.wrap($0, width: width) }.joined(separator: "\n") + "\n"
        return text
    }

    public func heading() -> String {
        let what: String
        if let screen = list.screen {
            let kind = screen.assetClass == .etf ? "ETFs" : "stocks"
            what =
                query.favoritesOnly
                ? "Watched \(kind) in \(screen.title)" : "\(list.entries.count) \(kind): \(screen.title)"
        } else {
            what =
                query.favoritesOnly
                ? "Watched coins in the top \(list.entries.count)" : "Top \(list.entries.count) coins by market cap"
        }
        let sorted =
            query.sort == .change && query.change != .day ? "\(label(query.change)) change" : query.sort.rawValue
        let order =
            query.sort == .rank && !query.reverse
            ? "" : " · by \(sorted)\(query.reverse ? ", reversed" : "")"
        return theme.bold(what) + " · \(list.quote)" + order
    }

    func table() -> TextTable {
        // The marker column only when some coin on the page is watched.
        let marked = page.entries.contains { favorites.contains($0.symbol) }
        let columns = self.columns()
        var table = TextTable(columns: (marked ? [TextTable.Column("")] : []) + columns.map(\.column))
        for entry in page.entries {
            table.append((marked ? [marker(entry.symbol)] : []) + columns.map { $0.cell(entry) })
        }
        return table
    }

    typealias Filled = (column: TextTable.Column, cell: (TopListEntry) -> String)

    /// The columns and how each fills its cell. A stock screen has no supply and only the
    /// day's change, so it shows neither a supply column nor a second change that would be all `—`.
    private func columns() -> [Filled] {
        let theme = self.theme
        func change(_ period: ChangePeriod, drop: Int = 0) -> Filled {
            (
                TextTable.Column(label(period), .right, dropPriority: drop),
                { NumberFormat.change($0.change(period), theme: theme) }
            )
        }
        let screen = list.screen != nil
        var columns: [Filled] = [
            (TextTable.Column("#", .right), { String($0.rank) }),
            (TextTable.Column("Name", flexible: true), { $0.name }),
            (TextTable.Column("Symbol"), { $0.symbol.text }),
            (TextTable.Column("Price", .right), price),
            change(query.change),
        ]
        if !screen || query.change != .day { columns.append(change(screen ? .day : second, drop: 2)) }
        columns.append((TextTable.Column("Mkt cap", .right), { Self.figure($0.marketCap, NumberFormat.compact) }))
        if !screen {
            columns.append(
                (
                    TextTable.Column("Supply", .right, dropPriority: 3),
                    { Self.figure($0.circulatingSupply, NumberFormat.compact) }
                ))
        }
        columns.append(
            (TextTable.Column("Volume", .right, dropPriority: 4), { Self.figure($0.volume24h, NumberFormat.compact) }))
        return columns
    }

    func footer() -> [String] {
        var lines: [String] = []
        if query.page != nil {
            let things = list.screen == nil ? "coins" : page.matching == 1 ? "listing" : "listings"
            var line = "page \(page.page)/\(page.pages) · \(query.perPage) per page · \(page.matching) \(things)"
            if page.page < page.pages { line += " · --page \(page.page + 1) for the next" }
            lines.append(line)
        }
        if !page.unlistedFavorites.isEmpty {
            lines.append("Watched but not in this list: " + page.unlistedFavorites.map(\.text).joined(separator: " "))
        }
        if let missing = missingPeriod() { lines.append(missing) }
        if let screen = list.screen {
            lines.append(
                "Prices in each listing's currency (marked when not \(list.quote)) from \(list.source)'s \(screen.id) screen, fetched \(freshness); volume in shares."
            )
        } else {
            lines.append("Prices in \(list.quote) from \(list.source), fetched \(freshness).")
        }
        if !favorites.isEmpty && !query.favoritesOnly {
            lines.append("\(theme.isColored ? "★" : "*") watched ('ledger watch list')")
        }
        return lines
    }

    /// The second change column: 7d, or 24h when 7d is the chosen one.
    var second: ChangePeriod { query.change.companion }

    /// A period as a column heading: `Day` for a stock screen's change since the last close.
    func label(_ period: ChangePeriod) -> String {
        list.screen != nil && period == .day ? "Day" : period.rawValue
    }

    /// The note when no entry has the chosen period: which source lacks it, never a zero.
    func missingPeriod() -> String? {
        guard !list.entries.isEmpty, !list.entries.contains(where: { $0.change(query.change) != nil }) else {
            return nil
        }
        if list.screen != nil {
            return "\(list.source)'s screens give no \(query.change.rawValue) change (— in the table), only the day's."
        }
        return
            "\(list.source) gives no \(query.change.rawValue) change (— in the table); coingecko gives all five periods."
    }

    /// The price, with its currency when it is not the list's.
    func price(_ entry: TopListEntry) -> String {
        let text = Self.figure(entry.price, NumberFormat.marketPrice)
        return entry.quote == list.quote || entry.price == nil ? text : text + " " + entry.quote.text
    }

    func marker(_ symbol: AssetSymbol) -> String {
        guard favorites.contains(symbol) else { return "" }
        return theme.isColored ? "\u{1B}[33m★\u{1B}[0m" : "*"
    }

    /// `text` broken at spaces into lines of at most `width` columns (a longer word is cut).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ").map(String.init) {
            if !line.isEmpty && line.displayWidth + 1 + word.displayWidth > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(line)
        return lines.map { $0.truncated(to: width) }
    }

    /// A figure as `format` writes it, or `—` when the source gives none.
    public static func figure(_ value: ExactDecimal?, _ format: (ExactDecimal) -> String) -> String {
        value.map(format) ?? "—"
    }
}
