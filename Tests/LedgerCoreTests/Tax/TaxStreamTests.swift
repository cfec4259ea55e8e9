import LedgerCoreTestSupport
import Testing

@testable import LedgerCore

/// The one-pass matching of the US and German rules (``TaxStream``) gives what matching each
/// asset apart and sorting the disposals gives (``TaxEngine/perAsset(_:rules:options:year:)``),
/// on seeded histories with several accounts, transfers, wash sales, the 2025 switch and
/// events at the same instant (a trade and its fee in another asset).
@Suite("Tax: one pass over the transactions gives what matching each asset apart gives")
struct TaxStreamTests {
    static let assets: [(String, AssetClass)] = [("AAA", .stock), ("BBB", .crypto), ("CCC", .crypto)]
    static let accounts = ["kraken", "ledger"]
    /// The second thread's sales a batch in the tests that cross many batches (the
    /// program's are 1,024, ``TaxStream/Sales/perBatch``).
    static let perBatch = 256

    /// Buys, sells, transfers from 2023 to 2026; some events share their instant with the next.
    static func history(seed: UInt64, count: Int = 500) -> [TaxTransaction] {
        var rng = SplitMix64(seed: seed)
        var held: [String: Int] = [:]
        var transactions: [TaxTransaction] = []
        var time = TaxScenario.date("2023-01-02").startOfDay
        var event: UInt128 = 0
        for _ in 0..<count {
            if Int.random(in: 0..<4, using: &rng) > 0 {
                time = time.adding(seconds: Int64.random(in: 1...400_000, using: &rng))
            }
            if Int.random(in: 0..<3, using: &rng) > 0 { event += 1 }
            let (asset, assetClass) = assets.randomElement(using: &rng)!
            let account = accounts.randomElement(using: &rng)!
            let key = asset + account
            let quantity = Int.random(in: 1...30, using: &rng)
            let price = ExactDecimal(Int.random(in: 40...160, using: &rng)) / ExactDecimal(3)
            var kind = TaxTransaction.Kind.acquisition
            if held[key, default: 0] >= quantity {
                switch Int.random(in: 0..<5, using: &rng) {
                case 0, 1: kind = .disposal(fee: ExactDecimal(Int.random(in: 0...2, using: &rng)))
                case 2: kind = .transfer(to: accounts.first { $0 != account }!)
                default: break
                }
            }
            var amount = ExactDecimal(quantity) * price
            switch kind {
            case .acquisition: held[key, default: 0] += quantity
            case .transfer(let destination):
                held[key, default: 0] -= quantity
                held[asset + destination, default: 0] += quantity
                amount = .zero
            default: held[key, default: 0] -= quantity
            }
            transactions.append(
                TaxTransaction(
                    kind, asset: AssetSymbol(asset)!, class: assetClass, account: account,
                    quantity: ExactDecimal(quantity), amount: amount, time: time, event: EventID(value: event)))
        }
        return transactions
    }

    static func report(_ matched: TaxEngine.Matched, rules: TaxRules, options: TaxOptions, year: Int?) -> TaxReport {
        TaxReport(
            rules: rules, options: options,
            years: TaxYearBuilder.years(matched.totals, income: [], rules: rules, options: options, through: year),
            disposals: matched.disposals, holdings: matched.holdings, income: [], yearsWithDisposals: matched.years)
    }

    @Test(
        "US FIFO, LIFO, HIFO and Germany, every year and one year",
        arguments: [(1, BookingMethod.fifo), (2, .lifo), (3, .hifo), (4, .fifo)] as [(UInt64, BookingMethod)])
    func sameReport(seed: UInt64, method: BookingMethod) throws {
        let transactions = Self.history(seed: seed)
        for rules in [TaxRules.us, .de] {
            let options = TaxOptions(method: rules == .us ? method : .fifo)
            for year in [nil, 2023, 2024, 2025] as [Int?] {
                let streamed = try #require(TaxStream.match(transactions, rules: rules, options: options, year: year))
                let apart = TaxEngine.perAsset(transactions, rules: rules, options: options, year: year)
                #expect(!streamed.disposals.isEmpty)
                #expect(streamed.disposals == apart.disposals, "\(rules) \(method) \(year ?? 0)")
                #expect(streamed.holdings == apart.holdings && streamed.years == apart.years)
                let one = Self.report(streamed, rules: rules, options: options, year: year)
                let other = Self.report(apart, rules: rules, options: options, year: year)
                #expect(one.years == other.years, "\(rules) \(method) \(year ?? 0)")
                // The matching run to its end before a disposal is kept (as a second thread
                // may run ahead) gives the same.
                let ahead = try #require(
                    TaxStream.match(transactions, rules: rules, options: options, year: year, cores: AllAheadCore()))
                #expect(ahead.disposals == streamed.disposals && ahead.holdings == streamed.holdings)
                #expect(ahead.years == streamed.years)
                #expect(Self.report(ahead, rules: rules, options: options, year: year).years == one.years)
                // A report without its holdings (text) is the same report otherwise.
                let without = TaxEngine.report(
                    transactions, rules: rules, options: options, year: year, holdings: false)
                #expect(without.holdings.isEmpty && without.disposals == streamed.disposals)
                #expect(without.years == one.years && without.yearsWithDisposals == streamed.years)
            }
        }
        #expect(TaxEngine.report(transactions, rules: .us).disposals.contains { $0.adjustmentCode == "W" })
    }

    @Test(
        "years over many batches of either side, a sale's event on both sides: the totals of matching apart",
        arguments: [21, 22] as [UInt64])
    func yearsOverBatches(seed: UInt64) throws {
        // About 2,000 sales over some 28 years: years begin and end inside the batches.
        let transactions = Self.history(seed: seed, count: 6_000)
        let options = TaxOptions()
        for rules in [TaxRules.us, .de] {
            for year in [nil, 2030] as [Int?] {
                let apart = TaxEngine.perAsset(transactions, rules: rules, options: options, year: year)
                let expected = Self.report(apart, rules: rules, options: options, year: year).years
                #expect(expected.count >= 8 && !apart.disposals.isEmpty)
                if year == nil { #expect(apart.disposals.count > 4 * Self.perBatch) }
                for cores in [OneCore(), AllAheadCore()] as [any SecondCore] {
                    let streamed = try #require(
                        TaxStream.match(
                            transactions, rules: rules, options: options, year: year, cores: cores,
                            perBatch: Self.perBatch))
                    #expect(streamed.disposals == apart.disposals, "\(rules) \(year ?? 0)")
                    #expect(Self.report(streamed, rules: rules, options: options, year: year).years == expected)
                }
            }
        }
    }

    @Test("assets found by their tags (the replay's symbols), a spelling under two tags or none, as by name")
    func taggedSymbols() throws {
        let plain = Self.history(seed: 9, count: 1_500)
        var tagged = plain
        for index in tagged.indices where index % 5 != 0 {
            // Each spelling two tags of its own (as two decoders give), some transactions none.
            let spelling = Self.assets.firstIndex { $0.0 == tagged[index].asset.text } ?? 0
            tagged[index].asset = tagged[index].asset.tagged(UInt32(1 + 2 * spelling + index % 2))
        }
        for rules in [TaxRules.us, .de] {
            let one = try #require(TaxStream.match(plain, rules: rules, options: TaxOptions(), year: nil))
            let other = try #require(TaxStream.match(tagged, rules: rules, options: TaxOptions(), year: nil))
            #expect(one.disposals == other.disposals && one.holdings == other.holdings && one.years == other.years)
            #expect(
                Self.report(one, rules: rules, options: TaxOptions(), year: nil).years
                    == Self.report(other, rules: rules, options: TaxOptions(), year: nil).years)
        }
    }

    @Test("disposals at one instant are ordered by asset, then event, keeping one event's own order")
    func ties() {
        var transactions: [TaxTransaction] = []
        let time = TaxScenario.date("2024-05-01").startOfDay
        for (asset, event) in [("BBB", 1), ("AAA", 2), ("AAA", 3)] as [(String, UInt128)] {
            transactions.append(
                TaxTransaction(
                    .acquisition, asset: AssetSymbol(asset)!, class: .crypto, quantity: 10, amount: 100,
                    time: time.adding(seconds: -60), event: EventID(value: 100 + event)))
        }
        for (asset, event) in [("BBB", 1), ("AAA", 3), ("AAA", 2)] as [(String, UInt128)] {
            transactions.append(
                TaxTransaction(
                    .disposal(fee: 0), asset: AssetSymbol(asset)!, class: .crypto, quantity: 1, amount: 20, time: time,
                    event: EventID(value: event)))
        }
        let disposals = TaxEngine.report(transactions, rules: .us).disposals
        #expect(disposals.map(\.asset.text) == ["AAA", "AAA", "BBB"])
        #expect(disposals.map(\.event) == [EventID(value: 2), EventID(value: 3), EventID(value: 1)])
    }

    @Test("transactions out of time order are not streamed: the report matches each asset apart, the same")
    func outOfOrder() {
        var transactions = Self.history(seed: 1)
        #expect(TaxStream.match(transactions, rules: .us, options: TaxOptions(), year: nil) != nil)
        // The last transaction moved first: every other is still in order after it.
        transactions.insert(transactions.removeLast(), at: 0)
        #expect(TaxStream.match(transactions, rules: .us, options: TaxOptions(), year: nil) == nil)
        let apart = TaxEngine.perAsset(transactions, rules: .us, options: TaxOptions(), year: nil)
        let report = TaxEngine.report(transactions, rules: .us)
        #expect(report.disposals == apart.disposals && report.holdings == apart.holdings)
        #expect(!report.disposals.isEmpty)
    }

    @Test("a disposal takes 160 bytes: the rare figures boxed, its one-byte fields together, not padded apart")
    func disposalSize() {
        #expect(MemoryLayout<TaxDisposal>.stride <= 160)
    }

    @Test("a lot takes 96 bytes: its holding start a day number, its fields in an order that leaves no padding")
    func lotSize() {
        #expect(MemoryLayout<TaxLot>.stride <= 96)
    }

    /// Ten assets (the first two the calling thread's side), a few lots each, then forty
    /// instants of up to 80 sales and some purchases, the events drawn from six: long runs at
    /// one instant with ties of asset and event, over several of the second thread's batches.
    static func instants(seed: UInt64) -> [TaxTransaction] {
        var rng = SplitMix64(seed: seed)
        let start = TaxScenario.date("2024-05-01").startOfDay
        let symbols = (0..<10).map { AssetSymbol("A\($0)")! }
        var transactions: [TaxTransaction] = []
        // In time order (each lot's minute for every asset), as the stream needs them.
        for lot in 0..<3 {
            for symbol in symbols {
                transactions.append(
                    TaxTransaction(
                        .acquisition, asset: symbol, class: .crypto, quantity: 40, amount: ExactDecimal(100 + lot),
                        time: start.adding(seconds: Int64(lot - 10) * 60), event: EventID(value: 1_000)))
            }
        }
        for instant in 0..<40 {
            let time = start.adding(seconds: Int64(instant) * 3600)
            for _ in 0..<Int.random(in: 1...80, using: &rng) {
                let buy = Int.random(in: 0..<4, using: &rng) == 0
                transactions.append(
                    TaxTransaction(
                        buy ? .acquisition : .disposal(fee: 0), asset: symbols.randomElement(using: &rng)!,
                        class: .crypto, quantity: ExactDecimal(Int.random(in: 1...6, using: &rng)),
                        amount: ExactDecimal(Int.random(in: 1...90, using: &rng)), time: time,
                        event: EventID(value: UInt128.random(in: 1...6, using: &rng))))
            }
        }
        return transactions
    }

    @Test(
        "runs at one instant, short and long, on both sides and over batches, in the order a stable sort gives",
        arguments: [5, 6, 7] as [UInt64])
    func longRuns(seed: UInt64) throws {
        let transactions = Self.instants(seed: seed)
        let options = TaxOptions()
        let sides = try #require(TaxStream.Sides(transactions, rules: .us, options: options, wanted: nil))
        #expect(!sides.here.matchers.all.isEmpty && !sides.there.matchers.all.isEmpty)
        for rules in [TaxRules.us, .de] {
            let apart = TaxEngine.perAsset(transactions, rules: rules, options: options, year: nil)
            #expect(apart.disposals.count > 4 * Self.perBatch)
            let longest = Dictionary(grouping: apart.disposals, by: \.disposed).values.map(\.count).max() ?? 0
            #expect(longest > 32)
            for cores in [OneCore(), AllAheadCore()] as [any SecondCore] {
                let streamed = try #require(
                    TaxStream.match(
                        transactions, rules: rules, options: options, year: nil, cores: cores, perBatch: Self.perBatch))
                #expect(streamed.disposals == apart.disposals, "\(rules)")
                #expect(streamed.holdings == apart.holdings && streamed.years == apart.years)
            }
        }
    }
}
