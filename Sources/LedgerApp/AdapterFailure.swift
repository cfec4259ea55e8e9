import LedgerMarketData
import LedgerStore

/// The sentence of a failure an adapter reported (``StoreError``, ``MarketDataError``), for a
/// shell that prints it as it prints a ``UserFacingError`` of the data category (exit 1)
/// without naming the adapters' types.
public enum AdapterFailure {
    public static func sentence(_ error: any Error) -> String? {
        switch error {
        case let store as StoreError: store.description
        case let market as MarketDataError: market.description
        default: nil
        }
    }

    /// True when the store had no room for the call (every connection to the database in
    /// use): a page or the API answers 503, and the same call succeeds a moment later.
    public static func isBusy(_ error: any Error) -> Bool {
        if case StoreError.poolFull = error { true } else { false }
    }

    /// True for a ledger or an event that is not there (``StoreError``): a page or the API
    /// answers 404, since another user's books look the same.
    public static func isMissing(_ error: any Error) -> Bool {
        switch error {
        case StoreError.eventNotFound, StoreError.noLedger: true
        default: false
        }
    }
}
