/// Every asset of the tax transactions, numbered in the order of their first transactions,
/// with each transaction's asset number and each asset's count of transactions and
/// acquisitions: what ``TaxStream`` shares the assets out by, whatever the rules. The replay
/// takes it as it writes each transaction down (``PortfolioState/taxCensus``), where the
/// transaction is in cache and the folding thread waits for the reader anyway; taken after
/// the replay, it was a pass over 128 MB on the calling thread alone while the matching's
/// second thread waited for it (~25 samples of `tax` at 1M; docs/PERFORMANCE.md, "`ledger tax`").
public struct TaxCensus: Sendable {
    /// Each asset by its number.
    private(set) var symbols: [AssetSymbol] = []
    /// Each asset's class at its first transaction.
    private(set) var classes: [AssetClass] = []
    /// Each transaction's asset number (-1: fiat, not matched).
    private(set) var numbers: [Int32] = []
    /// Each asset's transactions: the work of matching it.
    private(set) var transactions: [Int] = []
    /// Each asset's acquisitions.
    private(set) var acquisitions: [Int] = []
    /// Whether each transaction is a sale whose event sells in another transaction too (a
    /// trade and its fee paid in a second asset): its gain is netted with theirs by the calling
    /// thread (``TaxFigures/Tally``); every other sale's is summed where it is matched
    /// (``TaxYearSums``). True is always safe.
    private(set) var shared: [Bool] = []
    /// Whether each transaction's time is at or after the one before (the stream matches them
    /// in one pass only then).
    private(set) var inTimeOrder = true
    private var last = Timestamp(secondsSinceEpoch: .min)
    /// The event counted last and the position of its first sale (-1: none yet).
    private var event: EventID?
    private var eventSale = -1
    /// Each asset's number by its symbol, for a symbol without a tag (or one not met yet).
    private var positions: [AssetSymbol: Int32] = [:]
    /// Each tagged symbol's number + 1 by its tag (0: not met yet): most transactions' asset is
    /// found by one load, not a dictionary probe.
    private var byTag: [Int32] = []

    public init() {}

    /// The census of `all`. Its shared sales are found by event wherever they are in `all` (the
    /// replay's census finds them next to each other, as it writes an event's transactions
    /// down one after the other).
    init(_ all: [TaxTransaction]) {
        reserveCapacity(all.count)
        var sales: [EventID: Int] = [:]
        for index in all.indices {
            let transaction = all[index]
            count(
                transaction.asset, transaction.assetClass, acquisition: transaction.isAcquisition,
                sale: transaction.isDisposal, event: transaction.event, at: transaction.time)
            if transaction.isDisposal, transaction.assetClass != .fiat { sales[transaction.event, default: 0] += 1 }
        }
        for index in all.indices where all[index].isDisposal && all[index].assetClass != .fiat {
            shared[index] = sales[all[index].event, default: 0] > 1
        }
    }

    /// Room for `count` transactions.
    mutating func reserveCapacity(_ count: Int) {
        numbers.reserveCapacity(count)
        shared.reserveCapacity(count)
    }

    /// How many transactions were counted.
    var count: Int { numbers.count }

    /// The next transaction, of `asset` (of class `assetClass`) at `time` in `event`: an
    /// acquisition, a sale or neither.
    mutating func count(
        _ asset: AssetSymbol, _ assetClass: AssetClass, acquisition: Bool, sale: Bool, event: EventID,
        at time: Timestamp
    ) {
        if time < last { inTimeOrder = false }
        last = time
        note(sale && assetClass != .fiat, of: event)
        guard assetClass != .fiat else { return numbers.append(-1) }
        let tag = Int(asset.tag)
        let tagged = tag > 0 && tag < byTag.count ? byTag[tag] : 0
        let number = tagged > 0 ? tagged - 1 : self.number(of: asset, assetClass, tag: tag)
        numbers.append(number)
        transactions[Int(number)] += 1
        if acquisition { acquisitions[Int(number)] += 1 }
    }

    /// The next transaction's place in `event`: a second sale of the event (right after the
    /// first's transactions) makes both shared.
    private mutating func note(_ sale: Bool, of event: EventID) {
        if event != self.event { (self.event, eventSale) = (event, -1) }
        shared.append(false)
        guard sale else { return }
        guard eventSale >= 0 else {
            eventSale = shared.count - 1
            return
        }
        shared[eventSale] = true
        shared[shared.count - 1] = true
    }

    /// The number of `asset` by its symbol (a new one when first met), kept by its tag too
    /// (tags are the process's symbols counted: a few hundred at most).
    private mutating func number(of asset: AssetSymbol, _ assetClass: AssetClass, tag: Int) -> Int32 {
        let number: Int32
        if let known = positions[asset] {
            number = known
        } else {
            number = Int32(symbols.count)
            positions[asset] = number
            symbols.append(asset)
            classes.append(assetClass)
            acquisitions.append(0)
            transactions.append(0)
        }
        guard tag > 0, tag < 1 << 16 else { return number }
        if tag >= byTag.count { byTag += [Int32](repeating: 0, count: tag + 1 - byTag.count) }
        byTag[tag] = number + 1
        return number
    }
}

/// The census with what the rules add: whether the wash-sale rule applies to each asset and,
/// where it does, the asset's acquisitions.
struct AssetCensus {
    let counted: TaxCensus
    /// By the asset's first transaction's class.
    let washSales: [Bool]
    /// Where the wash-sale rule applies, the asset's acquisitions.
    var purchases: [[TaxLotMatching.Purchase]]

    var symbols: [AssetSymbol] { counted.symbols }
    var numbers: [Int32] { counted.numbers }
    var shared: [Bool] { counted.shared }
    var transactions: [Int] { counted.transactions }
    var inTimeOrder: Bool { counted.inTimeOrder }

    /// `counted` when it counted all of `all` (the replay's), else a census taken now.
    init(_ all: [TaxTransaction], counted: TaxCensus?, rules: TaxRules, options: TaxOptions) {
        self.counted = counted.flatMap { $0.count == all.count ? $0 : nil } ?? TaxCensus(all)
        washSales = self.counted.classes.map { TaxEngine.washSales($0, rules, options) }
        purchases = Array(repeating: [], count: washSales.count)
        // A pass for the acquisitions only when some asset has wash sales (none for crypto).
        guard washSales.contains(true) else { return }
        let numbers = self.counted.numbers
        for index in all.indices where numbers[index] >= 0 && washSales[Int(numbers[index])] {
            if all[index].isAcquisition { purchases[Int(numbers[index])].append(TaxLotMatching.Purchase(all[index])) }
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
                    acquisitions: counted.acquisitions[number]))
        }
        return side
    }
}
