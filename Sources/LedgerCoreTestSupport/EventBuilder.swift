import LedgerCore

/// Short ways to make events in tests: `Events.buy("BTC", "0.1", at: "30000", on: "2024-01-02")`.
public struct Events {
    private var generator: SplitMix64
    private var counter: UInt64 = 0

    public init(seed: UInt64 = 1) {
        generator = SplitMix64(seed: seed)
    }

    public static func asset(_ symbol: String, _ assetClass: AssetClass? = nil) -> Asset {
        Asset(AssetSymbol(symbol)!, class: assetClass)
    }

    public static func amount(_ quantity: String, _ symbol: String) -> AssetAmount {
        AssetAmount(ExactDecimal(quantity)!, asset(symbol))
    }

    public static func time(_ text: String) -> Timestamp {
        guard case .success(let time) = Timestamp.parse(text) else { fatalError("bad test date \(text)") }
        return time
    }

    /// A fresh deterministic id.
    public mutating func id() -> EventID {
        counter += 1
        return EventID(
            milliseconds: 1_700_000_000_000 + counter,
            random: (UInt16(truncatingIfNeeded: generator.next()), generator.next()))
    }

    public mutating func make(
        _ action: EventAction, on date: String, account: String = "default", fee: AssetAmount? = nil
    ) -> LedgerEvent {
        LedgerEvent(
            id: id(), occurredAt: Self.time(date), recordedAt: Self.time(date), account: account, action: action,
            fee: fee)
    }

    public mutating func buy(
        _ symbol: String, _ quantity: String, at price: String, in quote: String = "USD", on date: String,
        account: String = "default", fee: String? = nil
    ) -> LedgerEvent {
        make(
            .buy(Self.amount(quantity, symbol), price: .unit(Price(ExactDecimal(price)!, AssetSymbol(quote)!))),
            on: date, account: account, fee: fee.map { Self.amount($0, quote) })
    }

    public mutating func sell(
        _ symbol: String, _ quantity: String, at price: String, in quote: String = "USD", on date: String,
        account: String = "default", fee: String? = nil
    ) -> LedgerEvent {
        make(
            .sell(Self.amount(quantity, symbol), price: .unit(Price(ExactDecimal(price)!, AssetSymbol(quote)!))),
            on: date, account: account, fee: fee.map { Self.amount($0, quote) })
    }

    public mutating func deposit(_ symbol: String, _ quantity: String, on date: String, account: String = "default")
        -> LedgerEvent
    {
        make(.deposit(Self.amount(quantity, symbol)), on: date, account: account)
    }

    public mutating func withdraw(_ symbol: String, _ quantity: String, on date: String, account: String = "default")
        -> LedgerEvent
    {
        make(.withdraw(Self.amount(quantity, symbol)), on: date, account: account)
    }

    public mutating func transfer(_ symbol: String, _ quantity: String, from: String, to: String, on date: String)
        -> LedgerEvent
    {
        make(.transfer(Self.amount(quantity, symbol), toAccount: to), on: date, account: from)
    }

    public mutating func void(_ target: LedgerEvent, on date: String, reason: String = "mistake") -> LedgerEvent {
        make(.void(target: target.id, reason: reason), on: date, account: target.account)
    }
}
