import LedgerCore

/// A new alert as typed, before the store gives it an id.
public struct AlertDraft: Hashable, Sendable {
    public let asset: AssetSymbol
    public let assetClass: AssetClass?
    public let quote: AssetSymbol
    public let condition: AlertCondition
    public let note: String

    public init(
        asset: AssetSymbol, assetClass: AssetClass?, quote: AssetSymbol, condition: AlertCondition, note: String
    ) {
        self.asset = asset
        self.assetClass = assetClass
        self.quote = quote
        self.condition = condition
        self.note = note
    }
}

/// The ledger's price alerts. Every change is one transaction.
///
/// Implementations: ``LedgerAlerts`` (the `alerts` table) and, in LedgerTestSupport,
/// `InMemoryAlertStore`, held to one contract by the tests.
public protocol AlertStore {
    /// Stores a new, armed alert and returns it with its id (ids are never reused).
    func addAlert(_ draft: AlertDraft, createdAt: Timestamp) throws -> Alert
    /// Every alert, by id.
    func alerts() throws -> [Alert]
    /// Deletes the alert and returns it, or returns nil when there is no such id.
    func removeAlert(id: Int64) throws -> Alert?
    /// Reads every alert and hands them to `check` under the write lock (`BEGIN IMMEDIATE`),
    /// then stores the alerts it returns (matched by id; unknown ids are ignored), all in one
    /// transaction: two processes checking at once see each other's result, never the same
    /// state twice. `check` may read the store (e.g. its prices) through the same connection.
    func updateAlerts<Result>(_ check: ([Alert]) throws -> (alerts: [Alert], result: Result)) throws -> Result
    /// The highest id ever given (a removed alert's too), 0 before the first: new ids follow it.
    func lastAlertID() throws -> Int64
    /// `ledger serve migrate`: stores each of `alerts` whose id no alert holds, as it is (id,
    /// state, last sighting, last fire), and makes new ids follow `lastID` and every id stored,
    /// all in one transaction; the alerts it stored.
    func copyAlerts(_ alerts: [Alert], lastID: Int64) throws -> [Alert]
}

/// What the `alerts` table's constraints refuse, said the same way by both stores.
package enum AlertRecordCheck {
    /// A stored alert checked as its draft was.
    package static func validate(_ alert: Alert) throws {
        try validate(
            AlertDraft(
                asset: alert.asset, assetClass: alert.assetClass, quote: alert.quote, condition: alert.condition,
                note: alert.note))
    }

    package static func validate(_ draft: AlertDraft) throws {
        let threshold = draft.condition.threshold
        if threshold.isOverflow || !threshold.isPositive {
            throw StoreError.sqlite(
                SQLiteError(
                    code: PriceRecordCheck.constraintCode,
                    message: "CHECK constraint failed: an alert's threshold must be above 0, got \(threshold)"))
        }
        if draft.asset == draft.quote {
            throw StoreError.sqlite(
                SQLiteError(
                    code: PriceRecordCheck.constraintCode,
                    message: "CHECK constraint failed: asset <> quote (\(draft.asset))"))
        }
        if case .change(_, _, let window) = draft.condition, window <= 0 {
            throw StoreError.sqlite(
                SQLiteError(
                    code: PriceRecordCheck.constraintCode, message: "CHECK constraint failed: window_seconds > 0"))
        }
    }
}
