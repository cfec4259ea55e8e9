import LedgerCore

/// The line a report adds when it is valued "now": how old its oldest price is, so a report
/// made offline from the cache says so ("Oldest price: NVDA from 16 h ago (yahoo)").
/// `ledger portfolio` prints it; the server's portfolio page shows it with its own wording of
/// what refreshes the prices.
public enum PriceAgeNote {
    /// What the CLI says refreshes the prices.
    public static let fetchCommand = "'ledger prices fetch' refreshes the cache"

    public static func line(_ rows: [HoldingRow], now: Timestamp, refresh: String = fetchCommand) -> String? {
        let priced = rows.filter { ($0.price?.source ?? "identity") != "identity" }
        guard let oldest = priced.min(by: { $0.price!.observedAt < $1.price!.observedAt }), let price = oldest.price
        else { return nil }
        return
            "Oldest price: \(oldest.asset) from \(Age.ago(price.observedAt, now: now)) (\(price.source)); \(refresh).\n"
    }
}
