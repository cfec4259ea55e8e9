import LedgerApp
import LedgerCore
import LedgerRender

/// The headlines that end `market show`: the three latest about the coin, fetched with it
/// online and from the cache offline. Getting them never fails the command: a failure is one
/// warning line, and nothing cached offline is one line of the output.
struct CoinHeadlines {
    static let count = 3

    let asset: AssetSymbol
    let headlines: [Headline]
    /// Set when the cache has none offline: the line saying so and how to fetch them.
    let missing: String?
    private let feed: NewsFeed?

    init(_ asset: AssetSymbol, ledgerOptions: LedgerOptions, environment: CommandEnvironment, offline: Bool) {
        self.asset = asset
        var feed: NewsFeed?
        var headlines: [Headline] = []
        var missing: String?
        do {
            feed = try NewsFeed(ledgerOptions, environment, offline: offline)
            headlines = try feed?.headlines(NewsRequest(symbols: [asset], limit: Self.count)) ?? []
        } catch let error as NewsError where error == .nothingCached(about: [asset]) {
            missing = "No headlines about \(asset) are cached; run 'ledger news \(asset)' online."
        } catch {
            environment.app.notices.warning("could not get headlines about \(asset): \(error)")
        }
        self.feed = feed
        self.headlines = headlines
        self.missing = missing
    }

    /// Records what was fetched; a failure to is a warning, not a failed command.
    func commit(_ environment: CommandEnvironment) {
        do {
            try feed?.commit()
        } catch {
            environment.app.notices.warning("could not cache the headlines about \(asset): \(error)")
        }
    }

    /// The section ending the text of `market show`.
    func text(width: Int, theme: Theme, now: Timestamp) -> String {
        if let missing { return "\n" + missing + "\n" }
        guard !headlines.isEmpty else { return "\nNo headlines about \(asset).\n" }
        return NewsView(headlines: headlines, now: now, width: width, theme: theme).section("Latest headlines")
    }
}
