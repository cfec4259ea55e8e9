import LedgerCore

/// The headlines section of `ledger report --news`, in each of its formats: the newest cached
/// headlines about the held assets (ages counted to the report's as-of), and one line naming
/// the held assets the cache has none about, with the command that fetches them.
enum ReportNewsParts {
    static let title = "Headlines of held assets"

    static func note(_ news: ReportNews) -> String? {
        guard !news.uncached.isEmpty else { return nil }
        let symbols = news.uncached.map(\.text).joined(separator: " ")
        return "No headlines about \(news.uncached.map(\.text).joined(separator: ", ")) are cached; "
            + "run 'ledger news \(symbols)' to fetch them."
    }

    static func text(_ news: ReportNews, asOf: Timestamp, width: Int, theme: Theme) -> String {
        let lines = NewsView(headlines: news.headlines, now: asOf, width: width, theme: theme).lines()
        let empty = news.headlines.isEmpty && news.uncached.isEmpty ? ["No assets are held."] : []
        // The note on two lines, so that it fits 80 columns with a few symbols.
        let parts = note(news).map { $0.split(separator: "; ", maxSplits: 1).map(String.init) } ?? []
        let note = parts.enumerated().map { $0.offset + 1 < parts.count ? $0.element + ";" : $0.element }
        return theme.bold(title) + "\n" + (lines + empty + note).map { $0 + "\n" }.joined()
    }

    static func markdown(_ news: ReportNews) -> [String] {
        let items = NewsView(headlines: news.headlines, now: Timestamp(secondsSinceEpoch: 0)).markdown()
        let note = note(news).map { [$0] } ?? []
        return ["", "## " + title, ""] + items + (items.isEmpty || note.isEmpty ? [] : [""]) + note
    }

    static func html(_ news: ReportNews) -> Markup {
        let list: Markup =
            news.headlines.isEmpty
            ? "" : NewsView(headlines: news.headlines, now: Timestamp(secondsSinceEpoch: 0)).markup()
        let note = note(news).map { "<p class=\"note\">\($0)</p>\n" as Markup } ?? ""
        return "<h2>\(title)</h2>\n" + list + note
    }
}
