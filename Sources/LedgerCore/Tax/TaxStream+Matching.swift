import Synchronization

/// The matching stage of ``TaxStream``, in two sides: the assets are shared out between the
/// second thread ("there", most of them) and the calling thread ("here", about
/// ``TaxStream/Sides/hereShare`` of the transactions), which also keeps every
/// disposal, so that neither thread waits for the other (docs/PERFORMANCE.md, "`ledger tax`").
/// An asset's lots are matched on one side only: its transactions in order, as on one thread.
/// Each side puts its own sales at one instant in the report's order (``Sale/precedes(_:)``),
/// so that keeping merges the two.
extension TaxStream {
    /// One sale: its transaction's position, its tax year, where its disposals start and end in
    /// ``Sales/disposals`` (a sale that gave none, or one after the year asked for, has none,
    /// but its year still has a sale: ``TaxReport/yearsWithDisposals``), and what puts it in
    /// the report's order.
    struct Sale {
        let position: Int
        let year: Int
        let start: Int
        let end: Int
        let time: Timestamp
        /// The asset's place among all the assets by name.
        let rank: Int32
        let event: EventID
        /// Whether its event sells in another transaction too (``TaxCensus/shared``): its
        /// disposals are then tallied by the calling thread, not summed on its side.
        let shared: Bool

        /// The report's order (``TaxEngine/inOrder(_:)``'s): by time, then asset, then event;
        /// sales of one asset and event by position. A sale's disposals share its time, asset
        /// and event, and stay in the order they were matched.
        func precedes(_ other: Sale) -> Bool {
            if time != other.time { return time < other.time }
            if rank != other.rank { return rank < other.rank }
            if event != other.event { return event < other.event }
            return position < other.position
        }
    }

    /// One side's sales of some transactions, in order: what the second thread hands on at a
    /// time, or what the calling thread matched of its own assets meanwhile.
    struct Sales {
        var disposals: [TaxDisposal] = []
        var ends: [Sale] = []
        /// Every transaction before this position was looked at.
        var through = 0
        /// What the sales not shared add to their years' figures, year by year.
        var sums: [TaxYearSums] = []

        /// Sales handed on at a time (one hand-over a batch; the arrays made at their size).
        /// Round 31: 256 → 1,024, and 4,096 → 16,384 transactions looked at (``scannedPer``):
        /// with ~3,000 hand-overs at 1M each thread of the matching waited ~a fifth of the
        /// stage for the other (`perf`: 14–16 of 20 samples a 20 ms slice busy; 18–19 after).
        static let perBatch = 1024
        /// Transactions looked at most, a sale handed on: a batch of `perBatch` sales is handed
        /// on after `scannedPer × perBatch` transactions at most (the calling thread matches
        /// its own assets up to there when it takes the batch); a batch goes on to the end of
        /// the instant it is at.
        static let scannedPer = 16

        init(room: Int = Self.perBatch) {
            disposals.reserveCapacity(room * 2)
            ends.reserveCapacity(room)
        }

        /// Empty again, its arrays kept (the calling thread's, used batch after batch).
        mutating func clear() {
            disposals.removeAll(keepingCapacity: true)
            ends.removeAll(keepingCapacity: true)
            sums.removeAll(keepingCapacity: true)
        }

        /// The sale whose disposals are `range` (of `year`) summed (``TaxYearSums``).
        mutating func sum(_ range: Range<Int>, year: Int, rules: TaxRules) {
            if sums.last?.year != year { sums.append(TaxYearSums(year: year)) }
            disposals.withUnsafeBufferPointer { all in
                sums[sums.count - 1].add(sale: UnsafeBufferPointer(rebasing: all[range]), rules: rules)
            }
        }
    }

    /// The two sides' matchings and every asset's number.
    struct Sides {
        /// The part of the transactions whose assets the calling thread matches, besides
        /// keeping and totalling every disposal: round 25's per-thread profiles of `tax -O json`
        /// at 1M (each side's instants ordered on its own thread, the holdings made on both)
        /// with a fifth gave this thread 847 samples of the stage and the second 797, with
        /// 12 % 717 and 891, so a sixth; round 26's years' totals in order took ~70 samples off
        /// this thread (a sixth: 546 here, 629 there, load 1), so a fifth again. Round 29's
        /// smaller disposals took this thread's page faults of keeping them down (a fifth:
        /// 538–561 here, 617–652 there in three profiles; 691 and 628 before), so a quarter.
        /// Round 31's sides sum their own sales' figures (``TaxYearSums``), so this one no longer
        /// totals every disposal (a quarter: 189 samples here, 320 there), so two fifths.
        /// Round 33: with `--year` this thread keeps one year's disposals only (two fifths: 112–134
        /// samples here, 187–200 there), so a half.
        static let hereShare = (numerator: 2, denominator: 5)
        /// ``hereShare`` when one year's disposals are kept.
        static let hereShareOfOneYear = (numerator: 1, denominator: 2)

        var here: Matching
        var there: Matching
        /// Each asset by its number.
        let assets: [AssetSymbol]
        /// The assets' numbers in name order.
        let byName: [Int]

        /// Nil when the transactions are not in time order (the census's pass checks it).
        /// `counted`: the census the replay took as it wrote the transactions down
        /// (``PortfolioState/taxCensus``), used when it counted all of these.
        init?(
            _ transactions: [TaxTransaction], rules: TaxRules, options: TaxOptions, wanted: Int?,
            counted: TaxCensus? = nil
        ) {
            var census = AssetCensus(transactions, counted: counted, rules: rules, options: options)
            guard census.inTimeOrder else { return nil }
            let share = wanted == nil ? Self.hereShare : Self.hereShareOfOneYear
            let quota = transactions.count * share.numerator / share.denominator
            var mine: [Bool] = []
            var taken = 0
            for count in census.transactions {
                mine.append(taken + count <= quota)
                if taken + count <= quota { taken += count }
            }
            assets = census.symbols
            let symbols = census.symbols
            byName = symbols.indices.sorted { symbols[$0] < symbols[$1] }
            var ranks = [Int32](repeating: 0, count: symbols.count)
            for (rank, number) in byName.enumerated() { ranks[number] = Int32(rank) }
            let order = Matching.Order(numbers: census.numbers, ranks: ranks, shared: census.shared)
            here = Matching(census.matchers(where: mine, rules, options), order, rules: rules, wanted: wanted)
            there = Matching(
                census.matchers(where: mine.map { !$0 }, rules, options), order, rules: rules, wanted: wanted)
        }

        /// Every asset's lots still held, assets in name order, after the last transaction
        /// (each side's ``Matchers/finish()`` done, the second thread's on that thread).
        func holdings() -> [TaxHolding] {
            // Made at its size and appended to in place: `+=` of each asset's array grew it by
            // doubling and copied each holding into it (2% of `tax -O json` at 1M).
            var holdings: [TaxHolding] = []
            holdings.reserveCapacity(here.matchers.lotCount + there.matchers.lotCount)
            for number in byName {
                if !here.matchers.appendHoldings(of: number, assets[number], to: &holdings) {
                    _ = there.matchers.appendHoldings(of: number, assets[number], to: &holdings)
                }
            }
            return holdings
        }
    }

    /// One side's matching: its assets' transactions in order through their lots.
    struct Matching {
        /// What both sides share: the asset number of each transaction (-1: fiat, not
        /// matched) and each asset's rank by name.
        struct Order {
            var numbers: [Int32] = []
            var ranks: [Int32] = []
            /// Each transaction's ``TaxCensus/shared``.
            var shared: [Bool] = []
        }

        var matchers: Matchers
        let order: Order
        let rules: TaxRules
        let wanted: Int?
        var years: YearOfDay
        /// The next transaction to look at.
        var next = 0

        init(_ matchers: Matchers, _ order: Order = Order(), rules: TaxRules, wanted: Int?) {
            self.matchers = matchers
            self.order = order
            self.rules = rules
            self.wanted = wanted
            years = YearOfDay(rules: rules)
        }

        /// Looks at the transactions up to `end` (or until `sales` holds `most` sales), and on
        /// to the end of the instant it is at: each of this side's stepped through its asset's
        /// lots, each sale's disposals and ``Sale`` added, the sales of each instant then put in
        /// the report's order. A scan thus ends between two instants (the second thread's
        /// batches, so also the calling thread's scans, which end where a batch ends).
        mutating func scan(
            _ transactions: UnsafeBufferPointer<TaxTransaction>, to end: Int, most: Int = .max, into sales: inout Sales
        ) {
            let first = sales.ends.endIndex
            guard let base = transactions.baseAddress else { return }
            while next < transactions.count {
                if next >= end || sales.ends.count >= most,
                    next == 0 || transactions[next].time != transactions[next - 1].time
                {
                    break
                }
                let position = next
                next += 1
                let number = Int(order.numbers[position])
                guard number >= 0, matchers.local[number] >= 0 else { continue }
                let index = Int(matchers.local[number])
                // Straight into the batch: a sale's disposals are not copied through an array of
                // their own. Read where it is (``TaxLotMatching/step(at:into:)``).
                let start = sales.disposals.endIndex
                let transaction = base + position
                matchers.all[index].step(at: transaction, into: &sales.disposals)
                // A sale of nothing gives no disposal (and must not open a year).
                guard transaction.pointee.isDisposal, transaction.pointee.quantity.isPositive else {
                    if sales.disposals.endIndex > start { sales.disposals.removeSubrange(start...) }
                    continue
                }
                sold(transaction, at: position, of: number, from: start, into: &sales)
            }
            sales.through = next
            Self.orderInstants(&sales.ends, from: first)
        }

        /// The sale at `position` (of asset `number`) matched, its disposals from `start` on:
        /// cut when its year comes after the one asked for, given the German treatment, summed
        /// when its event sells nowhere else, and its ``Sale`` added.
        private mutating func sold(
            _ transaction: UnsafePointer<TaxTransaction>, at position: Int, of number: Int, from start: Int,
            into sales: inout Sales
        ) {
            // A sale's disposals all have its time: its year is the year of each.
            let time = transaction.pointee.time
            let year = years.year(of: time)
            if year > wanted ?? year, sales.disposals.endIndex > start { sales.disposals.removeSubrange(start...) }
            let end = sales.disposals.endIndex
            if rules == .de {
                for index in start..<end { TaxEngine.germanTreatment(of: &sales.disposals[index]) }
            }
            let shared = order.shared[position]
            if !shared, start < end { sales.sum(start..<end, year: year, rules: rules) }
            sales.ends.append(
                Sale(
                    position: position, year: year, start: start, end: end, time: time, rank: order.ranks[number],
                    event: transaction.pointee.event, shared: shared))
        }

        /// Each instant's sales from `first` on in the report's order (most instants' are: one
        /// sale, or sales already in order), by sorting the sales, not their disposals. Round
        /// 24 sorted each year's disposals at one instant on the calling thread (its tenth).
        static func orderInstants(_ sales: inout [Sale], from first: Int) {
            var start = first
            while start < sales.endIndex {
                var end = start + 1
                var sorted = true
                while end < sales.endIndex, sales[end].time == sales[start].time {
                    sorted = sorted && sales[end - 1].precedes(sales[end])
                    end += 1
                }
                if !sorted { order(&sales, start..<end) }
                start = end
            }
        }

        /// `range` of `sales` sorted by ``Sale/precedes(_:)`` (a strict order: no two sales
        /// are equal), by insertion, an instant's being few and nearly in order (the library's
        /// sort, its closure called through its generic code, was ~5 % of the matching's
        /// samples at 1M, round 33). Beyond 32 sales (a day's trades at one time: ~30 a side
        /// at 1M), first by asset alone (``byRank(_:_:)``), so that the insertion finds them
        /// in order or nearly (round 34: the library's sort there was ~5 % of the window).
        static func order(_ sales: inout [Sale], _ range: Range<Int>) {
            sales.withUnsafeMutableBufferPointer { all in
                if range.count > 32 { byRank(all, range) }
                for index in range.dropFirst() {
                    let sale = all[index]
                    var slot = index
                    while slot > range.lowerBound, sale.precedes(all[slot - 1]) {
                        all[slot] = all[slot - 1]
                        slot -= 1
                    }
                    all[slot] = sale
                }
            }
        }

        /// `range` of `all` (one instant's sales, in position order) put in order of the
        /// asset's rank, those of one asset staying in position order: each sale's rank and
        /// place one integer, those integers sorted (no closure), the sales moved once.
        private static func byRank(_ all: UnsafeMutableBufferPointer<Sale>, _ range: Range<Int>) {
            var keys = range.map { UInt64(UInt32(bitPattern: all[$0].rank)) << 32 | UInt64($0 - range.lowerBound) }
            keys.sort()
            let moved = keys.map { all[range.lowerBound + Int($0 & 0xFFFF_FFFF)] }
            for (offset, sale) in moved.enumerated() { all[range.lowerBound + offset] = sale }
        }

        /// The second thread's part: every transaction looked at, batch by batch of up to
        /// `perBatch` sales, each handed to `hand`, each made in a batch the calling thread
        /// handed back to `spares` when there is one.
        mutating func run(
            _ transactions: UnsafeBufferPointer<TaxTransaction>, perBatch: Int, spares: SpareSales = SpareSales(),
            to hand: (Sales) -> Void
        ) {
            while next < transactions.count {
                var sales = spares.take() ?? Sales(room: perBatch)
                let end = min(next + Sales.scannedPer * perBatch, transactions.count)
                scan(transactions, to: end, most: perBatch, into: &sales)
                hand(sales)
            }
        }
    }
}

/// Batches of the second thread's sales the calling thread is done with, handed back to be
/// filled again (``TaxStream/Matching/run(_:perBatch:spares:to:)``): each batch made anew
/// wrote its disposals into fresh pages, ~7k page faults of `tax` at 1M (docs/PERFORMANCE.md,
/// "`ledger tax`", round 33).
final class SpareSales: Sendable {
    private let spares = Mutex<[TaxStream.Sales]>([])

    /// A batch kept, its arrays to be written over.
    func put(_ sales: TaxStream.Sales) { spares.withLock { $0.append(sales) } }

    /// The oldest batch handed back, emptied, once a newer one follows it: the pipe may still
    /// hold the newest a moment (its arrays would then be copied, not written over).
    func take() -> TaxStream.Sales? {
        var sales: TaxStream.Sales? = spares.withLock { $0.count >= 2 ? $0.removeFirst() : nil }
        sales?.clear()
        return sales
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
