import LedgerCore
import LedgerCoreTestSupport
import Testing

/// Basis per wallet from 2025 (Rev. Proc. 2024-28; docs/TAX.md, "Basis per wallet").
@Suite("Tax, US: basis per wallet from 2025")
struct TaxUSWalletTests {
    /// Two coins bought on an exchange in 2024, the older moved to cold storage (FIFO), one
    /// sold from the exchange in 2025, half a coin moved back and sold.
    static func twoWallets() -> TaxScenario {
        var filer = TaxScenario()
        filer.buy("2024-01-10", 1, "BTC", cost: 20_000, class: .crypto, account: "exchange")
        filer.buy("2024-03-01", 1, "BTC", cost: 60_000, class: .crypto, account: "exchange")
        filer.transfer("2024-04-01", 1, "BTC", from: "exchange", to: "cold")
        filer.sell("2025-02-03", 1, "BTC", proceeds: 70_000, class: .crypto, account: "exchange")
        filer.transfer("2025-03-01", dec("0.5"), "BTC", from: "cold", to: "exchange")
        filer.sell("2025-04-01", dec("0.5"), "BTC", proceeds: 40_000, class: .crypto, account: "exchange")
        return filer
    }

    @Test("per wallet: the exchange sells what it holds; the moved half-coin keeps its 2024-01-10 basis")
    func perWalletFIFO() throws {
        let filer = Self.twoWallets()
        let report = filer.report(.us)
        #expect(report.disposals.count == 2)
        let first = report.disposals[0]
        #expect(first.costBasis == 60_000 && first.gain == 10_000 && first.term == .short)
        #expect(first.acquired == filer.transactions[1].time && first.account == "exchange")
        let second = report.disposals[1]
        #expect(second.costBasis == 10_000 && second.gain == 30_000 && second.term == .long)
        #expect(second.acquired == filer.transactions[0].time)
        let year = try #require(report.year("2025"))
        #expect(year.shortTerm?.proceeds == 70_000 && year.shortTerm?.costBasis == 60_000)
        #expect(year.shortTerm?.net == 10_000)
        #expect(year.longTerm?.proceeds == 40_000 && year.longTerm?.costBasis == 10_000)
        #expect(year.longTerm?.net == 30_000 && year.figures.net == 40_000)
        #expect(report.holdings.count == 1)
        let held = try #require(report.holdings.first)
        #expect(held.account == "cold" && held.quantity == dec("0.5") && held.costBasis == 10_000)
        #expect(held.acquired == filer.transactions[0].time)
    }

    @Test("universal basis (one pool, the rule before 2025) gives other gains for the same sales")
    func universalFIFO() throws {
        let report = Self.twoWallets().report(.us, TaxOptions(universalBasis: true))
        let first = report.disposals[0]
        #expect(first.costBasis == 20_000 && first.gain == 50_000 && first.term == .long)
        let second = report.disposals[1]
        #expect(second.costBasis == 30_000 && second.gain == 10_000 && second.term == .long)
        let year = try #require(report.year("2025"))
        #expect(year.shortTerm?.disposals == 0 && year.longTerm?.net == 60_000 && year.figures.net == 60_000)
        let held = try #require(report.holdings.first)
        #expect(held.account == ValuationOptions.pooledAccount && held.costBasis == 30_000)
    }

    @Test("the allocation at 2025-01-01: a lot whose units a universal sale took elsewhere goes to the holder")
    func allocationFollowsUnits() throws {
        var filer = TaxScenario()
        filer.buy("2024-01-10", 1, "BTC", cost: 10_000, class: .crypto, account: "a")
        filer.buy("2024-02-10", 1, "BTC", cost: 30_000, class: .crypto, account: "b")
        // Universal FIFO: the sale from b takes a's older lot.
        filer.sell("2024-05-01", 1, "BTC", proceeds: 25_000, class: .crypto, account: "b")
        let before = filer.report(.us)
        #expect(before.disposals.first?.costBasis == 10_000 && before.disposals.first?.gain == 15_000)
        let held = try #require(before.holdings.first)
        #expect(before.holdings.count == 1 && held.account == "a" && held.costBasis == 30_000)
        filer.sell("2025-03-03", 1, "BTC", proceeds: 35_000, class: .crypto, account: "a")
        let after = filer.report(.us)
        #expect(after.disposals.last?.costBasis == 30_000 && after.disposals.last?.gain == 5_000)
        #expect(after.disposals.last?.term == .long && after.holdings.isEmpty)
    }

    @Test("from 2025 a sale from an account without lots is matched as not held, at zero cost")
    func noLotsInTheAccount() throws {
        var filer = TaxScenario()
        filer.buy("2025-01-10", 1, "BTC", cost: 10_000, class: .crypto, account: "a")
        filer.sell("2025-02-10", 1, "BTC", proceeds: 12_000, class: .crypto, account: "b")
        let sale = try #require(filer.report(.us).disposals.first)
        #expect(sale.costBasis == 0 && sale.matches.first?.rule == .notHeld)
        let held = try #require(filer.report(.us).holdings.first)
        #expect(held.account == "a" && held.costBasis == 10_000)
    }

    /// Buys, sells and transfers over three accounts from 2024 to 2026, never more out of an
    /// account than it holds.
    static func history(seed: UInt64) -> TaxScenario {
        var rng = SplitMix64(seed: seed)
        var filer = TaxScenario()
        let accounts = ["a", "b", "c"]
        var held = ["a": 0, "b": 0, "c": 0]
        var day = TaxScenario.date("2024-01-02")
        for _ in 0..<400 {
            day = day.adding(days: Int.random(in: 0...4, using: &rng))
            let account = accounts.randomElement(using: &rng)!
            let quantity = Int.random(in: 1...20, using: &rng)
            let price = ExactDecimal(Int.random(in: 50...150, using: &rng)) / ExactDecimal(7)
            let roll = Int.random(in: 0..<10, using: &rng)
            if held[account]! >= quantity, roll < 3 {
                filer.sell(
                    day.description, ExactDecimal(quantity), "BTC", proceeds: ExactDecimal(quantity) * price,
                    class: .crypto, account: account)
                held[account]! -= quantity
            } else if held[account]! >= quantity, roll < 5 {
                let destination = accounts.filter { $0 != account }.randomElement(using: &rng)!
                filer.transfer(day.description, ExactDecimal(quantity), "BTC", from: account, to: destination)
                held[account]! -= quantity
                held[destination]! += quantity
            } else {
                filer.buy(
                    day.description, ExactDecimal(quantity), "BTC", cost: ExactDecimal(quantity) * price,
                    class: .crypto, account: account)
                held[account]! += quantity
            }
        }
        return filer
    }

    @Test(
        "per-wallet basis of all disposals + remaining basis = all acquisition costs; each account's lots = its units",
        arguments: [(1, BookingMethod.fifo), (2, .lifo), (3, .hifo), (4, .fifo), (5, .hifo)]
            as [(UInt64, BookingMethod)]
    )
    func conservesBasis(seed: UInt64, method: BookingMethod) {
        let filer = Self.history(seed: seed)
        let report = filer.report(.us, TaxOptions(method: method))
        let acquisitions = filer.transactions.filter(\.isAcquisition)
        let cost = acquisitions.reduce(ExactDecimal.zero) { $0 + $1.amount }
        let basis = report.disposals.reduce(ExactDecimal.zero) { $0 + $1.costBasis }
        #expect(basis + report.holdings.reduce(.zero) { $0 + $1.costBasis } == cost)
        #expect(!report.disposals.flatMap(\.matches).contains { $0.rule == .notHeld })
        var units: [String: ExactDecimal] = [:]
        for transaction in filer.transactions {
            switch transaction.kind {
            case .acquisition: units[transaction.account, default: .zero] += transaction.quantity
            case .disposal: units[transaction.account, default: .zero] -= transaction.quantity
            case .transfer(let destination):
                units[transaction.account, default: .zero] -= transaction.quantity
                units[destination, default: .zero] += transaction.quantity
            case .removal, .split: break
            }
        }
        var lots: [String: ExactDecimal] = [:]
        for holding in report.holdings { lots[holding.account, default: .zero] += holding.quantity }
        #expect(lots == units.filter { $0.value.isPositive })
        #expect(report.disposals.contains { $0.disposed.date.year == 2026 })
    }
}
