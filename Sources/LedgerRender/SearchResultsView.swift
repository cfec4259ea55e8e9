import LedgerCore

/// `ledger market search` as text: the matches best first (exact symbol, then prefixes, then
/// the rest), watched ones marked, with price and 24h change when a cached top list knows
/// the coin.
public struct SearchResultsView: Sendable {
    public let query: String
    public let results: [AssetSearchResult]
    /// Where the matches came from (`coingecko`, or `the cache`).
    public let origin: String
    /// Cached top-list entries, for price and change; a row takes the figures of the entry
    /// that is the same coin (`TopListEntry.isSameCoin`), never of another coin with its symbol.
    public let known: [TopListEntry]
    public let favorites: Set<AssetSymbol>
    public let width: Int
    public let theme: Theme

    public init(
        query: String, results: [AssetSearchResult], origin: String, known: [TopListEntry],
        favorites: Set<AssetSymbol>, width: Int, theme: Theme
    ) {
        self.query = query
        self.results = results
        self.origin = origin
        self.known = known
        self.favorites = favorites
        self.width = width
        self.theme = theme
    }

    public func render() -> String {
        guard !results.isEmpty else {
            return
                "No coin's name or symbol contains '\(query)' (searched \(origin)). Try fewer letters, or 'ledger market' for the top list.\n"
        }
        // The marker and id columns only when some row has one.
        let marked = results.contains { AssetSymbol($0.symbol).map(favorites.contains) ?? false }
        let withIDs = results.contains { !$0.id.isEmpty }
        var table = TextTable(
            columns: (marked ? [TextTable.Column("")] : []) + [
                .init("#", .right), .init("Symbol"), .init("Name", flexible: true), .init("Price", .right),
                .init("24h", .right),
            ] + (withIDs ? [TextTable.Column("Id", dropPriority: 1)] : []))
        for result in results {
            let symbol = AssetSymbol(result.symbol)
            let entry = known.first { $0.isSameCoin(as: result) }
            let watched = symbol.map(favorites.contains) ?? false
            let marker = watched ? (theme.isColored ? "\u{1B}[33m★\u{1B}[0m" : "*") : ""
            table.append(
                (marked ? [marker] : []) + [
                    result.rank.map(String.init) ?? "—", result.symbol, result.name,
                    entry?.price.map(NumberFormat.marketPrice) ?? "",
                    entry.map { NumberFormat.change($0.change24h, theme: theme) } ?? "",
                ] + (withIDs ? [result.id] : []))
        }
        let count = results.count == 1 ? "1 match" : "\(results.count) matches"
        return "\(count) for '\(query)' (\(origin)), exact symbol first:\n\n" + table.render(width: width)
    }
}
