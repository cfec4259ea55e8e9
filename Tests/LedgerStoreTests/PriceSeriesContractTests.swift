import LedgerCore
import LedgerStore
import LedgerTestSupport
import Testing

/// The store's lookups a report reads prices by (issue 34): the pairs, and one pair's
/// observations around a time. Both stores answer alike, and a table reading a store answers
/// every lookup as a table holding all its observations does.
@Suite("PriceStore series lookups")
struct PriceSeriesContractTests {
    static let fetched = Events.time("2024-06-01T12:00:00Z")
    static let btcUSD = PricePair(asset: AssetSymbol("BTC")!, quote: AssetSymbol("USD")!)

    @Test("pairs: each priced pair once, by asset then quote", arguments: PriceStoreKind.allCases)
    func pairs(kind: PriceStoreKind) throws {
        let store = try kind.make()
        #expect(try store.pairs().isEmpty)
        try store.record(
            [
                price("ETH", "2000", on: "2024-01-01"), price("BTC", "30000", on: "2024-01-02"),
                price("BTC", "28000", in: "EUR", on: "2024-01-01"), price("BTC", "31000", on: "2024-01-03"),
                price("EUR", "1.1", on: "2024-01-01"), price("BTC", "30500", on: "2024-01-02", source: "coingecko"),
            ], fetchedAt: Self.fetched)
        #expect(try store.pairs().map { "\($0.asset)/\($0.quote)" } == ["BTC/EUR", "BTC/USD", "ETH/USD", "EUR/USD"])
    }

    @Test(
        "a window: the newest at or before the time (greatest source on a tie), then at most the limit after",
        arguments: PriceStoreKind.allCases)
    func window(kind: PriceStoreKind) throws {
        let store = try kind.make()
        let recorded = [
            price("BTC", "1", on: "2024-01-01"), price("BTC", "2", on: "2024-01-02"),
            price("BTC", "3", on: "2024-01-02", source: "coingecko"), price("BTC", "4", on: "2024-01-03"),
            price("BTC", "5", on: "2024-01-04"), price("BTC", "9", in: "EUR", on: "2024-01-02"),
        ]
        try store.record(recorded, fetchedAt: Self.fetched)
        func window(_ date: String, _ limit: Int) throws -> [String] {
            try store.observations(of: Self.btcUSD, around: Events.time(date), after: limit).map(\.price.description)
        }
        #expect(try window("2024-01-02", 2) == ["2", "4", "5"])
        #expect(try window("2024-01-02T12:00:00Z", 1) == ["2", "4"])
        #expect(try window("2023-12-31", 2) == ["1", "3"])
        #expect(try window("2023-12-31", 0) == [])
        #expect(try window("2024-01-05", 10) == ["5"])
        let none = PricePair(asset: AssetSymbol("SOL")!, quote: AssetSymbol("USD")!)
        #expect(try store.observations(of: none, around: Events.time("2024-01-02"), after: 5).isEmpty)
    }

    @Test(
        "at an instant: a pair's observations made then, one per source, with when each was recorded",
        arguments: PriceStoreKind.allCases)
    func atInstant(kind: PriceStoreKind) throws {
        let store = try kind.make()
        try store.record(
            [
                price("BTC", "1", on: "2024-01-02"), price("BTC", "2", on: "2024-01-02", source: "coingecko"),
                price("BTC", "3", on: "2024-01-03"), price("BTC", "9", in: "EUR", on: "2024-01-02"),
                price("ETH", "5", on: "2024-01-02"),
            ], fetchedAt: Self.fetched)
        let later = Events.time("2024-06-02T12:00:00Z")
        try store.record([price("BTC", "2.5", on: "2024-01-02", source: "coingecko")], fetchedAt: later)
        let found = try store.observations(of: Self.btcUSD, at: Events.time("2024-01-02"))
        #expect(found.map(\.observation.source) == ["coingecko", "manual"])
        #expect(found.map(\.observation.price.description) == ["2.5", "1"])
        #expect(found.map(\.fetchedAt) == [later, Self.fetched])
        let whole = try store.observations(asset: nil).filter {
            $0.observation.asset.text == "BTC" && $0.observation.quote.text == "USD"
                && $0.observation.observedAt == Events.time("2024-01-02")
        }
        #expect(found == whole, "what the whole table holds for that pair and instant")
        #expect(try store.observations(of: Self.btcUSD, at: Events.time("2024-01-02T00:00:01Z")).isEmpty)
    }

    @Test(
        "a table reading the store answers every lookup as one holding every observation (seeded)",
        arguments: PriceStoreKind.allCases)
    func readingTableAgrees(kind: PriceStoreKind) throws {
        let seed: UInt64 = 0x5EED_0034
        var random = SplitMix64(seed: seed)
        let store = try kind.make()
        let observations = Self.randomObservations(&random)
        try store.record(observations, fetchedAt: Self.fetched)
        // The store keeps the later of two equal keys; the held table gets what it kept.
        let held = PriceTable(try store.observations(asset: nil).map(\.observation))
        let reading = try PriceTable(reading: store)
        let assets = ["BTC", "ETH", "EUR", "USD", "GBP", "KFEE", "SOL"].map { AssetSymbol($0)! }
        // Forward in time (a fold), then at random (a report after it), then at the end.
        var times = (0..<600).map { Self.start.adding(seconds: Int64($0) * 1_800) }
        times += (0..<600).map { _ in Self.start.adding(seconds: Int64.random(in: -86_400...1_300_000, using: &random))
        }
        for time in times {
            let asset = assets.randomElement(using: &random)!
            let quote = assets.randomElement(using: &random)!
            #expect(
                reading.derivation(of: asset, in: quote, at: time) == held.derivation(of: asset, in: quote, at: time),
                "seed \(seed): \(asset) in \(quote) at \(time)")
        }
        #expect(reading.readFailure == nil)
        #expect(reading.observations == held.observations)
        #expect(reading.isEmpty == held.isEmpty)
    }

    static let start = Events.time("2024-01-01")

    /// Several hundred observations per pair (more than one window), on shared seconds and with
    /// two sources, so windows end inside a run of equal times.
    static func randomObservations(_ random: inout SplitMix64) -> [PriceObservation] {
        let pairs = [("BTC", "USD"), ("ETH", "BTC"), ("EUR", "USD"), ("GBP", "EUR"), ("USD", "SOL")]
        var observations: [PriceObservation] = []
        for (asset, quote) in pairs {
            var time = start
            for _ in 0..<Int.random(in: 150...400, using: &random) {
                time = time.adding(seconds: Int64.random(in: 0...3, using: &random) * 1_200)
                observations.append(
                    PriceObservation(
                        asset: AssetSymbol(asset)!, quote: AssetSymbol(quote)!, observedAt: time,
                        price: ExactDecimal(Int.random(in: 1...90_000, using: &random)),
                        source: Bool.random(using: &random) ? "import" : "manual"))
            }
        }
        return observations
    }
}
