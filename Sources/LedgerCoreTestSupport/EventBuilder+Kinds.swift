import LedgerCore

/// Builders for the kinds `EventBuilder.swift` does not cover (trade, income, fee, split), fees
/// in any asset, and the small value helpers valuation tests need.
extension Events {
    /// `2 ETH` given for `0.1 BTC` received: `make.trade("2", "ETH", for: "0.1", "BTC", on: …)`.
    public mutating func trade(
        _ givenQuantity: String, _ given: String, for receivedQuantity: String, _ received: String,
        on date: String, account: String = "default", fee: AssetAmount? = nil
    ) -> LedgerEvent {
        make(
            .trade(given: Self.amount(givenQuantity, given), received: Self.amount(receivedQuantity, received)),
            on: date, account: account, fee: fee)
    }

    /// Income at market value, or at `unitValue` (in `currency`) when given.
    public mutating func income(
        _ symbol: String, _ quantity: String, kind: IncomeKind = .staking, unitValue: String? = nil,
        in currency: String = "USD", on date: String, account: String = "default", fee: AssetAmount? = nil
    ) -> LedgerEvent {
        let value = unitValue.map { PriceTerm.unit(Price(ExactDecimal($0)!, AssetSymbol(currency)!)) }
        return make(
            .income(Self.amount(quantity, symbol), kind: kind, value: value), on: date, account: account, fee: fee)
    }

    /// A standalone fee of `quantity symbol`.
    public mutating func fee(_ symbol: String, _ quantity: String, on date: String, account: String = "default")
        -> LedgerEvent
    {
        make(.fee(Self.amount(quantity, symbol)), on: date, account: account)
    }

    /// A split such as `"4:1"` (or a reverse split `"1:10"`).
    public mutating func split(_ symbol: String, _ ratio: String, class assetClass: AssetClass? = nil, on date: String)
        -> LedgerEvent
    {
        make(.split(Self.asset(symbol, assetClass), SplitRatio(ratio)!), on: date)
    }

    /// A transfer with a fee (`EventBuilder.swift`'s `transfer` has none).
    public mutating func transfer(
        _ symbol: String, _ quantity: String, from: String, to: String, on date: String, fee: AssetAmount
    ) -> LedgerEvent {
        make(.transfer(Self.amount(quantity, symbol), toAccount: to), on: date, account: from, fee: fee)
    }

    /// A buy whose fee is paid in any asset (`EventBuilder.swift`'s `buy` takes it in the quote).
    public mutating func buy(
        _ symbol: String, _ quantity: String, at price: String, in quote: String = "USD", on date: String,
        account: String = "default", feeIn fee: AssetAmount
    ) -> LedgerEvent {
        make(
            .buy(Self.amount(quantity, symbol), price: .unit(Price(ExactDecimal(price)!, AssetSymbol(quote)!))),
            on: date, account: account, fee: fee)
    }

    /// A buy for a total (`@@`): the quote moves by exactly `total`.
    public mutating func buy(
        _ symbol: String, _ quantity: String, for total: String, in quote: String = "USD", on date: String,
        account: String = "default", fee: String? = nil
    ) -> LedgerEvent {
        make(
            .buy(Self.amount(quantity, symbol), price: .total(ExactDecimal(total)!, quote: AssetSymbol(quote)!)),
            on: date, account: account, fee: fee.map { Self.amount($0, quote) })
    }

    /// A sell for a total (`@@`).
    public mutating func sell(
        _ symbol: String, _ quantity: String, for total: String, in quote: String = "USD", on date: String,
        account: String = "default", fee: String? = nil
    ) -> LedgerEvent {
        make(
            .sell(Self.amount(quantity, symbol), price: .total(ExactDecimal(total)!, quote: AssetSymbol(quote)!)),
            on: date, account: account, fee: fee.map { Self.amount($0, quote) })
    }

    /// A sell whose fee is paid in any asset.
    public mutating func sell(
        _ symbol: String, _ quantity: String, at price: String, in quote: String = "USD", on date: String,
        account: String = "default", feeIn fee: AssetAmount
    ) -> LedgerEvent {
        make(
            .sell(Self.amount(quantity, symbol), price: .unit(Price(ExactDecimal(price)!, AssetSymbol(quote)!))),
            on: date, account: account, fee: fee)
    }

    /// The events with sequence numbers 1, 2, … in the order given (as the store would number
    /// them when appended in that order), so same-instant events replay in a known order.
    public static func sequenced(_ events: [LedgerEvent]) -> [LedgerEvent] {
        events.enumerated().map { index, event in
            var numbered = event
            numbered.sequence = Int64(index + 1)
            return numbered
        }
    }
}

/// `dec("10.5")`: an exact decimal from its text (traps on a typo, which is a test bug).
public func dec(_ text: String) -> ExactDecimal {
    guard let value = ExactDecimal(text) else { fatalError("bad test decimal \(text)") }
    return value
}

/// `sym("BTC")`: an asset symbol (traps on a typo).
public func sym(_ text: String) -> AssetSymbol {
    guard let symbol = AssetSymbol(text) else { fatalError("bad test symbol \(text)") }
    return symbol
}

/// Prices written one per line as `DATE ASSET PRICE QUOTE` (`2024-01-02 BTC 30000 USD`); the
/// date may carry a time (`2024-01-02T10:00:00Z`). Blank lines are ignored.
public func priceTable(_ text: String, source: String = "test") -> PriceTable {
    let observations = text.split(separator: "\n").compactMap { line -> PriceObservation? in
        let words = line.split(separator: " ")
        guard !words.isEmpty else { return nil }
        guard words.count == 4 else { fatalError("bad test price line '\(line)'") }
        return PriceObservation(
            asset: sym(String(words[1])), quote: sym(String(words[3])),
            observedAt: Events.time(String(words[0])), price: dec(String(words[2])), source: source)
    }
    return PriceTable(observations)
}

/// `date("2024-01-02")`: a calendar day (traps on a typo).
public func date(_ text: String) -> LocalDate {
    guard let day = LocalDate.parse(text) else { fatalError("bad test date \(text)") }
    return day
}
