import LedgerCore
import LedgerStore

/// `alert check` as a use case: refresh the prices the alerts need (unless offline), then
/// read, evaluate and update every alert in one `BEGIN IMMEDIATE` transaction. What it prints
/// and which commands it runs for fired alerts is the shell's.
public struct AlertCheck {
    public let context: MarketContext
    public let offline: Bool
    /// A price older than this many seconds does not count.
    public let maxAge: Int64?

    public init(context: MarketContext, offline: Bool, maxAge: Int64?) {
        self.context = context
        self.offline = offline
        self.maxAge = maxAge
    }

    /// Every alert's verdict, and the time they were checked at.
    public func run(store: any BookStores & MarketStores) throws -> (verdicts: [AlertVerdict], checkedAt: Timestamp) {
        let alerts = try store.alerts.alerts()
        if !offline && !alerts.isEmpty {
            try AlertPriceRefresh(store: store, context: context).refresh(alerts)
        }
        let now = context.now
        return (try Self.evaluate(alerts: store.alerts, prices: store.prices, now: now, maxAge: maxAge), now)
    }

    /// ``evaluate(alerts:prices:now:maxAge:)`` on the alerts and prices of `ledger` (the
    /// server's fetcher, after it recorded each user's prices).
    public static func evaluate(in ledger: any BookStores, now: Timestamp, maxAge: Int64?) throws -> [AlertVerdict] {
        try evaluate(alerts: ledger.alerts, prices: ledger.prices, now: now, maxAge: maxAge)
    }

    /// Evaluates and updates every alert under the write lock: a second `alert check` waits
    /// here and then sees this one's fired states, so one crossing fires once.
    public static func evaluate(alerts: any AlertStore, prices: any PriceStore, now: Timestamp, maxAge: Int64?)
        throws -> [AlertVerdict]
    {
        try alerts.updateAlerts { current in
            let table = try prices.priceTable()
            let verdicts = current.map { AlertEvaluator.check($0, prices: table, now: now, maxAge: maxAge) }
            return (verdicts.map(\.alert), verdicts)
        }
    }
}
