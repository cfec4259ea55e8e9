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
///   counter, the method, the currency, per account or pooled, and the as-of second. A hit
///   reads those two counters instead of restoring the snapshot and valuing (docs/SERVER.md
///   measured that as 60 % of a request on a 100k-event ledger, and the JSON another 25 %).
///
/// ``PortfolioQuery/kept(_:slot:in:notices:)`` reads through both. A process that answers many
/// requests (the server) holds one instance; a command, which answers once, holds none.
public final class PortfolioCache: Sendable {
    /// How many views are kept before all are dropped (a bound, not an eviction policy).
    public static let capacity = 4096

    private let entries = Mutex<[String: Entry]>([:])

    public init() {}

    /// What an answer was made from: its slot (one ledger and view) and the counters and
    /// options that change the answer.
    struct Key: Hashable, Sendable {
        let slot: String
        let asOf: Int64
        let events: Int64
        let head: String
        let prices: Int64

        init(slot: String, source: ReportSource) throws {
            let options = source.options
            self.slot = "\(slot)|\(options.method.rawValue)|\(options.perAccount)|\(options.currency)"
            asOf = options.asOf.secondsSinceEpoch
            let chain = try source.store.events.chainHead()
            (events, head) = (chain.count, chain.hash)
            prices = try source.store.prices.version()
        }
    }

    /// A report with the notices its replay gave (shown again on a hit), and its renderings
    /// once asked for.
    public final class Entry: Sendable {
        let key: Key
        public let report: HoldingsReport
        public let notices: [String]
        private let json = Mutex<String?>(nil)
        private let pages = Mutex<[String: String]>([:])

        init(key: Key, report: HoldingsReport, notices: [String]) {
            (self.key, self.report, self.notices) = (key, report, notices)
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

    /// The entry for `key`, made by `make` when the slot holds none for exactly this key.
    func entry(_ key: Key, make: () throws -> Entry) rethrows -> Entry {
        if let entry = entries.withLock({ $0[key.slot] }), entry.key == key { return entry }
        let entry = try make()
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeAll() }
            entries[key.slot] = entry
        }
        return entry
    }
}

extension PortfolioQuery {
    /// The holdings answer of `source`: the one `cache` keeps for `slot` (a name for the
    /// ledger, e.g. its path) when nothing it was made from changed, else a report (from the
    /// snapshot when one is valid) kept with the `notices` its replay left.
    public func kept(_ source: ReportSource, slot: String, in cache: PortfolioCache, notices: () -> [String])
        throws -> PortfolioCache.Entry
    {
        let key = try PortfolioCache.Key(slot: slot, source: source)
        return try cache.entry(key) {
            let report = try self.report(source)
            return PortfolioCache.Entry(key: key, report: report, notices: notices())
        }
    }
}
