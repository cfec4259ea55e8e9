import LedgerCore
import LedgerCoreTestSupport
import Testing

@testable import LedgerInterchange

/// `ledger.tax/2`'s disposals and holdings are written straight into bytes
/// (``JSONObjectBytes``): they must be what ``JSONWriter``'s own calls write at the same place,
/// byte for byte (round 19, docs/PERFORMANCE.md "ledger tax").
@Suite("Tax JSON: disposals written in place as JSONWriter writes them")
struct TaxJSONBytesTests {
    @Test("random disposals and holdings, pretty and compact", arguments: [1, 2, 3] as [UInt64])
    func sameBytes(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for pretty in [true, false] {
            var fast = Self.start(pretty)
            var reference = Self.start(pretty)
            let disposals = (0..<300).map { Self.disposal($0, &rng) }
            for disposal in disposals {
                TaxJSON.disposal(disposal, &fast)
                Self.reference(disposal, &reference)
            }
            fast.endArray()
            reference.endArray()
            let holdings = disposals.map {
                TaxHolding(
                    asset: $0.asset, account: $0.account, quantity: $0.quantity, costBasis: $0.costBasis,
                    acquired: $0.acquired, costKnown: $0.costKnown)
            }
            Self.holdings(holdings, &fast)
            Self.referenceHoldings(holdings, &reference)
            fast.endObject()
            reference.endObject()
            #expect(fast.text == reference.text, "seed \(seed) pretty \(pretty)")
        }
    }

    @Test("an empty disposals array and a disposal without matches")
    func empty() {
        var fast = Self.start(true)
        var reference = Self.start(true)
        var rng = SplitMix64(seed: 9)
        var disposal = Self.disposal(1, &rng)
        disposal.matches = []
        TaxJSON.disposal(disposal, &fast)
        Self.reference(disposal, &reference)
        fast.endArray()
        reference.endArray()
        Self.holdings([], &fast)
        Self.referenceHoldings([], &reference)
        #expect(fast.text == reference.text)
    }

    /// `{"schema": …, "disposals": [` : the place the report writes its disposals.
    static func start(_ pretty: Bool) -> JSONWriter {
        var writer = JSONWriter(pretty: pretty)
        writer.beginObject()
        writer.field("schema", TaxJSON.schema)
        writer.key("disposals")
        writer.beginArray()
        return writer
    }

    static func disposal(_ index: Int, _ rng: inout SplitMix64) -> TaxDisposal {
        let texts = ["BTC", "AAPL", "kraken", "a \"quoted\" name", "tab\there", "Zürich", "back\\slash"]
        func number() -> ExactDecimal {
            ExactDecimal(units: Int128(Int64.random(in: Int64.min / 2...Int64.max / 2, using: &rng)) * 1_000)
        }
        func time() -> Timestamp? {
            Bool.random(using: &rng)
                ? nil : Timestamp(secondsSinceEpoch: Int64.random(in: 0...4_000_000_000, using: &rng))
        }
        let matches = (0..<Int.random(in: 0...3, using: &rng)).map { _ in
            var match = TaxMatch(
                rule: [.fifo, .hifo, .sameDay, .section104, .notHeld].randomElement(using: &rng)!,
                quantity: number(), cost: number(), acquired: time(),
                event: Bool.random(using: &rng) ? nil : EventID(value: UInt128(rng.next()) << 64 | UInt128(rng.next())))
            match.costKnown = Bool.random(using: &rng)
            return match
        }
        var disposal = TaxDisposal(
            event: EventID(value: UInt128(index) * 7_919),
            asset: AssetSymbol(["BTC", "AAPL", "BRK.B"].randomElement(using: &rng)!)!,
            assetClass: [.crypto, .stock, .etf].randomElement(using: &rng)!,
            account: texts.randomElement(using: &rng)!, quantity: number(), acquired: time(),
            disposed: time() ?? Timestamp(secondsSinceEpoch: 0), proceeds: number(), costBasis: number(),
            matches: matches, complete: Bool.random(using: &rng))
        disposal.disposalCosts = Bool.random(using: &rng) ? .zero : number()
        disposal.adjustment = Bool.random(using: &rng) ? .zero : number()
        disposal.adjustmentCode = disposal.adjustment.isZero ? nil : "W"
        disposal.term = [nil, .short, .long].randomElement(using: &rng)!
        disposal.treatment = [.taxable, .taxFree, .taxedAtSource].randomElement(using: &rng)!
        disposal.proceedsKnown = Bool.random(using: &rng)
        disposal.costKnown = Bool.random(using: &rng)
        guard Int.random(in: 0..<3, using: &rng) == 0 else { return disposal }
        // A disposal of one lot piece, its match kept in place (US, German rules).
        var oneLot = TaxDisposal(
            oneLot: [.fifo, .lifo, .hifo, .notHeld].randomElement(using: &rng)!,
            event: EventID(value: UInt128(rng.next()) << 64 | UInt128(rng.next())), sale: disposal.event,
            asset: disposal.asset, assetClass: disposal.assetClass, account: disposal.account,
            quantity: disposal.quantity, acquired: disposal.acquired, disposed: disposal.disposed,
            proceeds: disposal.proceeds, costBasis: disposal.costBasis, proceedsKnown: disposal.proceedsKnown,
            costKnown: disposal.costKnown)
        (oneLot.adjustment, oneLot.adjustmentCode) = (disposal.adjustment, disposal.adjustmentCode)
        (oneLot.term, oneLot.treatment) = (disposal.term, disposal.treatment)
        return oneLot
    }

    // What the report wrote through JSONWriter's calls before round 19, with round 20's
    // unknown figures (`null`, and the known part of a sum: ReportJSON.partial).

    static func reference(_ disposal: TaxDisposal, _ writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("event", disposal.event.text)
        writer.field("asset", disposal.asset.text)
        writer.field("class", disposal.assetClass.rawValue)
        writer.field("account", disposal.account)
        writer.field("quantity", disposal.quantity.formatted())
        time("acquired", disposal.acquired, &writer)
        time("disposed", disposal.disposed, &writer)
        let (sold, cost) = (disposal.proceedsKnown, disposal.costKnown)
        ReportJSON.partial("proceeds", disposal.proceeds, complete: sold, &writer)
        ReportJSON.partial("disposal_costs", disposal.disposalCosts, complete: sold, &writer)
        ReportJSON.partial("cost_basis", disposal.costBasis, complete: cost, &writer)
        ReportJSON.partial("allowable_costs", disposal.allowableCosts, complete: cost, &writer)
        text("adjustment_code", disposal.adjustmentCode, &writer)
        let adjustmentKnown = disposal.complete || disposal.adjustmentCode == nil
        ReportJSON.partial("adjustment", disposal.adjustment, complete: adjustmentKnown, knownPart: false, &writer)
        ReportJSON.partial("gain", disposal.gain, complete: disposal.complete, knownPart: false, &writer)
        text("term", disposal.term?.rawValue, &writer)
        writer.field("treatment", disposal.treatment.rawValue)
        writer.key("matches")
        writer.beginArray()
        for match in disposal.matches {
            writer.beginObject()
            writer.field("rule", match.rule.rawValue)
            writer.field("quantity", match.quantity.formatted())
            ReportJSON.partial("cost", match.cost, complete: match.costKnown, &writer)
            time("acquired", match.acquired, &writer)
            text("event", match.event?.text, &writer)
            writer.endObject()
        }
        writer.endArray()
        writer.field("complete", disposal.complete)
        writer.endObject()
    }

    /// `holdings[]` by ``TaxJSON/holding(_:_:)``, one after the other.
    static func holdings(_ holdings: [TaxHolding], _ writer: inout JSONWriter) {
        writer.key("holdings")
        writer.beginArray()
        for holding in holdings { TaxJSON.holding(holding, &writer) }
        writer.endArray()
    }

    static func referenceHoldings(_ holdings: [TaxHolding], _ writer: inout JSONWriter) {
        writer.key("holdings")
        writer.beginArray()
        for holding in holdings {
            writer.beginObject()
            writer.field("asset", holding.asset.text)
            writer.field("account", holding.account)
            writer.field("quantity", holding.quantity.formatted())
            ReportJSON.partial("cost_basis", holding.costBasis, complete: holding.costKnown, &writer)
            time("acquired", holding.acquired, &writer)
            writer.endObject()
        }
        writer.endArray()
    }

    static func time(_ name: String, _ value: Timestamp?, _ writer: inout JSONWriter) {
        text(name, value?.description, &writer)
    }

    static func text(_ name: String, _ value: String?, _ writer: inout JSONWriter) {
        writer.key(name)
        if let value { writer.string(value) } else { writer.null() }
    }
}

/// The disposals' array written in parts (``TaxJSON/disposals(_:_:at:into:)``, each part on either
/// thread): the parts joined are what one writer writes, whatever order they were made in.
@Suite("Tax JSON: the disposals in parts are the bytes of one writer")
struct TaxJSONPartsTests {
    @Test("pretty and compact, an empty array, one part, a part and one more", arguments: [0, 1, 1_024, 1_025, 2_500])
    func parts(count: Int) {
        // Each part in bytes of its own (made last to first), and each written over the part
        // before it (one thread).
        parts(count, AllAheadCore())
        parts(count, OneCore())
    }

    func parts(_ count: Int, _ cores: any SecondCore) {
        var rng = SplitMix64(seed: UInt64(count) + 17)
        let disposals = (0..<count).map { TaxJSONBytesTests.disposal($0, &rng) }
        for pretty in [true, false] {
            var whole = TaxJSONBytesTests.start(pretty)
            for disposal in disposals { TaxJSON.disposal(disposal, &whole) }
            whole.endArray()
            whole.endObject()
            // Where the array's values go, what came before already handed on.
            var writer = TaxJSONBytesTests.start(pretty)
            var ordered: [UInt8] = []
            writer.takeUTF8 { ordered.append(contentsOf: $0) }
            let start = writer
            let parts = (count + TaxJSON.disposalsPerPart - 1) / TaxJSON.disposalsPerPart
            cores.inOrder(
                parts, reusing: { TaxJSON.disposals(disposals, $0, at: start, into: $1 ?? ReusableBytes()) },
                consume: { $0.withUnsafeBytes { ordered.append(contentsOf: $0) } })
            if count > 0 { writer.valueWrittenApart() }
            writer.endArray()
            writer.endObject()
            writer.takeUTF8 { ordered.append(contentsOf: $0) }
            #expect(ordered == whole.utf8, "\(count) pretty \(pretty) \(cores)")
        }
    }

    @Test("the whole document is the same when the parts are made last to first")
    func document() {
        var rng = SplitMix64(seed: 23)
        let disposals = (0..<2_100).map { TaxJSONBytesTests.disposal($0, &rng) }
        var report = TaxEngine.report([], rules: .us)
        report.disposals = disposals
        func bytes(_ cores: any SecondCore) -> [UInt8] {
            var bytes: [UInt8] = []
            TaxJSON.write(
                report, years: [], disposals: disposals, currency: AssetSymbol("USD")!, missing: [], notes: ["n"],
                cores: cores
            ) { bytes.append(contentsOf: $0) }
            return bytes
        }
        let one = bytes(OneCore())
        #expect(bytes(AllAheadCore()) == one)
        #expect(String(decoding: one, as: UTF8.self).contains("\n  \"holdings\": []"))
    }

    @Test("the holdings in parts are the bytes of one writer", arguments: [0, 1, 4_096, 4_097, 9_000])
    func holdings(count: Int) {
        var rng = SplitMix64(seed: UInt64(count) + 29)
        let holdings = (0..<count).map {
            let disposal = TaxJSONBytesTests.disposal($0, &rng)
            return TaxHolding(
                asset: disposal.asset, account: disposal.account, quantity: disposal.quantity,
                costBasis: disposal.costBasis, acquired: disposal.acquired, costKnown: disposal.costKnown)
        }
        var report = TaxEngine.report([], rules: .us)
        report.holdings = holdings
        var whole = JSONWriter(pretty: true)
        whole.beginObject()
        TaxJSONBytesTests.holdings(holdings, &whole)
        let expected = whole.text.dropFirst()
        for cores in [OneCore(), AllAheadCore()] as [any SecondCore] {
            var bytes: [UInt8] = []
            TaxJSON.write(
                report, years: [], disposals: [], currency: AssetSymbol("USD")!, missing: [], notes: [], cores: cores
            ) { bytes.append(contentsOf: $0) }
            #expect(String(decoding: bytes, as: UTF8.self).contains(expected), "\(count) \(cores)")
        }
    }
}
