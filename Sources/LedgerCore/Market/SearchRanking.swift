/// Orders and filters search results the way `ledger market search` shows them.
public enum SearchRanking {
    /// How well a result matches, best first.
    public enum Match: Int, Comparable, Sendable {
        case exactSymbol, prefix, contains

        public static func < (lhs: Match, rhs: Match) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// How `result` matches `query` (case-insensitive): the symbol exactly, a prefix of the
    /// symbol or of a word of the name, or anywhere in either; nil when neither contains it.
    public static func match(_ result: AssetSearchResult, _ query: String) -> Match? {
        let needle = query.lowercased()
        let symbol = result.symbol.lowercased()
        let name = result.name.lowercased()
        if symbol == needle { return .exactSymbol }
        let words = name.split(whereSeparator: { $0 == " " || $0 == "-" }).map(String.init)
        if symbol.hasPrefix(needle) || name.hasPrefix(needle) || words.contains(where: { $0.hasPrefix(needle) }) {
            return .prefix
        }
        if symbol.contains(needle) || name.contains(needle) { return .contains }
        return nil
    }

    /// The results that match, exact symbols first, then prefixes, then the rest; within each
    /// group by market-cap rank (unranked last), then name. One result per source id (per
    /// symbol and name when there is no id).
    public static func rank(_ results: [AssetSearchResult], query: String) -> [AssetSearchResult] {
        var seen = Set<String>()
        let matched = results.compactMap { result -> (AssetSearchResult, Match)? in
            let key = result.id.isEmpty ? result.symbol + "|" + result.name.lowercased() : result.id
            guard seen.insert(key).inserted, let how = match(result, query) else { return nil }
            return (result, how)
        }
        return matched.sorted { left, right in
            if left.1 != right.1 { return left.1 < right.1 }
            switch (left.0.rank, right.0.rank) {
            case (let a?, let b?) where a != b: return a < b
            case (.some, nil): return true
            case (nil, .some): return false
            default: return left.0.name.lowercased() < right.0.name.lowercased()
            }
        }.map(\.0)
    }
}
