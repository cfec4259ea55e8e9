/// Whether an alert may fire. An armed alert fires when its condition holds and becomes
/// `fired`; a fired alert stays quiet until its condition stops holding, then is armed again.
public enum AlertState: String, Hashable, Sendable {
    case armed, fired
}

/// A price an alert was checked against: the value, when it was observed and by which source.
public struct AlertSighting: Hashable, Sendable {
    public let price: ExactDecimal
    public let observedAt: Timestamp
    public let source: String

    public init(price: ExactDecimal, observedAt: Timestamp, source: String) {
        self.price = price
        self.observedAt = observedAt
        self.source = source
    }
}

/// A price alert as stored in the ledger: settings, not books (alerts are not events).
public struct Alert: Hashable, Sendable {
    /// The number users type (`ledger alert remove 3`); never reused within a ledger.
    public let id: Int64
    public let asset: AssetSymbol
    /// The class given with `--class`, or nil to use the one the ledger knows (else inferred).
    public let assetClass: AssetClass?
    public let quote: AssetSymbol
    public let condition: AlertCondition
    public let note: String
    public let createdAt: Timestamp
    public var state: AlertState
    /// The price the last successful check saw.
    public var lastSeen: AlertSighting?
    /// When the alert last fired (the check's time).
    public var lastFiredAt: Timestamp?

    public init(
        id: Int64, asset: AssetSymbol, assetClass: AssetClass? = nil, quote: AssetSymbol, condition: AlertCondition,
        note: String = "", createdAt: Timestamp, state: AlertState = .armed, lastSeen: AlertSighting? = nil,
        lastFiredAt: Timestamp? = nil
    ) {
        self.id = id
        self.asset = asset
        self.assetClass = assetClass
        self.quote = quote
        self.condition = condition
        self.note = note
        self.createdAt = createdAt
        self.state = state
        self.lastSeen = lastSeen
        self.lastFiredAt = lastFiredAt
    }

    /// `BTC above 50000 USD`, `BTC change 10% within 24h in USD`.
    public var title: String {
        switch condition {
        case .above, .below: "\(asset) \(condition) \(quote)"
        case .change: "\(asset) \(condition) in \(quote)"
        }
    }
}

extension Alert {
    /// The alerts of `updated` that differ from the one of the same id in `before`: the rows an
    /// alert store writes after a check, so a check that changes nothing writes nothing.
    public static func changed(from before: [Alert], to updated: [Alert]) -> [Alert] {
        let old = Dictionary(uniqueKeysWithValues: before.map { ($0.id, $0) })
        return updated.filter { alert in old[alert.id].map { $0 != alert } ?? false }
    }
}
