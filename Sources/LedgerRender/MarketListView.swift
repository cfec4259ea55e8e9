import LedgerCore

/// `ledger market` as text: a heading, the table of one page of a top list, and where the
/// figures come from. Favourites are marked `*` (`★` when the theme has colour); 24h and 7d
/// changes carry their sign and, with colour, are green up and red down. Columns are dropped
/// to fit the width: volume first, then supply, then the 7d change.
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
        let what =
            query.favoritesOnly
            ? "Watched coins in the top \(list.entries.count)" : "Top \(list.entries.count) coins by market cap"
        let order =
            query.sort == .rank && !query.reverse
            ? "" : " · by \(query.sort.rawValue)\(query.reverse ? ", reversed" : "")"
        return theme.bold(what) + " · \(list.quote)" + order
    }

    func table() -> TextTable {
        // The marker column only when some coin on the page is watched.
        let marked = page.entries.contains { favorites.contains($0.symbol) }
        var table = TextTable(
            columns: (marked ? [TextTable.Column("")] : []) + [
                .init("#", .right), .init("Name", flexible: true), .init("Symbol"), .init("Price", .right),
                .init("24h", .right), .init("7d", .right, dropPriority: 2), .init("Mkt cap", .right),
                .init("Supply", .right, dropPriority: 3), .init("Volume", .right, dropPriority: 4),
            ])
        for entry in page.entries {
            table.append(
                (marked ? [marker(entry.symbol)] : []) + [
                    String(entry.rank), entry.name, entry.symbol.text,
                    Self.figure(entry.price, NumberFormat.marketPrice),
                    NumberFormat.change(entry.change24h, theme: theme),
                    NumberFormat.change(entry.change7d, theme: theme),
                    Self.figure(entry.marketCap, NumberFormat.compact),
                    Self.figure(entry.circulatingSupply, NumberFormat.compact),
                    Self.figure(entry.volume24h, NumberFormat.compact),
                ])
        }
        return table
    }

    func footer() -> [String] {
        var lines: [String] = []
        if query.page != nil {
            var line = "page \(page.page)/\(page.pages) · \(query.perPage) per page · \(page.matching) coins"
            if page.page < page.pages { line += " · --page \(page.page + 1) for the next" }
            lines.append(line)
        }
        if !page.unlistedFavorites.isEmpty {
            lines.append("Watched but not in this list: " + page.unlistedFavorites.map(\.text).joined(separator: " "))
        }
        lines.append("Prices in \(list.quote) from \(list.source), fetched \(freshness).")
        if !favorites.isEmpty && !query.favoritesOnly {
            lines.append("\(theme.isColored ? "★" : "*") watched ('ledger watch list')")
        }
        return lines
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
