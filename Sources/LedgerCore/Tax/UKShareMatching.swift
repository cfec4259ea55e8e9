/// HMRC share identification for one asset: same day, then the following 30 days, then the
/// section 104 pool (TCGA 1992 ss. 105, 106A, 104; CG51560; CRYPTO22200; docs/TAX.md).
struct UKShareMatching {
    /// One day's acquisitions, treated as one acquisition (s. 105(1)).
    struct Acquired {
        let time: Timestamp
        let event: EventID
        var total = CostedQuantity()
        var left = CostedQuantity()
    }

    /// One day's disposals, treated as one disposal.
    struct Disposed {
        let date: LocalDate
        let time: Timestamp
        let event: EventID
        let asset: AssetSymbol
        let assetClass: AssetClass
        var account: String
        var quantity = ExactDecimal.zero
        var proceeds = ExactDecimal.zero
        var fees = ExactDecimal.zero
        var proceedsKnown = true
        var costKnown = true
        var left = ExactDecimal.zero
        var matches: [TaxMatch] = []
    }

    private var acquired: [Int: Acquired] = [:]
    private var disposed: [Disposed] = []
    /// Splits and removals, in replay order.
    private var others: [TaxTransaction] = []
    private(set) var pool = CostedQuantity()

    /// Matches every disposal of `transactions` (one asset, replay order).
    static func run(_ transactions: [TaxTransaction]) -> (disposals: [TaxDisposal], pool: CostedQuantity) {
        var matching = UKShareMatching()
        for transaction in transactions { matching.collect(transaction) }
        matching.matchSameDay()
        matching.matchFollowingThirtyDays()
        matching.walkPool()
        return (matching.disposed.map(\.disposal), matching.pool)
    }

    private mutating func collect(_ transaction: TaxTransaction) {
        switch transaction.kind {
        case .acquisition:
            var day =
                acquired[transaction.date.daysSinceEpoch] ?? Acquired(time: transaction.time, event: transaction.event)
            day.total.add(quantity: transaction.quantity, cost: transaction.amount, complete: transaction.complete)
            day.left.add(quantity: transaction.quantity, cost: transaction.amount, complete: transaction.complete)
            acquired[transaction.date.daysSinceEpoch] = day
        case .disposal(let fee):
            if disposed.last?.date != transaction.date {
                disposed.append(
                    Disposed(
                        date: transaction.date, time: transaction.time, event: transaction.event,
                        asset: transaction.asset, assetClass: transaction.assetClass, account: transaction.account))
            }
            disposed[disposed.count - 1].add(transaction, fee: fee)
        case .removal, .split, .transfer:
            others.append(transaction)
        }
    }

    /// Disposals and acquisitions of the same day first (s. 105).
    private mutating func matchSameDay() {
        for index in disposed.indices {
            let day = disposed[index].date.daysSinceEpoch
            if acquired[day] != nil { match(index, day: day, rule: .sameDay) }
        }
    }

    /// Then acquisitions in the 30 days after the disposal, earliest first (s. 106A(5)); an
    /// acquisition's own same-day disposal was matched before.
    private mutating func matchFollowingThirtyDays() {
        for index in disposed.indices {
            let day = disposed[index].date.daysSinceEpoch
            for later in (day + 1)...(day + 30) where disposed[index].left.isPositive {
                if acquired[later] != nil { match(index, day: later, rule: .bedAndBreakfast) }
            }
        }
    }

    private mutating func match(_ index: Int, day: Int, rule: TaxMatch.Rule) {
        let quantity = min(disposed[index].left, acquired[day]!.left.quantity)
        guard quantity.isPositive else { return }
        let known = acquired[day]!.left.complete
        let cost = acquired[day]!.left.take(quantity)
        let source = acquired[day]!
        disposed[index].left -= quantity
        disposed[index].costKnown = disposed[index].costKnown && known
        var matched = TaxMatch(rule: rule, quantity: quantity, cost: cost, acquired: source.time, event: source.event)
        matched.outOf = source.total
        matched.costKnown = known
        disposed[index].matches.append(matched)
    }

    /// Last, in date order: what each day's acquisitions left joins the pool, splits scale it,
    /// removals leave it, and what each disposal has left comes out of it at average cost.
    private mutating func walkPool() {
        var days = Set(acquired.keys).union(disposed.map(\.date.daysSinceEpoch))
        days.formUnion(others.map(\.date.daysSinceEpoch))
        var disposalIndex = 0
        var otherIndex = 0
        for day in days.sorted() {
            while otherIndex < others.count, others[otherIndex].date.daysSinceEpoch == day {
                apply(others[otherIndex])
                otherIndex += 1
            }
            if let left = acquired[day]?.left, left.quantity.isPositive {
                pool.add(quantity: left.quantity, cost: left.cost, complete: left.complete)
            }
            if disposalIndex < disposed.count, disposed[disposalIndex].date.daysSinceEpoch == day {
                takeFromPool(disposalIndex)
                disposalIndex += 1
            }
        }
    }

    private mutating func apply(_ other: TaxTransaction) {
        switch other.kind {
        case .split(let numerator, let denominator): pool.scale(numerator: numerator, denominator: denominator)
        case .removal: _ = pool.take(min(other.quantity, pool.quantity))
        case .acquisition, .disposal, .transfer: break
        }
    }

    private mutating func takeFromPool(_ index: Int) {
        let wanted = disposed[index].left
        guard wanted.isPositive else { return }
        let fromPool = min(wanted, pool.quantity)
        if fromPool.isPositive {
            disposed[index].costKnown = disposed[index].costKnown && pool.complete
            let before = pool
            var matched = TaxMatch(
                rule: .section104, quantity: fromPool, cost: pool.take(fromPool), acquired: nil, event: nil)
            matched.outOf = before
            matched.costKnown = before.complete
            disposed[index].matches.append(matched)
        }
        if wanted > fromPool {
            disposed[index].matches.append(
                TaxMatch(rule: .notHeld, quantity: wanted - fromPool, cost: .zero, acquired: nil, event: nil))
        }
        disposed[index].left = .zero
    }
}

extension UKShareMatching.Disposed {
    mutating func add(_ transaction: TaxTransaction, fee: ExactDecimal) {
        quantity += transaction.quantity
        left += transaction.quantity
        proceeds += transaction.amount + fee
        fees += fee
        proceedsKnown = proceedsKnown && transaction.complete
        if account != transaction.account { account = ValuationOptions.pooledAccount }
    }

    /// The day's disposal as reported: gross proceeds, the day's fees as disposal costs.
    var disposal: TaxDisposal {
        let dates = Set(matches.map(\.acquired))
        var result = TaxDisposal(
            event: event, asset: asset, assetClass: assetClass, account: account, quantity: quantity,
            acquired: dates.count == 1 ? dates.first! : nil, disposed: time, proceeds: proceeds,
            costBasis: matches.reduce(.zero) { $0 + $1.cost }, matches: [], complete: true)
        // The costs and matches in one piece (each set on its own made its own extras).
        result.extras = .make(disposalCosts: fees, adjustment: .zero, adjustmentCode: nil, matches: matches)
        (result.proceedsKnown, result.costKnown) = (proceedsKnown, costKnown)
        return result
    }
}
