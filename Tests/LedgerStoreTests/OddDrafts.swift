import LedgerCore
import LedgerTestSupport

/// Random drafts of every kind, now and then with values at the edges of what their types
/// hold: record versions below and above the lowest that holds the event, references that are
/// not valid, decimals at the limits of their range (and the overflow marker), split ratios
/// past what their text reads, times before year 1 and after 9999, texts that must be
/// escaped, control bytes, NUL, long and non-ASCII texts, ids at their limits. The store writes
/// a draft as given (``EventAppender``), so a foreign writer can store any of these; the tool
/// never writes most of them.
struct OddDrafts {
    private var random: SplitMix64
    /// One value in `oddness` is drawn from the edges.
    private let oddness: UInt64
    private var ids: Set<EventID> = []
    private var made = 0

    init(seed: UInt64, oddness: UInt64 = 12) {
        random = SplitMix64(seed: seed)
        self.oddness = oddness
    }

    static let symbols = ["BTC", "ETH", "USD", "EUR", "1INCH", "BRK.B", "A", "X9", "ABCDEFGHIJKLMNOPQRST"].map {
        AssetSymbol($0)!
    }
    static let texts = [
        "", "a b", "say \"hi\" \\ back", "tab\there\nline", "\u{0}nul", "\u{01}\u{1F}\u{7F}", "日本 ✓ €", "e\u{301}",
        "\u{E9}", "🏳️‍🌈", String(repeating: "x✓", count: 150),
    ]
    /// Units at the edges: the smallest steps, the range's ends, the overflow marker.
    static let edgeUnits: [Int128] = [
        0, 1, -1, .max, .min + 1, .min, 1_000_000_000_000_000_000, -1_000_000_000_000_000_000,
        100_000_000_000_000_000_000_000_000_000_000_000_000, 123_456_789_012_345_678_901_234_567_890,
    ]
    /// Seconds: year 1 and the second before it, 9999's last second and the next, before
    /// 1970, and far outside the years the ledger records (the integers' ends trap in
    /// ``Timestamp``'s calendar, so not even the store writes them).
    static let edgeTimes: [Int64] = [
        0, -1, -62_135_596_801, -62_135_596_800, 253_402_300_799, 253_402_300_800, 1_000_000_000_000_000,
        -1_000_000_000_000_000,
    ]
    static let edgeRatioTerms = [1_000_000, 1_000_001, Int.max]
    static let badReferences = ["a b", "✓", String(repeating: "f", count: 129), "x\u{7F}"]

    private mutating func draw(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }
    private mutating func odd() -> Bool { random.next() % oddness == 0 }
    private mutating func pick<T>(_ values: [T]) -> T { values[draw(values.count)] }

    private mutating func decimal() -> ExactDecimal {
        if odd() { return ExactDecimal(units: pick(Self.edgeUnits)) }
        let mantissa = Int128(Int64(bitPattern: random.next()) >> draw(64))
        return ExactDecimal(units: mantissa * pick([1, 1_000, 1_000_000_000_000, 1_000_000_000_000_000_000]))
    }

    private mutating func text(_ ordinary: String) -> String { odd() ? pick(Self.texts) : ordinary }
    private mutating func time() -> Timestamp {
        Timestamp(secondsSinceEpoch: odd() ? pick(Self.edgeTimes) : 946_684_800 + Int64(draw(1_000_000_000)))
    }
    private mutating func asset() -> Asset { Asset(pick(Self.symbols), class: pick(AssetClass.allCases)) }
    private mutating func amount() -> AssetAmount { AssetAmount(decimal(), asset()) }

    /// A new id: now and then one at the ends of its range.
    mutating func id() -> EventID {
        var id = EventID(value: UInt128(random.next()) << 64 | UInt128(random.next()))
        if odd() { id = EventID(value: pick([0, 1, UInt128.max, UInt128.max >> 1])) }
        return ids.insert(id).inserted ? id : self.id()
    }

    private mutating func term() -> PriceTerm {
        draw(3) == 0 ? .total(decimal(), quote: pick(Self.symbols)) : .unit(Price(decimal(), pick(Self.symbols)))
    }

    private mutating func ratio() -> SplitRatio {
        let terms = (odd() ? pick(Self.edgeRatioTerms) : 1 + draw(10), 1 + draw(10))
        let (numerator, denominator) = draw(2) == 0 ? terms : (terms.1, terms.0)
        return SplitRatio(numerator: numerator, denominator: denominator) ?? SplitRatio(numerator: 4, denominator: 1)!
    }

    private mutating func action(_ kind: EventKind) -> EventAction {
        switch kind {
        case .buy: .buy(amount(), price: term())
        case .sell: .sell(amount(), price: term())
        case .trade: .trade(given: amount(), received: amount())
        case .deposit: .deposit(amount())
        case .withdraw: .withdraw(amount())
        case .fee: .fee(amount())
        case .transfer: .transfer(amount(), toAccount: text("savings"))
        case .income: .income(amount(), kind: pick(IncomeKind.allCases), value: draw(3) == 0 ? nil : term())
        case .split: .split(asset(), ratio())
        case .void: .void(target: id(), reason: text("typo"))
        case .link:
            .link(
                TransferLink(
                    withdrawal: id(), deposit: id(), arrived: amount(), toAccount: text("wallet"),
                    rule: pick(TransferRule.allCases)))
        }
    }

    /// A deposit's or withdrawal's reference (now and then one that is not valid), or, now and
    /// then, one on another kind.
    private mutating func chain(_ kind: EventKind) -> ChainReference? {
        guard kind == .deposit || kind == .withdraw ? draw(2) == 0 : odd() else { return nil }
        let hash = odd() ? pick(Self.badReferences) : "0xab\(made)"
        return ChainReference(hash: draw(3) == 0 ? nil : hash, address: draw(2) == 0 ? "bc1q\(made)" : nil)
            ?? ChainReference(hash: hash, address: nil)
    }

    private mutating func provenance() -> Provenance {
        guard draw(2) == 0 else { return .manual }
        return .imported(
            batch: text("b\(made % 3)"), fingerprint: ImportFingerprint(draw(8) == 0 ? "" : text("f") + "\(made)"))
    }

    /// The next draft: at the lowest record version that holds it, or now and then another.
    mutating func next() -> LedgerEvent {
        made += 1
        let kind = pick(EventKind.allCases)
        let chain = chain(kind)
        let version = odd() ? pick([-1, 0, 1, 2, 3, 4, 5, 6, 1_000]) : nil
        return LedgerEvent(
            id: id(), schemaVersion: version, occurredAt: time(), recordedAt: time(), account: text("main"),
            action: action(kind), fee: draw(4) == 0 ? amount() : nil, note: text("n\(made)"),
            provenance: provenance(), chain: chain)
    }
}
