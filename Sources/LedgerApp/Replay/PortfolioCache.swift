import LedgerCore
import LedgerStore
import Synchronization

/// The kept holdings answers: one cache concept with two tiers, both keyed by what the answer
/// was made from and both giving exactly what a fresh replay would.
///
/// - In the ledger file, the **snapshot** (``ReplayRunner``'s policy): positions up to an
///   event, so a replay restores it and folds only the events after it.
/// - In memory, this **cache** of whole answers: the last report of each ledger and view, kept
///   while nothing it was made from changes — the chain head, the price table's change
///   counter, the method, the currency, per account or pooled — and while every event and
///   price of the ledger is dated at or before both the moment it was made for and the one
///   asked for: the two replays then read the same events and prices, and the answer is the
///   kept one with the later as-of (a given as-of serves itself whatever is dated later). So
///   an answer "now" is not made again each second: before round 25 its key held the as-of
///   second and every request in flight at a new second replayed (two servers on one
///   PostgreSQL served fewer requests than one). A hit reads those two counters instead of
///   restoring the snapshot and valuing (docs/SERVER.md measured that as 60 % of a request
///   on a 100k-event ledger, and the JSON another 25 %).
///
/// Requests that miss the same view together wait for the first to make it (``KeptTurns``).
/// ``PortfolioQuery/kept(_:slot:in:notices:)`` reads through both tiers. A process that
/// answers many requests (the server) holds one instance; a command, which answers once,
/// holds none.
public final class PortfolioCache: Sendable {
    /// How many views are kept before all are dropped (a bound, not an eviction policy).
    public static let capacity = 4096

    private let entries = Mutex<[String: Kept]>([:])
    private let turns = KeptTurns(capacity: PortfolioCache.capacity)

    public init() {}

    /// What an answer was made from: its view (one ledger and its options) and the counters
    /// that change the answer.
    struct Key: Hashable, Sendable {
        let view: String
        let events: Int64
        let head: String
        let prices: Int64

        init(view: String, source: ReportSource) throws {
            let chain = try source.store.events.chainHead()
            (self.view, events, head) = (view, chain.count, chain.hash)
            prices = try source.store.prices.version()
        }
    }

    /// A report with the notices its replay gave (shown again on a hit), and its renderings
    /// once asked for.
    public final class Entry: Sendable {
        public let report: HoldingsReport
        public let notices: [String]
        private let json = Mutex<String?>(nil)
        private let pages = Mutex<[String: String]>([:])

        init(report: HoldingsReport, notices: [String]) {
            (self.report, self.notices) = (report, notices)
        }

        /// `ledger.portfolio/1`, made once.
        public func json(_ make: () -> String) -> String {
            if let text = json.withLock({ $0 }) { return text }
            let text = make()
            json.withLock { $0 = text }
            return text
        }

        /// A page's body for this report, made once per `variant` (what else the page shows:
        /// the query as typed, the notices); the frame around it is the request's own.
        public func page(_ variant: String, _ make: () -> String) -> String {
            if let text = pages.withLock({ $0[variant] }) { return text }
            let text = make()
            pages.withLock { pages in
                if pages.count >= 16 { pages.removeAll() }
                pages[variant] = text
            }
            return text
        }
    }

    /// One view's kept answer: the report made for one moment, what it was made from, and the
    /// entry (with its renderings) of the last moment asked for.
    final class Kept: Sendable {
        let key: Key
        /// The latest date of any event or price in the ledger when it was made (nil: none).
        let latestDated: Timestamp?
        private let shown: Mutex<Entry>

        init(key: Key, entry: Entry, latestDated: Timestamp?) {
            (self.key, self.latestDated) = (key, latestDated)
            shown = Mutex(entry)
        }

        /// The answer at `asOf` when this one is it (see ``PortfolioCache``), else nil.
        func entry(_ key: Key, at asOf: Timestamp) -> Entry? {
            guard key == self.key else { return nil }
            return shown.withLock { entry -> Entry? in
                let made = entry.report.options.asOf
                if made == asOf { return entry }
                guard latestDated.map({ $0 <= min(made, asOf) }) ?? true else { return nil }
                entry = Entry(report: entry.report.asOf(asOf), notices: entry.notices)
                return entry
            }
        }
    }

    /// The entry of `key` at `asOf`, made by `make` (given the latest date of any event or
    /// price) when none kept is it; one `make` at a time per view.
    func entry(
        _ key: Key, at asOf: Timestamp, latestDated: () throws -> Timestamp?, make: () throws -> Entry
    ) throws -> Entry {
        if let entry = kept(key, asOf) { return entry }
        return try turns.taking(key.view) {
            if let entry = kept(key, asOf) { return entry }
            let entry = try make()
            let made = Kept(key: key, entry: entry, latestDated: try latestDated())
            entries.withLock { entries in
                if entries.count >= Self.capacity { entries.removeAll() }
                entries[key.view] = made
            }
            return entry
        }
    }

    private func kept(_ key: Key, _ asOf: Timestamp) -> Entry? {
        entries.withLock { $0[key.view] }?.entry(key, at: asOf)
    }
}

extension PortfolioQuery {
    /// The holdings answer of `source`: the one `cache` keeps for `slot` (a name for the
    /// ledger, e.g. its path) when nothing it was made from changed, else a report (from the
    /// snapshot when one is valid) kept with the `notices` its replay left.
    public func kept(_ source: ReportSource, slot: String, in cache: PortfolioCache, notices: () -> [String])
        throws -> PortfolioCache.Entry
    {
        let options = source.options
        let view = [
            slot, options.method.rawValue, "\(options.perAccount)", options.currency.text, valuation.asOf ?? "",
        ].joined(separator: "|")
        let key = try PortfolioCache.Key(view: view, source: source)
        let store = source.store
        return try cache.entry(key, at: options.asOf) {
            [try store.events.lastOccurredAt(), try store.prices.lastObservedAt()].compactMap { $0 }.max()
        } make: {
            PortfolioCache.Entry(report: try self.report(source), notices: notices())
        }
    }
}
