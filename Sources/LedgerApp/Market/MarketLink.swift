import LedgerMarketData

/// How a shell reaches the market-data sources: the HTTP client they send through, how the
/// HTTP layer waits between retries and requests, and what the running command learnt about
/// reaching them. The shell holds it and hands it to ``MarketContext``; it never looks inside
/// (LedgerCLI does not depend on LedgerMarketData).
public struct MarketLink: Sendable {
    /// The HTTP client (tests point it at 127.0.0.1).
    public var httpClient: any HTTPClient
    /// How the HTTP layer waits (tests use a virtual clock).
    public var pacing: Pacing
    /// What this command has learnt about reaching the sources.
    public var reachability: Reachability

    /// libcurl, the real clock, nothing learnt yet.
    public init() {
        self.init(httpClient: CurlHTTPClient(), pacing: .live)
    }

    public init(httpClient: any HTTPClient, pacing: Pacing, reachability: Reachability = Reachability()) {
        self.httpClient = httpClient
        self.pacing = pacing
        self.reachability = reachability
    }

    /// Forgets what an earlier command learnt (a process may run several: tests, `ledger-serve`).
    public func reset() { reachability.reset() }

    /// "coingecko, yahoo: host not found" when every request found no route, else nil.
    public var unreachableSummary: String? { reachability.unreachableSummary }
}

extension MarketContext {
    /// The context of a shell's market services over its ``MarketLink``.
    public init(
        app: AppContext, link: MarketLink, interactive: Bool, showsProgress: Bool,
        readFile: @escaping @Sendable (String) -> [UInt8]?
    ) {
        self.init(
            app: app, httpClient: link.httpClient, pacing: link.pacing, interactive: interactive,
            showsProgress: showsProgress, readFile: readFile, reachability: link.reachability)
    }
}
