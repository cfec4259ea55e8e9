/// The matching stage of ``TaxStream``, in two sides: the assets are shared out between the
/// second thread ("there", most of them) and the calling thread ("here", about
/// ``TaxStream/Sides/hereShare`` of the transactions), which also keeps and totals every
/// disposal, so that neither thread waits for the other (docs/PERFORMANCE.md, "`ledger tax`").
/// An asset's lots are matched on one side only: its transactions in order, as on one thread.
extension TaxStream {
    /// One sale: its transaction's position, its tax year and where its disposals end in
    /// ``Sales/disposals`` (a sale that gave none, or one after the year asked for, has none,
    /// but its year still has a sale: ``TaxReport/yearsWithDisposals``).
    struct Sale {
        let position: Int
        let year: Int
        let end: Int
    }

    /// One side's sales of some transactions, in order: what the second thread hands on at a
    /// time, or what the calling thread matched of its own assets meanwhile.
    struct Sales {
        var disposals: [TaxDisposal] = []
        var ends: [Sale] = []
        /// Every transaction before this position was looked at.
        var through = 0

        /// Sales handed on at a time (one hand-over a batch; the arrays made at their size).
        static let perBatch = 256
        /// Transactions looked at most before a batch is handed on (the calling thread matches
        /// its own assets up to there when it takes the batch).
        static let scannedPerBatch = 4096

        init() {
            disposals.reserveCapacity(Self.perBatch * 2)
            ends.reserveCapacity(Self.perBatch)
        }

        /// Empty again, its arrays kept (the calling thread's, used batch after batch).
        mutating func clear() {
            disposals.removeAll(keepingCapacity: true)
            ends.removeAll(keepingCapacity: true)
        }
    }

    /// The two sides' matchings and every asset's number.
    struct Sides {
        /// The part of the transactions whose assets the calling thread matches: besides
        /// keeping, ordering and totalling every disposal, it waited for the second thread ~40 %
        /// of the stage at 1M (round 24's per-thread profile); a fifth balances the two.
        static let hereShare = (numerator: 1, denominator: 5)

        var here: Matching
        var there: Matching
        /// Each asset by its number.
        let assets: [AssetSymbol]

        init(_ transactions: [TaxTransaction], rules: TaxRules, options: TaxOptions, wanted: Int?) {
            var census = AssetCensus(transactions, rules: rules, options: options)
            let quota = transactions.count * Self.hereShare.numerator / Self.hereShare.denominator
            var mine: [Bool] = []
            var taken = 0
            for count in census.transactions {
                mine.append(taken + count <= quota)
                if taken + count <= quota { taken += count }
            }
            assets = census.symbols
            let numbers = census.numbers
            here = Matching(census.matchers(where: mine, rules, options), numbers, rules: rules, wanted: wanted)
            there = Matching(
                census.matchers(where: mine.map { !$0 }, rules, options), numbers, rules: rules, wanted: wanted)
        }

        /// Every asset's lots still held, assets in name order, after the last transaction.
        mutating func holdings() -> [TaxHolding] {
            here.matchers.finish()
            there.matchers.finish()
            // Made at its size and appended to in place: `+=` of each asset's array grew it by
            // doubling and copied each holding into it (2% of `tax -O json` at 1M).
            var holdings: [TaxHolding] = []
            holdings.reserveCapacity(here.matchers.lotCount + there.matchers.lotCount)
            for number in assets.indices.sorted(by: { assets[$0] < assets[$1] }) {
                if !here.matchers.appendHoldings(of: number, assets[number], to: &holdings) {
                    _ = there.matchers.appendHoldings(of: number, assets[number], to: &holdings)
                }
            }
            return holdings
        }
    }

    /// One side's matching: its assets' transactions in order through their lots.
    struct Matching {
        var matchers: Matchers
        /// The asset number of each transaction (-1: fiat, not matched), shared by both sides.
        let numbers: [Int32]
        let wanted: Int?
        var years: YearOfDay
        /// The next transaction to look at.
        var next = 0

        init(_ matchers: Matchers, _ numbers: [Int32], rules: TaxRules, wanted: Int?) {
            self.matchers = matchers
            self.numbers = numbers
            self.wanted = wanted
            years = YearOfDay(rules: rules)
        }

        /// Looks at the transactions up to `end` (or until `sales` holds `most` sales): each of
        /// this side's stepped through its asset's lots, each sale's disposals and end added.
        mutating func scan(
            _ transactions: UnsafeBufferPointer<TaxTransaction>, to end: Int, most: Int = .max, into sales: inout Sales
        ) {
            while next < end, sales.ends.count < most {
                let position = next
                next += 1
                let number = Int(numbers[position])
                guard number >= 0, matchers.local[number] >= 0 else { continue }
                let index = Int(matchers.local[number])
                // Straight into the batch: a sale's disposals are not copied through an array of
                // their own. Read through the buffer: an array's element was copied for the
                // step and destroyed after it (77 samples of the matching thread at 1M).
                let start = sales.disposals.endIndex
                matchers.all[index].step(transactions[position], into: &sales.disposals)
                // A sale of nothing gives no disposal (and must not open a year).
                guard transactions[position].isDisposal, transactions[position].quantity.isPositive else {
                    if sales.disposals.endIndex > start { sales.disposals.removeSubrange(start...) }
                    continue
                }
                // A sale's disposals all have its time: its year is the year of each.
                let year = years.year(of: transactions[position].time)
                if year > wanted ?? year, sales.disposals.endIndex > start { sales.disposals.removeSubrange(start...) }
                sales.ends.append(Sale(position: position, year: year, end: sales.disposals.endIndex))
            }
            sales.through = next
        }

        /// The second thread's part: every transaction looked at, batch by batch, each handed
        /// to `hand`.
        mutating func run(_ transactions: UnsafeBufferPointer<TaxTransaction>, to hand: (Sales) -> Void) {
            while next < transactions.count {
                var sales = Sales()
                scan(
                    transactions, to: min(next + Sales.scannedPerBatch, transactions.count), most: Sales.perBatch,
                    into: &sales)
                hand(sales)
            }
        }
    }
}

/// The tax year of an instant, worked out once a day (sales come many a day, in time order).
struct YearOfDay {
    let rules: TaxRules
    var day = Int64.min
    var year = 0

    init(rules: TaxRules) { self.rules = rules }

    mutating func year(of time: Timestamp) -> Int {
        if time.daysSinceEpoch != day {
            day = time.daysSinceEpoch
            year = TaxCalendar.year(of: time.date, rules: rules)
        }
        return year
    }
}

/// One side's lot matchings, one per asset of its own.
struct Matchers {
    var all: [TaxLotMatching] = []
    /// The index in ``all`` of each asset's matching, by the asset's number (-1: the other
    /// side's asset).
    var local: [Int32] = []

    /// The lots held in all.
    var lotCount: Int { all.reduce(0) { $0 + $1.lots.count } }

    /// After the last transaction (``TaxLotMatching/finish()``).
    mutating func finish() {
        for index in all.indices { all[index].finish() }
    }

    /// The holdings of asset `number` appended, when it is this side's.
    func appendHoldings(of number: Int, _ asset: AssetSymbol, to holdings: inout [TaxHolding]) -> Bool {
        let index = local[number]
        guard index >= 0 else { return false }
        all[Int(index)].appendHoldings(of: asset, to: &holdings)
        return true
    }
}

/// Every asset of the transactions, numbered in the order of their first transactions, with
/// what its matching needs: one dictionary lookup a transaction (the matching loop looked each
/// transaction's asset up twice more).
private struct AssetCensus {
    var symbols: [AssetSymbol] = []
    /// Each transaction's asset number (-1: fiat, not matched).
    var numbers: [Int32] = []
    /// By the asset's first transaction's class.
    var washSales: [Bool] = []
    /// Where the wash-sale rule applies, the asset's acquisitions.
    var purchases: [[TaxLotMatching.Purchase]] = []
    var acquisitions: [Int] = []
    /// The asset's transactions: the work of matching it.
    var transactions: [Int] = []

    init(_ all: [TaxTransaction], rules: TaxRules, options: TaxOptions) {
        var positions: [AssetSymbol: Int32] = [:]
        numbers.reserveCapacity(all.count)
        for index in all.indices {
            guard all[index].assetClass != .fiat else {
                numbers.append(-1)
                continue
            }
            let asset = all[index].asset
            let number: Int32
            if let known = positions[asset] {
                number = known
            } else {
                number = Int32(symbols.count)
                positions[asset] = number
                symbols.append(asset)
                washSales.append(TaxEngine.washSales(all[index].assetClass, rules, options))
                purchases.append([])
                acquisitions.append(0)
                transactions.append(0)
            }
            numbers.append(number)
            transactions[Int(number)] += 1
            guard all[index].isAcquisition else { continue }
            acquisitions[Int(number)] += 1
            if washSales[Int(number)] { purchases[Int(number)].append(TaxLotMatching.Purchase(all[index])) }
        }
    }

    /// The matchings of the assets `mine` marks (their purchases moved out of the census).
    mutating func matchers(where mine: [Bool], _ rules: TaxRules, _ options: TaxOptions) -> Matchers {
        var side = Matchers()
        for number in symbols.indices {
            side.local.append(mine[number] ? Int32(side.all.count) : -1)
            guard mine[number] else { continue }
            var own: [TaxLotMatching.Purchase] = []
            swap(&own, &purchases[number])
            side.all.append(
                TaxLotMatching(
                    method: TaxEngine.method(rules, options), washSales: washSales[number],
                    perWalletFrom: TaxEngine.perWalletFrom(rules, options), purchases: own,
                    acquisitions: acquisitions[number]))
        }
        return side
    }
}
