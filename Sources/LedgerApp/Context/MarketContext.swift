import LedgerCore
import LedgerMarketData

/// What the market services need beyond ``AppContext``: the HTTP client and pacing the
/// sources send through, how patient to be, whether a progress line may be drawn, and how to
/// read the config file.
public struct MarketContext: Sendable {
    public var app: AppContext
    /// The HTTP client market-data adapters send through (tests point it at 127.0.0.1).
    public var httpClient: any HTTPClient
    /// How the HTTP layer waits between retries and requests (tests use a virtual clock).
    public var pacing: Pacing
    /// True when stdout or stderr is a terminal: the interactive retry policy, which fails
    /// over quickly, instead of the configured patient one (cron, pipes to files).
    public var interactive: Bool
    /// True when a progress line may be drawn on stderr (it is a terminal).
    public var showsProgress: Bool
    /// Reads a whole file (the config file), or nil when it does not exist.
    public var readFile: @Sendable (String) -> [UInt8]?
    /// What this command has learnt about reaching the sources (``Reachability``).
    public var reachability: Reachability

    public init(
        app: AppContext, httpClient: any HTTPClient, pacing: Pacing, interactive: Bool, showsProgress: Bool,
        readFile: @escaping @Sendable (String) -> [UInt8]?, reachability: Reachability = Reachability()
    ) {
        self.reachability = reachability
        self.app = app
        self.httpClient = httpClient
        self.pacing = pacing
        self.interactive = interactive
        self.showsProgress = showsProgress
        self.readFile = readFile
    }

    /// Now, to the second (one reading of the clock).
    public var now: Timestamp { app.now }
    public var variables: [String: String] { app.variables }
    public var notices: any NoticeSink { app.notices }
}
