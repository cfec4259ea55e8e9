import LedgerCore
import LedgerCoreTestSupport
import Testing

/// Seeded properties of the valuation fold over random ledgers (`RandomLedger`). Every failure
/// message starts with the seed; `RandomLedger(seed:)` rebuilds the same ledger.
@Suite("Valuation properties over random ledgers")
struct ValuationPropertyTests {
    static let seeds: [UInt64] = [1, 2, 3, 7, 42, 1_234, 99_991, 0xDEAD_BEEF]
    static let modes = [false, true]

    static func replay(_ ledger: RandomLedger, _ method: BookingMethod, perAccount: Bool) -> PortfolioState {
        PortfolioFold.replay(
            ledger.events, options: ledger.valuation(method, perAccount: perAccount), prices: ledger.prices)
    }

    @Test("the generator makes every kind, never oversells and leaves nothing unpriced", arguments: seeds)
    func generatorIsSound(seed: UInt64) {
        let ledger = RandomLedger(seed: seed)
        #expect(ledger.events.count == ledger.options.count, "seed \(seed)")
        let kinds = Set(ledger.events.map(\.kind))
        #expect(
            kinds.isSuperset(of: [.buy, .sell, .trade, .transfer, .income, .fee, .deposit, .withdraw]),
            "seed \(seed): \(kinds)")
        #expect(PositionBook.firstShortfall(in: ledger.events) == nil, "seed \(seed)")
        #expect(ledger.events.contains { $0.fee?.asset.isFiat == false }, "seed \(seed): no fee in crypto")
        // Buys and sells for a total too, so every property (and the snapshot, store and
        // journal tests built on this generator) covers them.
        #expect(ledger.events.contains { $0.schemaVersion == 2 }, "seed \(seed): no buy or sell for a total")
        #expect(
            Self.replay(ledger, .fifo, perAccount: false).withdrawnCost.isPositive, "seed \(seed): no crypto withdrawal"
        )
        for method in BookingMethod.allCases {
            let state = Self.replay(ledger, method, perAccount: true)
            #expect(state.diagnostics.isEmpty, "seed \(seed) \(method): \(state.diagnostics.prefix(3))")
            #expect(HoldingsReport(state: state, prices: ledger.prices).totals.unpricedAssets.isEmpty, "seed \(seed)")
        }
    }

    @Test("(a) quantity is conserved: the lots hold what the position book holds", arguments: seeds)
    func quantityConserved(seed: UInt64) {
        let ledger = RandomLedger(seed: seed)
        for method in BookingMethod.allCases {
            let pooled = Self.replay(ledger, method, perAccount: false)
            let perAccount = Self.replay(ledger, method, perAccount: true)
            for asset in ledger.options.assets {
                let held = ledger.heldQuantity(asset)
                #expect(pooled.quantity(of: sym(asset)) == held, "seed \(seed) \(method) pooled \(asset)")
                #expect(perAccount.quantity(of: sym(asset)) == held, "seed \(seed) \(method) per account \(asset)")
                for account in ledger.options.accounts {
                    let lots = perAccount.lots(asset, account: account).map(\.quantity).sum()
                    let balance = ledger.positions.balance(PositionKey(account: account, asset: sym(asset)))
                    #expect(lots == balance, "seed \(seed) \(method) \(account) \(asset)")
                }
            }
        }
    }

    @Test("(b) cost is conserved: open + disposed + withdrawn == acquired, exactly", arguments: seeds)
    func costConserved(seed: UInt64) {
        let ledger = RandomLedger(seed: seed)
        for method in BookingMethod.allCases {
            for perAccount in Self.modes {
                let state = Self.replay(ledger, method, perAccount: perAccount)
                let disposed = state.disposals.map(\.cost).sum()
                #expect(
                    state.openCost + disposed + state.withdrawnCost == state.acquiredCost,
                    "seed \(seed) \(method) perAccount \(perAccount): \(state.openCost) + \(disposed) + \(state.withdrawnCost) vs \(state.acquiredCost)"
                )
            }
        }
    }

    /// Realized + unrealized − cost withdrawn is Σ proceeds − fees + Σ value − Σ cost acquired:
    /// nothing in it depends on which lots were taken. (With crypto withdrawals the cost that
    /// left must be subtracted, not added: FIFO withdrawing a cheap lot leaves more unrealized
    /// gain than LIFO withdrawing a dear one.)
    @Test("(c) the four methods agree exactly on realized + unrealized − withdrawn cost", arguments: seeds)
    func methodsAgree(seed: UInt64) throws {
        let ledger = RandomLedger(seed: seed)
        for perAccount in Self.modes {
            let totals = BookingMethod.allCases.map { method in
                (
                    method,
                    Self.replay(ledger, method, perAccount: perAccount).methodIndependentTotal(prices: ledger.prices)
                )
            }
            let first = try #require(totals.first)
            for (method, total) in totals.dropFirst() {
                #expect(
                    total == first.1,
                    "seed \(seed) perAccount \(perAccount): \(method) \(total) vs \(first.0) \(first.1)")
            }
        }
        // Pooling lots or not does not change the total either.
        let pooled = Self.replay(ledger, .fifo, perAccount: false).methodIndependentTotal(prices: ledger.prices)
        let separate = Self.replay(ledger, .fifo, perAccount: true).methodIndependentTotal(prices: ledger.prices)
        #expect(pooled == separate, "seed \(seed)")
    }

    @Test("(c′) the methods differ in which lots they take but realize the same proceeds", arguments: seeds)
    func methodsShareProceeds(seed: UInt64) {
        let ledger = RandomLedger(seed: seed)
        let proceeds = BookingMethod.allCases.map {
            Self.replay(ledger, $0, perAccount: false).disposals.map(\.proceeds).sum()
        }
        #expect(Set(proceeds).count == 1, "seed \(seed): \(proceeds)")
    }

    @Test(
        "(e) with USD only: value + unpriced cost − net fiat paid in == realized + unrealized + income",
        arguments: seeds)
    func paidInIdentity(seed: UInt64) {
        var options = RandomLedger.Options()
        options.cryptoInOut = false
        let ledger = RandomLedger(seed: seed, options: options)
        for method in BookingMethod.allCases {
            for perAccount in Self.modes {
                let state = Self.replay(ledger, method, perAccount: perAccount)
                let totals = HoldingsReport(state: state, prices: ledger.prices).totals
                let left = totals.value + totals.unpricedCost - totals.netFiatPaidIn
                let right = totals.realizedPnL + totals.unrealizedPnL + totals.income
                #expect(left == right, "seed \(seed) \(method) perAccount \(perAccount): \(left) vs \(right)")
            }
        }
    }

    @Test(
        "(e′) the identity holds when one account's events are imported (cash as the rows say, below zero included)",
        arguments: seeds)
    func paidInIdentityWithImportedCash(seed: UInt64) {
        var options = RandomLedger.Options()
        options.cryptoInOut = false
        let ledger = RandomLedger(seed: seed, options: options)
        let events = ledger.events.map { event in
            var event = event
            if event.account == "exchange" {
                event.provenance = .imported(batch: "B", fingerprint: "f\(event.sequence)")
            }
            return event
        }
        for method in BookingMethod.allCases {
            for perAccount in Self.modes {
                let state = PortfolioFold.replay(
                    events, options: ledger.valuation(method, perAccount: perAccount), prices: ledger.prices)
                let totals = HoldingsReport(state: state, prices: ledger.prices).totals
                let left = totals.value + totals.unpricedCost - totals.netFiatPaidIn
                let right = totals.realizedPnL + totals.unrealizedPnL + totals.income
                #expect(left == right, "seed \(seed) \(method) perAccount \(perAccount): \(left) vs \(right)")
            }
        }
    }

    @Test("replay order is occurred-at then sequence, whatever order the events come in", arguments: seeds.prefix(3))
    func orderOfInputIrrelevant(seed: UInt64) {
        let ledger = RandomLedger(seed: seed)
        var rng = SplitMix64(seed: seed)
        let shuffled = ledger.events.shuffled(using: &rng)
        let options = ledger.valuation(.hifo, perAccount: true)
        let inOrder = PortfolioFold.replay(ledger.events, options: options, prices: ledger.prices).snapshot
        let mixed = PortfolioFold.replay(shuffled, options: options, prices: ledger.prices).snapshot
        #expect(inOrder == mixed, "seed \(seed): \(inOrder.firstDifference(from: mixed) ?? "")")
    }

    @Test(
        "(f) a fold that keeps no disposal pieces realizes the same gain, to the unit, priced or not",
        arguments: seeds)
    func totalsWithoutPieces(seed: UInt64) {
        let ledger = RandomLedger(seed: seed)
        for method in BookingMethod.allCases {
            for perAccount in Self.modes {
                // Without prices every crypto sale's proceeds and fee are unknown, so the
                // incomplete marks are compared too.
                for prices in [ledger.prices, PriceTable()] {
                    let options = ledger.valuation(method, perAccount: perAccount)
                    var pieces = PortfolioFold(options: options, prices: prices)
                    var totals = PortfolioFold(options: options, prices: prices, recordingDisposals: false)
                    for event in EventReplay.effective(ledger.events) {
                        pieces.apply(event)
                        totals.apply(event)
                    }
                    let (kept, summed) = (pieces.state, totals.state)
                    let label = "seed \(seed) \(method) perAccount \(perAccount) priced \(prices.isEmpty == false)"
                    #expect(kept.disposals.count > 10 && summed.disposals.isEmpty, "\(label)")
                    #expect(kept.realizedGain == summed.realizedGain, "\(label)")
                    #expect(kept.disposals.map { $0.proceeds - $0.cost }.sum() == summed.realizedGain, "\(label)")
                    #expect(kept.incompleteTotals == summed.incompleteTotals, "\(label)")
                    #expect(kept.withdrawnCost == summed.withdrawnCost, "\(label)")
                    #expect(kept.diagnostics == summed.diagnostics, "\(label)")
                }
            }
        }
    }

    @Test("the same seed gives the same ledger; another seed another", arguments: seeds.prefix(2))
    func deterministic(seed: UInt64) {
        #expect(RandomLedger(seed: seed).events == RandomLedger(seed: seed).events)
        #expect(RandomLedger(seed: seed).events != RandomLedger(seed: seed + 100).events)
    }
}
