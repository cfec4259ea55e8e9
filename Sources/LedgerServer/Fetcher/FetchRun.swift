import LedgerApp
import LedgerCore
import Synchronization

/// One user's part of a run: their currency and the assets to price in each currency (holdings
/// and watchlist in the books' currency, each alert's asset in the alert's), read from their
/// books (a ledger file, or their books in the server's database).
struct UserTargets {
    let name: String
    let currency: AssetSymbol
    var wanted: [AssetSymbol: [AssetSymbol: AssetClass]] = [:]

    init(name: String, books: OpenBooks) throws {
        self.name = name
        currency = try books.currencySymbol()
        let targets = try FetchTargets(named: [], in: books, quote: currency)
        for (symbol, assetClass) in targets.assets { wanted[currency, default: [:]][symbol] = assetClass }
        for alert in try AlertBook.list(in: books) where alert.asset != alert.quote {
            let known = try alert.assetClass ?? books.recordedClass(of: alert.asset) ?? alert.asset.inferredClass
            wanted[alert.quote, default: [:]][alert.asset] = wanted[alert.quote]?[alert.asset] ?? known
        }
    }
}

/// Set when the server shuts down: a run stops between steps (each write is a transaction of
/// its own, so what was written stays whole).
final class StopFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    func set() { flag.store(true, ordering: .relaxed) }
    var isSet: Bool { flag.load(ordering: .relaxed) }
}

/// One run of the scheduled fetcher: every user's holdings, watchlist and alert assets, each
/// price fetched once for all of them in batches of `--batch` symbols through one HTTP layer
/// (so the sources' pacing holds across the run), written into each user's own ledger; the top
/// list of each user currency refreshed in the shared cache; every user's alerts evaluated
/// (``AlertCheck``), the fired ones added to their notifications (``NotificationLog``) and
/// delivered (``AlertDelivery``).
struct FetchRun {
    let state: ServerState
    let stop: StopFlag

    /// The job whose advisory lock elects the one server of a database that fetches.
    static let job = "fetcher"

    func run() -> FetchRecord {
        let started = state.clockMilliseconds()
        var record = FetchRecord(startedAt: Timestamp(secondsSinceEpoch: Int64(started / 1000)))
        let notices = CollectedNotices()
        var context = state.marketContext(notices: notices, interactive: false)
        let counter = context.countingRequests()
        do {
            try state.usingMarketCache(context.app) { cache in
                let setup = try MarketSetup(store: cache, context: context)
                let users = try targets(context)
                record.users = users.count
                let prices = fetch(users, setup: setup, cache: cache, record: &record)
                for user in users where !stop.isSet {
                    do {
                        record.pricesRecorded += try write(prices, to: user, context: context)
                    } catch {
                        record.failures.append(Self.failure(user.name, error))
                    }
                }
                refreshTopLists(Set(users.map(\.currency)), setup: setup, record: &record)
                try checkAlerts(users, context: context, record: &record)
                try setup.commit()
                record.requests = counter.counts(setup)
            }
        } catch {
            record.failures.append(RequestFailure.sentence(error))
        }
        record.failures += notices.messages
        record.stopped = stop.isSet
        record.milliseconds = Int64(state.clockMilliseconds() - started)
        return record
    }

    /// Every user's alerts evaluated and the fired ones delivered, a user's failure theirs alone.
    private func checkAlerts(_ users: [UserTargets], context: MarketContext, record: inout FetchRecord) throws {
        let delivery = try AlertDelivery.configured(context, spawner: state.market.spawner)
        for user in users where !stop.isSet {
            do {
                let (fired, waiting, failures) = try checkAlerts(user, delivery: delivery, context: context)
                record.alertsFired += fired
                record.alertsWaiting += waiting
                record.failures += failures
            } catch {
                record.failures.append(Self.failure(user.name, error))
            }
        }
    }

    /// Every user with books (a ledger file; in the server's database, every user), and what
    /// to price for them.
    private func targets(_ context: MarketContext) throws -> [UserTargets] {
        let names = try (state.market.users ?? UserDirectories(dataDirectory: state.settings.dataDirectory)).userNames()
        return names.compactMap { name in
            do {
                return try withBooks(of: name, context.app) { try UserTargets(name: name, books: $0) }
            } catch {
                context.notices.error("\(name): \(RequestFailure.sentence(error))")
                return nil
            }
        }
    }

    /// The latest price of every asset any user needs, once, per currency and class in batches
    /// of ``ServerSettings/batchSize``; what no source priced is a failure of the run.
    private func fetch(_ users: [UserTargets], setup: MarketSetup, cache: SharedMarket, record: inout FetchRecord)
        -> [PriceObservation]
    {
        var union: [AssetSymbol: [AssetSymbol: AssetClass]] = [:]
        for user in users {
            for (quote, assets) in user.wanted { union[quote, default: [:]].merge(assets) { first, _ in first } }
        }
        let fetcher = PriceFetcher(setup: setup, forcedSource: nil, progress: Progress(context: setup.context))
        var observations: [PriceObservation] = []
        for quote in union.keys.sorted() {
            let assets = union[quote]!
            record.symbols += assets.count
            for assetClass in AssetClass.allCases {
                let members = assets.filter { $0.value == assetClass }.keys.sorted()
                for start in stride(from: 0, to: members.count, by: state.settings.batchSize) where !stop.isSet {
                    let batch = members[start..<min(start + state.settings.batchSize, members.count)]
                    record.batches += 1
                    do {
                        let result = try fetcher.latest(FetchTargets(assets: batch.map { ($0, assetClass) }), in: quote)
                        try cache.recordRates(result.fxRates, fetchedAt: setup.context.now)
                        for asset in batch where result.pricedBy[asset] == nil {
                            let reasons = result.reasons(asset)
                            record.failures.append(
                                "\(asset) in \(quote): \(reasons.isEmpty ? "not fetched" : reasons.joined(separator: "; "))"
                            )
                        }
                        observations += result.observations
                    } catch {
                        record.failures.append(Self.failure("\(quote) prices", error))
                    }
                }
            }
        }
        return observations
    }

    /// `body` with `name`'s books: their ledger file (nil when they have none), or their books
    /// in the server's database, each opened for that step alone.
    private func withBooks<T>(of name: String, _ app: AppContext, _ body: (OpenBooks) throws -> T) throws -> T? {
        if let database = state.database { return try database.withUserBooks(name) { try body($0) } }
        guard let ledger = try state.books(of: name, app).existing else { return nil }
        return try body(ledger)
    }

    /// Records in `user`'s books the prices of the assets they need; returns how many.
    private func write(_ prices: [PriceObservation], to user: UserTargets, context: MarketContext) throws -> Int {
        let theirs = prices.filter { user.wanted[$0.quote]?[$0.asset] != nil }
        let now = context.now
        if !theirs.isEmpty {
            _ = try withBooks(of: user.name, context.app) { try $0.recordPrices(theirs, fetchedAt: now) }
        }
        return theirs.count
    }

    /// The top 100 in each user currency, into the shared cache for the market pages.
    private func refreshTopLists(_ quotes: Set<AssetSymbol>, setup: MarketSetup, record: inout FetchRecord) {
        for quote in quotes.sorted() where !stop.isSet {
            do {
                let feed = MarketFeed(setup: setup, offline: false)
                _ = try feed.topList(count: 100, in: quote, assetClass: .crypto)
                try feed.commit()
            } catch {
                record.failures.append(Self.failure("the top list in \(quote)", error))
            }
        }
    }

    /// Evaluates `user`'s alerts against the prices now in their ledger, adds those that fired
    /// to their notifications and delivers them; returns how many fired, how many wait for
    /// their history (``AlertWaiting``), and the alerts that could not be checked or delivered.
    private func checkAlerts(_ user: UserTargets, delivery: AlertDelivery, context: MarketContext) throws
        -> (fired: Int, waiting: Int, failures: [String])
    {
        let now = context.now
        let verdicts =
            try withBooks(of: user.name, context.app) { try AlertCheck.evaluate(in: $0, now: now, maxAge: nil) } ?? []
        var (waiting, failures) = (0, [String]())
        for verdict in verdicts {
            guard case .failed(let problem) = verdict.outcome else { continue }
            if case .noReference = problem, AlertWaiting.until(verdict.alert, now: now) != nil {
                waiting += 1
                continue
            }
            let why = AlertWaiting.problem(problem, interval: state.settings.fetchInterval)
            failures.append("\(user.name): alert \(verdict.alert.id) (\(verdict.alert.title)): \(why)")
        }
        let fired = FiredAlert.fired(verdicts)
        if let failure = state.market.notifications.record(fired, user: user.name, checkedAt: now, state: state) {
            failures.append(failure)
        }
        failures += delivery.deliver(fired, user: user.name, variables: state.variables, checkedAt: now)
        return (fired.count, waiting, failures)
    }

    /// `what: sentence`, for the run's failures.
    private static func failure(_ what: String, _ error: any Error) -> String {
        "\(what): \(RequestFailure.sentence(error))"
    }
}
