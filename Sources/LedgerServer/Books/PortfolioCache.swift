import LedgerCore
import LedgerStore
import Synchronization

/// The last portfolio of each user and view, kept while nothing it was made from changes: the
/// ledger's chain head, its price table (the change counter), the valuation options and the
/// as-of second. A request then opens the ledger and reads those two counters instead of
/// restoring the snapshot and replaying (measured in docs/SERVER.md: that was 60 % of a
/// request on a 100k-event ledger, and the JSON another 25 %). Same inputs, same bytes: a hit
/// gives exactly what a fresh replay would.
final class PortfolioCache: Sendable {
    static let holdings = PortfolioCache()
    /// How many views are kept before all are dropped (a bound, not an eviction policy).
    static let capacity = 4096

    struct Key: Hashable, Sendable {
        /// The user's ledger and the view: one slot each.
        let slot: String
        let asOf: Int64
        let events: Int64
        let head: String
        let prices: Int64

        init(path: String, options: ValuationOptions, store: Ledger) throws {
            slot = "\(path)|\(options.method.rawValue)|\(options.perAccount)|\(options.currency)"
            asOf = options.asOf.secondsSinceEpoch
            let chain = try store.events.chainHead()
            (events, head) = (chain.count, chain.hash)
            prices = try store.prices.version()
        }
    }

    /// A report with the notices its replay gave (shown again on a hit), and its JSON once asked for.
    final class Entry: Sendable {
        let key: Key
        let report: HoldingsReport
        let notices: [String]
        private let json = Mutex<String?>(nil)
        private let pages = Mutex<[String: String]>([:])

        init(key: Key, report: HoldingsReport, notices: [String]) {
            (self.key, self.report, self.notices) = (key, report, notices)
        }

        /// `ledger.portfolio/1`, made once.
        func json(_ make: () -> String) -> String {
            if let text = json.withLock({ $0 }) { return text }
            let text = make()
            json.withLock { $0 = text }
            return text
        }

        /// A page's body for this report, made once per `variant` (what else the page shows:
        /// the query as typed, the notices); the frame around it is the request's own.
        func page(_ variant: String, _ make: () -> String) -> String {
            if let text = pages.withLock({ $0[variant] }) { return text }
            let text = make()
            pages.withLock { pages in
                if pages.count >= 16 { pages.removeAll() }
                pages[variant] = text
            }
            return text
        }
    }

    private let entries = Mutex<[String: Entry]>([:])

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
