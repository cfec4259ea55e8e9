import LedgerApp
import Synchronization

/// What every route shares: the settings, the world the services see (variables, clock,
/// directory), who is signed in, and where the access log goes. Built once at start.
public struct ServerState: Sendable {
    public let settings: ServerSettings
    public let variables: [String: String]
    public let currentDirectory: String
    public let clockMilliseconds: @Sendable () -> UInt64
    public let authenticator: any Authenticating
    public let accessLog: LineSink
    /// How the market pages and the fetcher reach the sources, who the fetcher serves, and
    /// what its last run did.
    public let market: ServerMarket
    /// Where the users' books are when not ledger files under the data directory
    /// (`--database`); nil: ledger files. The accounts stay in the data directory either way.
    public let database: SharedBooks?
    /// The uploads being read and imported now (``ServerLimits/maxParallelUploads`` at most).
    let uploads: UploadSlots
    /// The ledgers kept open between requests: the users' (read-only) and the market cache.
    let ledgerHandles = LedgerHandles()
    /// The last portfolio of each user and view (LedgerApp's kept answers).
    let portfolios = PortfolioCache()
    /// The last returns of each user and view the portfolio page showed (LedgerApp's).
    let returns = ReturnsCache()
    /// The latest prices the live pages share (LedgerApp's, on this server's clock).
    let livePrices: LivePrices

    public init(
        settings: ServerSettings, variables: [String: String], currentDirectory: String,
        clockMilliseconds: @escaping @Sendable () -> UInt64, authenticator: any Authenticating,
        accessLog: LineSink = .standardOutput, market: ServerMarket = ServerMarket(), database: SharedBooks? = nil
    ) {
        self.settings = settings
        self.variables = variables
        self.currentDirectory = currentDirectory
        self.clockMilliseconds = clockMilliseconds
        self.authenticator = authenticator
        self.accessLog = accessLog
        self.market = market
        self.database = database
        self.uploads = UploadSlots(limit: settings.limits.maxParallelUploads)
        self.livePrices = LivePrices(clockMilliseconds: clockMilliseconds, sharedBy: database)
        if let database { market.status.share(SharedText(FetchRun.job + " status", in: database)) }
    }

    /// The context a service runs in for one request; its notices are collected for the page.
    func appContext(notices: CollectedNotices = CollectedNotices()) -> AppContext {
        AppContext(
            variables: variables, clockMilliseconds: clockMilliseconds, currentDirectory: currentDirectory,
            notices: notices)
    }
}

/// A request's warnings and notes, kept to show on its page or in its JSON instead of stderr.
public final class CollectedNotices: NoticeSink {
    private let lines = Mutex<[String]>([])

    public init() {}

    public var messages: [String] { lines.withLock { $0 } }

    public func warning(_ message: String) { lines.withLock { $0.append("warning: " + message) } }
    public func error(_ message: String) { lines.withLock { $0.append("error: " + message) } }
    public func note(_ message: String) { lines.withLock { $0.append(message) } }
    public func write(_ text: String) {}
}
