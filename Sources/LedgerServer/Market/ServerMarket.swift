import Glibc
import LedgerApp
import Synchronization

/// The market side of the server: how it reaches the sources (the ``MarketLink`` the CLI holds
/// too: its HTTP client and pacing; tests point them at 127.0.0.1 and a virtual clock), whose
/// books the fetcher serves, how fired alerts are delivered, and what the fetcher's last run
/// did. One per server, shared by every request and the fetcher.
public struct ServerMarket: Sendable {
    public var link: MarketLink
    /// Reads a whole file (the market-data config file), or nil when it does not exist.
    public var readFile: @Sendable (String) -> [UInt8]?
    /// The users the fetcher serves; nil: every directory under `DATA/users`.
    public var users: (any ServerUserList)?
    /// Runs the alert command (``AlertDelivery``).
    public var spawner: any CommandSpawning
    /// The fetcher's last run, for `/status` and `/api/v1/status`.
    public let status: FetcherStatus
    /// Every user's fired alerts and how many they have not seen.
    let notifications = NotificationLog()
    /// How often a live page's prices are fetched again and its stream told (``LiveRoutes``).
    public var liveInterval: Duration
    /// Serialises the creation of the shared cache ledger.
    let cacheLock = CacheLock()

    public init(
        link: MarketLink = MarketLink(),
        readFile: @escaping @Sendable (String) -> [UInt8]? = WholeFile.read,
        users: (any ServerUserList)? = nil, spawner: any CommandSpawning = ShellCommandRunner(),
        status: FetcherStatus = FetcherStatus(), liveInterval: Duration = .seconds(5)
    ) {
        self.link = link
        self.readFile = readFile
        self.users = users
        self.spawner = spawner
        self.status = status
        self.liveInterval = liveInterval
    }
}

/// Makes sure one request creates the shared cache ledger while the others wait.
final class CacheLock: Sendable {
    let mutex = Mutex(())
    let created = Atomic<Bool>(false)
}

extension ServerState {
    /// The shared market cache: top lists, coin lists and candles every user's pages read, so
    /// one request serves them all. Prices for valuing books go to each user's own ledger.
    var marketCachePath: String { settings.dataDirectory + "/market.ledger" }

    /// The context the market services run in. `interactive` picks the retry policy: a page
    /// fails over quickly; the fetcher is patient, as cron is. What a request learns about
    /// reaching the sources is its own (a fresh ``Reachability``), as each CLI command's is.
    func marketContext(notices: CollectedNotices, interactive: Bool) -> MarketContext {
        MarketContext(
            app: appContext(notices: notices), httpClient: market.link.httpClient, pacing: market.link.pacing,
            interactive: interactive, showsProgress: false, readFile: market.readFile)
    }

    /// The shared cache ledger, created on first use; opened only for the pool of kept handles
    /// (``usingMarketCache(_:_:)``).
    private func openMarketCache(_ context: AppContext) throws -> OpenLedger {
        let opener = LedgerOpener(locator: LedgerLocator(flag: marketCachePath, context: context), context: context)
        let lock = market.cacheLock
        if !lock.created.load(ordering: .acquiring) {
            try lock.mutex.withLock { _ in
                if try !opener.exists() { _ = try opener.open(.create) }
            }
            lock.created.store(true, ordering: .releasing)
        }
        return try opener.open(.create)
    }

    /// `body` with the shared cache: the database's, every server on it sharing one (no
    /// `DATA/market.ledger` then), else a handle of the file kept between requests
    /// (``LedgerHandles``).
    func usingMarketCache<T>(_ context: AppContext, _ body: (SharedMarket) throws -> T) throws -> T {
        if let database { return try body(database.sharedMarket()) }
        return try ledgerHandles.using(marketCachePath, open: { try openMarketCache(context) }, { try body($0) })
    }

    /// `name`'s ledger as the price and market commands use it (read when it exists, created
    /// only when something is recorded).
    func books(of name: String, _ context: AppContext) throws -> PriceLedger {
        guard database == nil else { throw BooksElsewhere.notInDatabaseYet }
        return try PriceLedger(
            opener: LedgerOpener(
                locator: LedgerLocator(flag: settings.ledgerPath(forUser: name), context: context), context: context))
    }

    /// How long a cached top list or candles serve pages before a request fetches again: the
    /// fetcher's interval (it refreshes them), else five minutes.
    var marketCacheLifetime: Int64 { Int64(settings.fetchInterval ?? 300) }
}
