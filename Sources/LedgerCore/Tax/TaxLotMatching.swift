/// One open lot under the US or German rules. Plain bytes, 96 in all (128 until round 33, with
/// a 24-byte `LocalDate` and the fields in another order): the lots' arrays were ~11k fresh
/// pages of `tax` at 1M (docs/PERFORMANCE.md, "`ledger tax`", round 33).
struct TaxLot: Hashable, Sendable {
    let event: EventID
    var held: CostedQuantity
    /// True once the lot absorbed a disallowed loss (a replacement share absorbs one only).
    var washAdjusted = false
    /// The account the units are in (where bought, or moved to by a transfer), by its number
    /// in the matching (``AccountQuantities/number(of:)``): no `String`, so a lot is plain
    /// bytes; under the US rules before 2025 a label only, used for the allocation at the switch.
    var account: Int32
    let acquired: Timestamp
    /// HIFO only: cost ÷ quantity, fixed when the lot is opened, adjusted or split (taking part
    /// of a lot takes its proportion of the cost, which leaves it unchanged). Zero for the
    /// other methods, which never compare it: a division per lot opened is not free.
    var unitCost = ExactDecimal.zero
    /// The first day of the holding period, as days since 1970-01-01: the acquisition's date,
    /// moved back by a wash sale's tacked holding period.
    var holdingDay: Int32

    init(event: EventID, acquired: Timestamp, account: Int32, holdingDay: Int32, held: CostedQuantity) {
        self.event = event
        self.acquired = acquired
        self.account = account
        self.holdingDay = holdingDay
        self.held = held
    }

    /// The lot with its unit cost fixed (for HIFO).
    var priced: TaxLot {
        var lot = self
        lot.unitCost = held.quantity.isPositive ? held.cost / held.quantity : .zero
        return lot
    }
}

/// Lot matching for one asset by a booking method (FIFO, LIFO, HIFO), with the US wash-sale
/// rule when asked (docs/TAX.md, "United States"; the German rules use it with FIFO per
/// wallet from the start and no wash sales).
struct TaxLotMatching {
    /// One acquisition, as a possible wash-sale replacement.
    struct Purchase {
        let event: EventID
        let time: Timestamp
        let quantity: ExactDecimal
        /// How many of its units already absorbed a loss.
        var used = ExactDecimal.zero

        init(_ acquisition: TaxTransaction) {
            event = acquisition.event
            time = acquisition.time
            quantity = acquisition.quantity
        }
    }

    /// A disallowed loss waiting for the acquisition it goes to (bought after the loss sale).
    struct PendingAdjustment {
        let quantity: ExactDecimal
        let amount: ExactDecimal
        let tackedDays: Int
    }

    let method: BookingMethod
    let washSales: Bool
    /// The first day of basis per account (US: 2025-01-01; Germany: before any transaction);
    /// nil for one pool throughout.
    let perWalletFrom: LocalDate?
    /// The first instant of ``perWalletFrom`` (a transaction's time is compared, not its date,
    /// which would be worked out for each).
    let perWalletFromTime: Timestamp?
    /// True once basis is per account: every take is from the transaction's account.
    var perWallet = false
    /// What each account holds (lots or not), for the allocation at the switch.
    var heldByAccount = AccountQuantities()
    var lots = TaxLots()
    var purchases: [Purchase] = []
    /// Each purchase's day (days since 1970), for the 61-day window's binary search.
    var purchaseDays: [Int] = []
    var pending: [EventID: [PendingAdjustment]] = [:]
    /// How many of ``purchases`` are open already (they come in the same order).
    var opened = 0
    var disposals: [TaxDisposal] = []
    /// The lot pieces of the sale being matched, kept between sales so that a sale makes no
    /// array of its own.
    private var pieces: [TaxLot] = []
    /// The day of the last sale and its ``TaxCalendar/lastDayHeldMoreThanOneYear(disposed:)``.
    private var longByDay = (day: Int64.min, lastLong: 0)

    /// Matches every disposal of `transactions` (one asset, replay order).
    static func run(
        _ transactions: [TaxTransaction], method: BookingMethod, washSales: Bool, perWalletFrom: LocalDate? = nil
    ) -> TaxLotMatching {
        var matching = TaxLotMatching(
            method: method, washSales: washSales, perWalletFrom: perWalletFrom,
            purchases: transactions.filter(\.isAcquisition).map(Purchase.init))
        var disposals: [TaxDisposal] = []
        transactions.withUnsafeBufferPointer { all in
            guard let first = all.baseAddress else { return }
            for position in all.indices { matching.step(at: first + position, into: &disposals) }
        }
        matching.finish()
        matching.disposals = disposals
        return matching
    }

    /// Ready for the asset's transactions; `purchases` are all its acquisitions, in replay
    /// order (the wash-sale rule looks 30 days ahead; none needed without it). With
    /// `acquisitions`, how many there are, the lots have room for a lot each from the start
    /// (memory never written is never touched): grown by doubling, the lots were copied into
    /// fresh pages at each step (40 MB of `tax` at 1M).
    init(
        method: BookingMethod, washSales: Bool, perWalletFrom: LocalDate?, purchases: [Purchase],
        acquisitions: Int = 0
    ) {
        self.method = method
        self.washSales = washSales
        self.perWalletFrom = perWalletFrom
        perWalletFromTime = perWalletFrom?.startOfDay
        self.purchases = purchases
        purchaseDays = purchases.map(\.time.date.daysSinceEpoch)
        lots.reserveCapacity(acquisitions)
    }

    /// The next transaction of the asset, in replay order, read where it is: its disposals are
    /// appended to `sink` (straight where the report keeps them: no copy through a buffer of
    /// its own). By value, the transaction was copied for each step and destroyed after it
    /// (the lots are written during the step, so a value read from memory is copied first):
    /// 7 % of the matching thread of `tax` at 1M.
    mutating func step(at transaction: UnsafePointer<TaxTransaction>, into sink: inout [TaxDisposal]) {
        if let start = perWalletFromTime, !perWallet, transaction.pointee.time >= start { allocateToWallets() }
        apply(transaction, into: &sink)
    }

    /// After the last transaction: a history that ends before basis is per account is
    /// allocated anyway, so that the holdings show where the basis is now.
    mutating func finish() {
        if perWalletFrom != nil, !perWallet { allocateToWallets() }
    }

    private mutating func apply(_ transaction: UnsafePointer<TaxTransaction>, into sink: inout [TaxDisposal]) {
        let account = heldByAccount.number(of: transaction.pointee.account)
        switch transaction.pointee.kind {
        case .acquisition:
            heldByAccount.add(transaction.pointee.quantity, at: account)
            open(transaction, in: account)
        case .disposal:
            heldByAccount.add(-transaction.pointee.quantity, at: account)
            dispose(transaction, from: account, into: &sink)
        case .removal:
            heldByAccount.add(-transaction.pointee.quantity, at: account)
            var taken: [TaxLot] = []
            _ = take(transaction.pointee.quantity, from: account, into: &taken)
        case .transfer(let destination):
            // One pool in every year (the engine's universal basis): a transfer changes nothing.
            if perWalletFrom != nil {
                move(transaction.pointee.quantity, from: account, to: heldByAccount.number(of: destination))
            }
        case .split(let numerator, let denominator):
            let hifo = method == .hifo
            lots.updateEach { lot in
                lot.held.scale(numerator: numerator, denominator: denominator)
                if hifo { lot = lot.priced }
            }
            heldByAccount.scale(numerator: numerator, denominator: denominator)
        }
    }

    /// Opens the acquisition's lot, first splitting off the units that absorb a loss sold
    /// before it (a replacement bought after the sale).
    private mutating func open(_ transaction: UnsafePointer<TaxTransaction>, in account: Int32) {
        var base = TaxLot(
            event: transaction.pointee.event, acquired: transaction.pointee.time, account: account,
            holdingDay: Int32(transaction.pointee.time.daysSinceEpoch),
            held: CostedQuantity(
                quantity: transaction.pointee.quantity, cost: transaction.pointee.amount,
                complete: transaction.pointee.complete))
        opened += 1
        // Only wash sales leave adjustments pending: no lookup of every acquisition without them.
        if !pending.isEmpty {
            for adjustment in pending.removeValue(forKey: transaction.pointee.event) ?? [] {
                lots.append(priced(Self.absorb(adjustment, splitting: &base)))
            }
        }
        // Moved in, not copied (a copy and the release of the original for each of a million).
        if base.held.quantity.isPositive {
            if method == .hifo { base = base.priced }
            lots.append(base)
        }
    }

    /// Splits `adjustment.quantity` off `lot` and gives it the disallowed loss and the tacked
    /// holding period.
    static func absorb(_ adjustment: PendingAdjustment, splitting lot: inout TaxLot) -> TaxLot {
        let cost = lot.held.take(adjustment.quantity)
        var part = TaxLot(
            event: lot.event, acquired: lot.acquired, account: lot.account,
            holdingDay: Int32(Int(lot.acquired.daysSinceEpoch) - adjustment.tackedDays),
            held: CostedQuantity(
                quantity: adjustment.quantity, cost: cost + adjustment.amount, complete: lot.held.complete))
        part.washAdjusted = true
        return part
    }

    /// `lot`, with its unit cost when HIFO compares it.
    func priced(_ lot: TaxLot) -> TaxLot { method == .hifo ? lot.priced : lot }

    /// The index of the lot the method takes next: of all lots, or only of `account`'s.
    mutating func next(in account: Int32? = nil) -> Int? {
        switch method {
        case .hifo: return lots.highest(in: account)
        case .lifo:
            guard let account else { return lots.isEmpty ? nil : lots.index(before: lots.endIndex) }
            return lots.last(in: account)
        case .fifo, .average:
            guard let account else { return lots.isEmpty ? nil : lots.startIndex }
            return lots.first(in: account)
        }
    }

    /// Takes `quantity` by the method from the lots (only `account`'s once basis is per
    /// account), appending the pieces to `pieces`: returns what no lot covered.
    mutating func take(
        _ quantity: ExactDecimal, from account: Int32, always: Bool = false, into pieces: inout [TaxLot]
    ) -> ExactDecimal {
        let only = perWallet || always ? account : nil
        var wanted = quantity
        while wanted.isPositive, let index = next(in: only) {
            var piece = lots[index]
            let part = min(wanted, piece.held.quantity)
            let known = piece.held.complete
            piece.held = CostedQuantity(quantity: part, cost: lots.take(part, at: index), complete: known)
            if !lots[index].held.quantity.isPositive { lots.remove(at: index) }
            // Parts of one lot (split by a transfer or the allocation) taken together are one piece.
            if let last = pieces.last, last.event == piece.event, last.holdingDay == piece.holdingDay,
                last.washAdjusted == piece.washAdjusted
            {
                pieces[pieces.count - 1].held.add(
                    quantity: piece.held.quantity, cost: piece.held.cost, complete: piece.held.complete)
            } else {
                pieces.append(piece)
            }
            wanted -= part
        }
        return wanted
    }

    /// One disposal a lot piece of the sale, appended to `sink`. The pieces go in an array
    /// kept between sales, and a sale of one piece (most) takes the whole proceeds without an
    /// array of shares.
    private mutating func dispose(
        _ transaction: UnsafePointer<TaxTransaction>, from account: Int32, into sink: inout [TaxDisposal]
    ) {
        var pieces: [TaxLot] = []
        swap(&pieces, &self.pieces)
        defer {
            pieces.removeAll(keepingCapacity: true)
            swap(&pieces, &self.pieces)
        }
        let uncovered = take(transaction.pointee.quantity, from: account, into: &pieces)
        if uncovered.isPositive {
            pieces.append(
                TaxLot(
                    event: transaction.pointee.event, acquired: transaction.pointee.time, account: account,
                    holdingDay: Int32(transaction.pointee.time.daysSinceEpoch),
                    held: CostedQuantity(quantity: uncovered, cost: .zero)))
        }
        let lastLong = lastLongDay(of: transaction.pointee.time)
        let amount = transaction.pointee.amount
        // The proceeds shared by the pieces' quantities in place (``ExactDecimal/apportion(by:into:)``):
        // the arrays of weights and shares were ~14 % of the matching's instructions (round 34).
        withUnsafeTemporaryAllocation(of: ExactDecimal.self, capacity: 2 * pieces.count) { numbers in
            let (weights, shares) = (numbers.extracting(0..<pieces.count), numbers.extracting(pieces.count...))
            if pieces.count > 1 {
                for index in pieces.indices { weights.initializeElement(at: index, to: pieces[index].held.quantity) }
                shares.initialize(repeating: .zero)
                amount.apportion(by: UnsafeBufferPointer(weights), into: shares)
            }
            record(
                pieces, shares: pieces.count == 1 ? nil : UnsafeBufferPointer(shares), of: transaction,
                uncovered: uncovered, lastLong: lastLong, into: &sink)
        }
    }

    /// The disposals of the sale's `pieces` (their proceeds `shares`, or nil: the one piece
    /// takes the whole), appended to `sink`.
    private mutating func record(
        _ pieces: [TaxLot], shares: UnsafeBufferPointer<ExactDecimal>?, of transaction: UnsafePointer<TaxTransaction>,
        uncovered: ExactDecimal, lastLong: Int, into sink: inout [TaxDisposal]
    ) {
        let sold = washSales ? Set(pieces.map(\.event)) : []
        for index in pieces.indices {
            let share = shares?[index] ?? transaction.pointee.amount
            let notHeld = uncovered.isPositive && index == pieces.count - 1
            guard washSales, pieces[index].held.cost > share else {
                // Made in the call: a disposal held in a variable first was copied into the
                // array and then destroyed (~130 instructions each, round 34).
                sink.append(
                    record(pieces[index], proceeds: share, of: transaction, lastLong: lastLong, notHeld: notHeld))
                continue
            }
            var disposal = record(pieces[index], proceeds: share, of: transaction, lastLong: lastLong, notHeld: notHeld)
            disposal.adjustment = washSale(
                pieces[index], loss: pieces[index].held.cost - share, on: transaction.pointee, excluding: sold)
            if disposal.adjustment.isPositive { disposal.adjustmentCode = "W" }
            sink.append(disposal)
        }
    }

    /// ``TaxCalendar/lastDayHeldMoreThanOneYear(disposed:)`` of the day of `time`, worked out
    /// once a day.
    private mutating func lastLongDay(of time: Timestamp) -> Int {
        let day = time.daysSinceEpoch
        if day != longByDay.day { longByDay = (day, TaxCalendar.lastDayHeldMoreThanOneYear(disposed: time.date)) }
        return longByDay.lastLong
    }

    private func record(
        _ piece: TaxLot, proceeds: ExactDecimal, of sale: UnsafePointer<TaxTransaction>, lastLong: Int,
        notHeld: Bool
    ) -> TaxDisposal {
        let rule: TaxMatch.Rule = notHeld ? .notHeld : (method == .lifo ? .lifo : method == .hifo ? .hifo : .fifo)
        // Its one match is the piece: kept in place, not in an array of one.
        var disposal = TaxDisposal(
            oneLot: rule, event: piece.event, sale: sale.pointee.event, asset: sale.pointee.asset,
            assetClass: sale.pointee.assetClass, account: sale.pointee.account, quantity: piece.held.quantity,
            acquired: piece.acquired, disposed: sale.pointee.time, proceeds: proceeds, costBasis: piece.held.cost,
            proceedsKnown: sale.pointee.complete,
            costKnown: piece.held.complete)
        // ``TaxCalendar/heldMoreThanOneYear(acquired:disposed:)``, by the sale's last long day.
        disposal.term = Int(piece.holdingDay) <= lastLong ? .long : .short
        return disposal
    }

    /// What is still held, oldest first (per account once basis is).
    func holdings(of asset: AssetSymbol) -> [TaxHolding] {
        var holdings: [TaxHolding] = []
        holdings.reserveCapacity(lots.count)
        appendHoldings(of: asset, to: &holdings)
        return holdings
    }

    /// ``holdings(of:)`` appended to `holdings`.
    func appendHoldings(of asset: AssetSymbol, to holdings: inout [TaxHolding]) {
        for lot in lots {
            holdings.append(
                TaxHolding(
                    asset: asset,
                    account: perWallet ? heldByAccount.name(of: lot.account) : ValuationOptions.pooledAccount,
                    quantity: lot.held.quantity, costBasis: lot.held.cost, acquired: lot.acquired,
                    costKnown: lot.held.complete))
        }
    }
}
