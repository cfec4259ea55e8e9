/// How one part of a disposal was matched with what was acquired.
public struct TaxMatch: Hashable, Sendable {
    public enum Rule: String, Sendable {
        case sameDay = "same-day"
        case bedAndBreakfast = "bed-and-breakfast"
        case section104 = "section-104"
        case fifo, lifo, hifo
        /// More was disposed of than was held: the rest is matched at zero cost.
        case notHeld = "not-held"
    }

    // The 16-byte-aligned numbers first (a match is allocated for each of a million disposals).
    public var quantity: ExactDecimal
    public var cost: ExactDecimal
    /// The acquiring event (nil for the pool).
    public var event: EventID?
    /// When the matched units were acquired (nil for the section 104 pool, which has no date).
    public var acquired: Timestamp?
    public var rule: Rule
    /// False when a price the cost needed is missing: ``cost`` is then only its known part.
    public var costKnown = true
    /// What the units were taken out of (UK: the day's acquisitions, or the pool as it stood),
    /// for the words a filer checks: "700 of 1,500 at 4.18667".
    public var outOf: CostedQuantity?

    public init(rule: Rule, quantity: ExactDecimal, cost: ExactDecimal, acquired: Timestamp?, event: EventID?) {
        self.rule = rule
        self.quantity = quantity
        self.cost = cost
        self.acquired = acquired
        self.event = event
    }
}

/// Where a disposal's gain goes under the German rules.
public enum TaxTreatment: String, Sendable {
    /// Counted in the year's figures (the UK and US rules count every disposal).
    case taxable
    /// Germany: crypto held more than one year.
    case taxFree = "tax-free"
    /// Germany: stocks and funds, taxed at source by the bank (§ 20 EStG).
    case taxedAtSource = "taxed-at-source"
}

/// One disposal as the rules see it: a UK day's disposals of one asset, or (US, Germany) one
/// lot piece of one sale.
public struct TaxDisposal: Hashable, Sendable {
    // The 16-byte-aligned numbers first: in the order the report writes them, padding made
    // each of a million disposals 32 bytes larger. 160 bytes in all (208 until round 29, with
    // the rare figures inline and the acquisition an optional; 144 with the 16-byte symbol of
    // before round 29, which now holds its bytes inline): a million disposals are
    // written once into fresh pages, and a fresh page was ~7.5 µs of `tax` at 1M
    // (docs/PERFORMANCE.md, "`ledger tax`").
    public var event: EventID
    /// The acquiring event of a disposal of one lot piece (``oneLot``).
    var lotEvent = EventID(value: 0)
    public var quantity: ExactDecimal
    /// The consideration: gross (before ``disposalCosts``) under the UK rules, after the
    /// sale's fee under the US and German rules (where ``disposalCosts`` is zero).
    public var proceeds: ExactDecimal
    /// The matched acquisition costs (wash-sale adjusted in the US).
    public var costBasis: ExactDecimal
    public var disposed: Timestamp
    /// ``acquired``, with ``Extras/noTime`` for none (an optional took 8 bytes more).
    var acquiredTime: Timestamp
    public var asset: AssetSymbol
    public var account: String
    /// What few disposals have (``disposalCosts``, ``adjustment``, ``adjustmentCode``, more
    /// than one match): nil when all of it is zero or empty (``TaxDisposal+Extras.swift``).
    var extras: Extras?
    public var assetClass: AssetClass
    /// Short or long (US, Germany; nil under the UK rules).
    public var term: HoldingTerm?
    public var treatment: TaxTreatment = .taxable
    /// False when a price the proceeds needed is missing (``proceeds`` is then the known part).
    public var proceedsKnown: Bool
    /// False when a price the cost needed is missing (``costBasis`` is then the known part).
    public var costKnown: Bool
    /// Set for a disposal of one lot piece (US, Germany: nearly all of them), whose one match
    /// is its own quantity, cost, acquisition and cost's completeness with ``lotEvent`` and
    /// this rule (``matches`` makes it when asked): kept in place of an array of one, a heap
    /// allocation and a retain for each of a million disposals (docs/PERFORMANCE.md, "ledger
    /// tax"). Nil: the matches are ``storedMatches``.
    var oneLot: TaxMatch.Rule?

    /// Whether every figure of the disposal is known; when not, ``gain`` is no figure at all.
    public var complete: Bool { proceedsKnown && costKnown }

    public init(
        event: EventID, asset: AssetSymbol, assetClass: AssetClass, account: String, quantity: ExactDecimal,
        acquired: Timestamp?, disposed: Timestamp, proceeds: ExactDecimal, costBasis: ExactDecimal,
        matches: [TaxMatch], complete: Bool
    ) {
        self.event = event
        self.asset = asset
        self.assetClass = assetClass
        self.account = account
        self.quantity = quantity
        self.acquiredTime = acquired ?? Extras.noTime
        self.disposed = disposed
        self.proceeds = proceeds
        self.costBasis = costBasis
        self.proceedsKnown = complete
        self.costKnown = complete
        if !matches.isEmpty { storedMatches = matches }
    }

    /// Cost plus the disposal's own costs (SA108 "allowable costs"; ``figures(proceeds:costBasis:_:)``).
    public var allowableCosts: ExactDecimal {
        Self.figures(proceeds: proceeds, costBasis: costBasis, extras).allowableCosts
    }

    /// Proceeds − allowable costs + the disallowed loss (``figures(proceeds:costBasis:_:)``).
    public var gain: ExactDecimal { Self.figures(proceeds: proceeds, costBasis: costBasis, extras).gain }

    /// The gain of each matched part: the proceeds after the disposal's costs shared by
    /// quantity (to 10⁻¹⁸, adding up exactly), less the part's cost. They add up to ``gain``.
    public var partGains: [ExactDecimal] {
        guard matchCount > 1 else { return [gain] }
        let shares = (proceeds - disposalCosts + adjustment).apportioned(by: matches.map(\.quantity))
        return zip(matches, shares).map { $1 - $0.cost }
    }
}

extension TaxDisposal {
    /// Equal when every figure and every match is, however the matches are kept.
    public static func == (left: TaxDisposal, right: TaxDisposal) -> Bool {
        // In parts: one long chain of `==` over many types is slow to type-check.
        let numbers: Bool =
            left.quantity == right.quantity && left.proceeds == right.proceeds
            && left.disposalCosts == right.disposalCosts && left.costBasis == right.costBasis
            && left.adjustment == right.adjustment
        let times: Bool =
            left.event == right.event && left.disposed == right.disposed && left.acquired == right.acquired
        let kinds: Bool =
            left.asset == right.asset && left.assetClass == right.assetClass && left.term == right.term
            && left.treatment == right.treatment
        let known: Bool = left.proceedsKnown == right.proceedsKnown && left.costKnown == right.costKnown
        let texts: Bool = left.account == right.account && left.adjustmentCode == right.adjustmentCode
        return numbers && times && kinds && known && texts && left.matches == right.matches
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(event)
        hasher.combine(quantity)
        hasher.combine(disposed)
        hasher.combine(asset)
        hasher.combine(account)
    }
}

/// What is still held after the rules, with its tax basis.
public struct TaxHolding: Hashable, Sendable {
    public var asset: AssetSymbol
    public var account: String
    public var quantity: ExactDecimal
    public var costBasis: ExactDecimal
    /// Nil for a section 104 pool.
    public var acquired: Timestamp?
    /// False when a price the cost needed is missing: ``costBasis`` is then the known part.
    public var costKnown: Bool

    public init(
        asset: AssetSymbol, account: String, quantity: ExactDecimal, costBasis: ExactDecimal, acquired: Timestamp?,
        costKnown: Bool = true
    ) {
        self.asset = asset
        self.account = account
        self.quantity = quantity
        self.costBasis = costBasis
        self.acquired = acquired
        self.costKnown = costKnown
    }
}

/// The proceeds, cost, adjustment and gain of a set of disposals (a term, a part of a year).
public struct TaxFigures: Hashable, Sendable {
    public var disposals = 0
    public var proceeds = ExactDecimal.zero
    public var costBasis = ExactDecimal.zero
    public var allowableCosts = ExactDecimal.zero
    public var adjustment = ExactDecimal.zero
    /// The sum of the gains (losses left out).
    public var gains = ExactDecimal.zero
    /// The sum of the losses, positive.
    public var losses = ExactDecimal.zero
    /// False when a disposal's proceeds (or cost) lack a price: the sum is then its known part.
    public var proceedsKnown = true
    public var costKnown = true

    public init() {}

    /// Whether the gains, losses and net are figures: false when a disposal lacks a price,
    /// since its gain counted in them is none.
    public var complete: Bool { proceedsKnown && costKnown }

    /// The figures of `disposals`. Gains and losses are split as the peers split them
    /// (docs/TAX.md, "Gains and losses"): under the UK rules each matched part of a disposal
    /// (same day, each 30-day acquisition, the pool) is a gain or a loss of its own; under the
    /// US and German rules each sale per term (the lot pieces of one sale and term netted).
    public init(_ disposals: some Sequence<TaxDisposal>) {
        var tally = Tally()
        for disposal in disposals { withUnsafePointer(to: disposal) { tally.add($0) } }
        self = tally.figures
    }

    /// Figures added up one disposal at a time, each read where it is (a year's totals read a
    /// million disposals in one pass, not one filtered copy of them a figure).
    struct Tally {
        private var sum = TaxFigures()
        /// Each sale's gain per term, in increasing order of sale and term. The sales mostly
        /// come in that order or near it: the ids of one import increase with time, the
        /// disposals come in time order, and only the sales of one instant are in another (by
        /// asset). A sale above the last is appended, one seen before found by bisection, a new
        /// one among the last few inserted in its place: memory read and written near the end,
        /// where a table keyed by sale read a random place for each of a million (most of a
        /// year's totals).
        private var ordered: [(sale: SaleTerm, gain: ExactDecimal)] = []
        /// The new sales with ``window`` or more in `ordered` above them (which stays so: none
        /// is ever taken out of `ordered`, so such a sale is never inserted there later), and
        /// every sale once there are many such (``spilled``).
        private var others: [SaleTerm: ExactDecimal] = [:]
        /// Whether `ordered` was moved into `others`, which then takes every sale.
        private var spilled = false
        /// The sales the tables make room for when first used (none until then).
        private var room = 0

        /// How far from the end a new sale is inserted in `ordered` (the sales of one instant).
        static let window = 256
        /// Sales in `others` past which, when they are a fifth of all, every sale goes to
        /// `others`: bisecting for most of them would cost more than the table.
        static let spillAfter = 1_024

        init(room: Int = 0) { self.room = room }

        /// Empty again, with room for `room` sales: the tables keep their memory (a new table a
        /// year took fresh pages each year, 45 MB of page faults in `tax` at 1M).
        mutating func reset(room: Int) {
            sum = TaxFigures()
            ordered.removeAll(keepingCapacity: true)
            others.removeAll(keepingCapacity: true)
            spilled = false
            self.room = room
        }

        /// Inlined, as the years' totals call it, and read through the pointer: a call with
        /// the disposal by value was handed a copy of it.
        @inline(__always)
        mutating func add(_ disposal: UnsafePointer<TaxDisposal>) {
            sum.add(disposal)
            if let term = disposal.pointee.term {
                net(SaleTerm(event: disposal.pointee.event, term: term), TaxDisposal.figures(at: disposal).gain)
            } else {
                for part in disposal.pointee.partGains { sum.count(part) }
            }
        }

        @inline(__always)
        private mutating func net(_ sale: SaleTerm, _ gain: ExactDecimal) {
            if let last = ordered.last, !(last.sale < sale) {
                if last.sale == sale {
                    ordered[ordered.count - 1].gain += gain
                } else {
                    netBelow(sale, gain)
                }
            } else if spilled {
                others[sale, default: .zero] += gain
            } else {
                if room > 0 {
                    ordered.reserveCapacity(room)
                    room = 0
                }
                ordered.append((sale, gain))
            }
        }

        /// A sale not above the highest in `ordered`: netted there if it is there, else
        /// inserted in its place when that is among the last ``window``, else in `others`.
        private mutating func netBelow(_ sale: SaleTerm, _ gain: ExactDecimal) {
            // Among the last ``window`` first (in cache): a sale of this instant.
            let windowStart = max(ordered.count - Self.window, 0)
            var (low, high) = (ordered[windowStart].sale < sale ? windowStart + 1 : 0, ordered.count - 1)
            while low < high {
                let middle = (low + high) / 2
                if ordered[middle].sale < sale { low = middle + 1 } else { high = middle }
            }
            if ordered[low].sale == sale {
                ordered[low].gain += gain
            } else if ordered.count - low < Self.window {
                ordered.insert((sale, gain), at: low)
            } else {
                others[sale, default: .zero] += gain
                if others.count > Self.spillAfter && others.count > ordered.count / 4 { spill() }
            }
        }

        /// Every sale into `others` from now on.
        private mutating func spill() {
            others.reserveCapacity(2 * (others.count + ordered.count))
            for entry in ordered { others[entry.sale, default: .zero] += entry.gain }
            ordered.removeAll(keepingCapacity: true)
            spilled = true
        }

        /// The figures, each sale's gain per term counted once.
        var figures: TaxFigures {
            var result = sum
            for entry in ordered { result.count(entry.gain) }
            for gain in others.values { result.count(gain) }
            return result
        }
    }

    /// One sale's gain in one term; in order of the sale's id, then the term.
    private struct SaleTerm: Hashable {
        let event: EventID
        let term: HoldingTerm

        func hash(into hasher: inout Hasher) { hasher.combine(event) }

        /// The id's bits mixed with the dictionary's seed, without a SipHash `Hasher` for each
        /// of a million sales (seeding and finalising one was most of a year's totals).
        func _rawHashValue(seed: Int) -> Int {
            mixedHash(UInt64(truncatingIfNeeded: event.value ^ (event.value >> 64)), seed: seed)
        }

        @inline(__always)
        static func < (left: SaleTerm, right: SaleTerm) -> Bool {
            left.event.value < right.event.value
                || (left.event.value == right.event.value && left.term == .short && right.term == .long)
        }
    }

    @inline(__always)
    mutating func add(_ disposal: UnsafePointer<TaxDisposal>) {
        self.disposals += 1
        proceeds += disposal.pointee.proceeds
        costBasis += disposal.pointee.costBasis
        // Its stored parts read where they are (``TaxDisposal/figures(at:)``).
        let figures = TaxDisposal.figures(at: disposal)
        allowableCosts += figures.allowableCosts
        // Nearly always zero (no extras): adding it changed nothing.
        if disposal.pointee.extras != nil { adjustment += figures.adjustment }
        proceedsKnown = proceedsKnown && disposal.pointee.proceedsKnown
        costKnown = costKnown && disposal.pointee.costKnown
    }

    /// One sale's gain (per term) counted as a gain or a loss.
    mutating func count(_ gain: ExactDecimal) {
        if gain.isNegative { losses += gain.negated } else { gains += gain }
    }

    /// Gains − losses.
    public var net: ExactDecimal { gains - losses }

    /// The figures of two sets of disposals together (sales split between them have their
    /// gain netted in each: US short and long term).
    public static func + (left: TaxFigures, right: TaxFigures) -> TaxFigures {
        var sum = left
        sum.disposals += right.disposals
        sum.proceeds += right.proceeds
        sum.costBasis += right.costBasis
        sum.allowableCosts += right.allowableCosts
        sum.adjustment += right.adjustment
        sum.gains += right.gains
        sum.losses += right.losses
        sum.proceedsKnown = left.proceedsKnown && right.proceedsKnown
        sum.costKnown = left.costKnown && right.costKnown
        return sum
    }
}
