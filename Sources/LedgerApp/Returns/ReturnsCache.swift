import LedgerCore
import LedgerStore
import Synchronization

/// The kept returns of a process that answers many requests (the server's portfolio page):
/// the last ``ReturnsReport`` of each ledger and view, kept while the chain head and the price
/// table's change counter are those it was made from and "now" is the same day, and every
/// event and price of the ledger is dated at or before both moments: the two reports then read
/// the same events and prices over the same days, and are the same. An as-of the user gave
/// does not move with the clock, so its report is kept while the ledger is the same.
///
/// Making one replays the whole log (a 100k-event ledger: about a second on a loaded machine);
/// made again every second, as part of the portfolio page's body, it held the page to a few
/// requests a second (docs/PERFORMANCE.md, "ledger serve"). Requests that miss together wait
/// for the first to make it.
public final class ReturnsCache: Sendable {
    /// How many views are kept before all are dropped (a bound, not an eviction policy).
    public static let capacity = 4096

    private let entries = Mutex<[String: Entry]>([:])
    private let turns = KeptTurns(capacity: ReturnsCache.capacity)

    public init() {}

    struct Key: Hashable, Sendable {
        let events: Int64
        let head: String
        let prices: Int64
    }

    final class Entry: Sendable {
        let key: Key
        let report: ReturnsReport
        /// The latest date of any event or price in the ledger (nil: none).
        let latestDated: Timestamp?
        /// The as-of was given (not the clock's).
        let fixedAsOf: Bool

        init(key: Key, report: ReturnsReport, latestDated: Timestamp?, fixedAsOf: Bool) {
            (self.key, self.report, self.latestDated, self.fixedAsOf) = (key, report, latestDated, fixedAsOf)
        }

        func serves(_ key: Key, at now: Timestamp) -> Bool {
            guard key == self.key else { return false }
            if fixedAsOf { return true }
            return now.date == report.asOf.date && (latestDated.map { $0 <= min(now, report.asOf) } ?? true)
        }
    }

    /// `request`'s report for the ledger `store` (kept under `slot`, the ledger's path) at
    /// `now`, the moment the page is made for; `make` makes it when none kept serves.
    public func report(
        _ request: ReturnsRequest, slot: String, now: Timestamp, store: OpenBooks, make: () throws -> ReturnsReport
    ) throws -> ReturnsReport {
        let view = [
            slot, request.period, request.valuation.currency ?? "", request.valuation.asOf ?? "",
            request.valuation.method ?? "", request.by ?? "", request.benchmark ?? "",
        ].joined(separator: "|")
        let chain = try store.events.chainHead()
        let key = Key(events: chain.count, head: chain.hash, prices: try store.prices.version())
        if let kept = kept(view, key, now) { return kept }
        return try turns.taking(view) {
            if let kept = kept(view, key, now) { return kept }
            let report = try make()
            let dated = [try store.events.lastOccurredAt(), try store.prices.lastObservedAt()].compactMap { $0 }
            let entry = Entry(
                key: key, report: report, latestDated: dated.max(), fixedAsOf: request.valuation.asOf != nil)
            entries.withLock { entries in
                if entries.count >= Self.capacity { entries.removeAll() }
                entries[view] = entry
            }
            return report
        }
    }

    private func kept(_ view: String, _ key: Key, _ now: Timestamp) -> ReturnsReport? {
        entries.withLock { $0[view] }.flatMap { $0.serves(key, at: now) ? $0.report : nil }
    }
}
