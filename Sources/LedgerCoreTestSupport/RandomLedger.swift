import LedgerCore

/// A seeded random ledger for property tests: `count` events over a few crypto assets and two
/// accounts (fiat deposits and withdrawals, buys, sells, trades, transfers, income, standalone
/// fees, and optionally crypto deposits and withdrawals), with fees in USD or in crypto.
///
/// It never takes out more than an account holds: every candidate event is checked with
/// ``PositionBook`` before it is kept. Every asset has a USD price recorded at the start of
/// every day from the first event to `asOf`, so nothing is ever unpriced. Quantities have 8
/// decimals and prices 2, so every product is exact at 10⁻¹⁸. The same seed always gives the
/// same ledger.
public struct RandomLedger: Sendable {
    public struct Options: Sendable {
        public var count = 250
        public var assets = ["BTC", "ETH", "SOL"]
        public var accounts = ["exchange", "wallet"]
        /// Crypto deposits and withdrawals: they move cost in and out of the ledger without fiat,
        /// so the paid-in identity leaves them out.
        public var cryptoInOut = true

        public init() {}
    }

    public let seed: UInt64
    public let options: Options
    /// In replay order, numbered 1, 2, …
    public let events: [LedgerEvent]
    public let prices: PriceTable
    /// One day after the last event; every price the holdings need is at or before it.
    public let asOf: Timestamp
    /// The balances after every event, per account.
    public let positions: PositionBook

    public init(seed: UInt64, options: Options = Options()) {
        var generator = RandomLedgerGenerator(seed: seed, options: options)
        generator.run()
        self.seed = seed
        self.options = options
        events = Events.sequenced(generator.events)
        prices = PriceTable(generator.observations)
        asOf = generator.day.adding(days: 1).startOfDay
        positions = generator.book
    }

    /// The replay options for this ledger.
    public func valuation(_ method: BookingMethod, perAccount: Bool) -> ValuationOptions {
        ValuationOptions(method: method, perAccount: perAccount, currency: sym("USD"), asOf: asOf)
    }

    /// The balance of `asset` summed over every account.
    public func heldQuantity(_ asset: String) -> ExactDecimal {
        positions.balances.filter { $0.key.asset == sym(asset) }.values.sum()
    }
}

/// The mutable half of ``RandomLedger``.
struct RandomLedgerGenerator {
    var rng: SplitMix64
    let options: Options
    typealias Options = RandomLedger.Options
    var make: Events
    var book = PositionBook()
    var events: [LedgerEvent] = []
    var observations: [PriceObservation] = []
    /// Today's price of each asset in cents.
    var cents: [String: Int64] = ["BTC": 3_000_000, "ETH": 200_000, "SOL": 2_000]
    var day = LocalDate(year: 2022, month: 1, day: 3)!
    var second = 0

    init(seed: UInt64, options: Options) {
        rng = SplitMix64(seed: seed)
        make = Events(seed: seed)
        self.options = options
        for asset in options.assets where cents[asset] == nil { cents[asset] = 10_000 }
        recordPrices()
    }

    mutating func run() {
        var attempts = 0
        while events.count < options.count, attempts < options.count * 50 {
            attempts += 1
            advanceClock()
            guard let candidate = candidate() else { continue }
            var trial = book
            if trial.apply(candidate) == nil {
                book = trial
                events.append(candidate)
            }
        }
    }

    /// Moves time on by a few minutes to two days; a new day gets new prices.
    mutating func advanceClock() {
        let days = Int.random(in: 0...8, using: &rng) / 4
        if days > 0 {
            for _ in 0..<days {
                day = day.adding(days: 1)
                walkPrices()
                recordPrices()
            }
            second = 0
        }
        second += Int.random(in: 60...3_600, using: &rng)
        if second >= 86_400 { second = 86_399 }
    }

    var now: String { day.startOfDay.adding(seconds: Int64(second)).description }

    mutating func walkPrices() {
        for asset in options.assets {
            let step = Int64.random(in: 920...1_080, using: &rng)
            cents[asset] = max(100, cents[asset]! * step / 1_000)
        }
    }

    mutating func recordPrices() {
        for asset in options.assets {
            observations.append(
                PriceObservation(
                    asset: sym(asset), quote: sym("USD"), observedAt: day.startOfDay,
                    price: Self.money(cents[asset]!), source: "random"))
        }
    }

    // MARK: - Numbers

    /// `cents` as a decimal (2 places).
    static func money(_ cents: Int64) -> ExactDecimal { ExactDecimal(units: Int128(cents) * 10_000_000_000_000_000) }

    /// `satoshis` as a decimal (8 places).
    static func quantity(_ satoshis: Int64) -> ExactDecimal { ExactDecimal(units: Int128(satoshis) * 10_000_000_000) }

    /// `value` truncated to 8 places.
    static func truncated(_ value: ExactDecimal) -> ExactDecimal { value.rounded(places: 8, rule: .towardZero) }

    func price(_ asset: String) -> ExactDecimal { Self.money(cents[asset]!) }

    /// The market price moved by up to ±2 %, in cents.
    mutating func tradedPrice(_ asset: String) -> ExactDecimal {
        Self.money(max(1, cents[asset]! * Int64.random(in: 980...1_020, using: &rng) / 1_000))
    }

    /// A quantity of `asset` worth about 20 to 5000 USD (at least 1 satoshi).
    mutating func purchaseQuantity(_ asset: String) -> ExactDecimal {
        let value = Self.money(Int64.random(in: 2_000...500_000, using: &rng))
        return max(Self.quantity(1), Self.truncated(value / price(asset)))
    }

    /// Between 1 % and 100 % of what `account` holds of `asset` (nil when nothing is held).
    mutating func share(of asset: String, in account: String) -> ExactDecimal? {
        let held = book.balance(PositionKey(account: account, asset: sym(asset)))
        guard held.isPositive else { return nil }
        let percent = Int.random(in: 1...100, using: &rng)
        let part = percent == 100 ? held : Self.truncated(held * ExactDecimal(percent) / ExactDecimal(100))
        return part.isPositive ? part : nil
    }

    mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &rng)] }

    static func amount(_ quantity: ExactDecimal, _ symbol: String) -> AssetAmount {
        AssetAmount(quantity, Events.asset(symbol))
    }
}
