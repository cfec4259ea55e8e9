import LedgerCore

/// `ledger.tax/2`'s disposals: at a million trades ~800,000 objects, 690 MB, most of what
/// `tax -O json` does, each written straight into bytes (``JSONObjectBytes``).
extension TaxJSON {
    /// Disposals a part of the array: about ``piece`` bytes (~860 a disposal at a million trades).
    static let disposalsPerPart = 1024

    /// Holdings a part of the array (~200 bytes each): on either thread too, where they were
    /// written on the calling thread alone after the disposals (~50 samples at a million trades).
    static let holdingsPerPart = 4096

    /// The text of part `part` of the disposals (``disposalsPerPart`` of them), `start` being
    /// the writer where the array's values go, nothing written yet, written over `bytes`.
    static func disposals(
        _ disposals: [TaxDisposal], _ part: Int, at start: JSONWriter, into bytes: ReusableBytes
    ) -> ReusableBytes {
        var writer = start
        if part > 0 { writer.valueWrittenApart() }
        let first = part * disposalsPerPart
        let place = writer.nextPlace
        // Through a pointer: the disposal is read in place (``TaxDisposal/fields(at:)``), not
        // copied (with a retain of its account and extras) for each of a million. Straight
        // into the part's bytes, at the most it may take (memory never written is never touched).
        var days = DayText()
        disposals.withUnsafeBufferPointer { all in
            guard let base = all.baseAddress.map({ $0 + first }) else { return }
            writer.rawValues(
                min(first + disposalsPerPart, all.count) - first,
                atMost: { disposalMaxBytes(at: base + $0, place) }, into: bytes,
                write: { index, out, place in self.disposal(at: base + index, place, days: &days, &out) })
        }
        return bytes
    }

    /// One disposal, written straight into bytes (``JSONObjectBytes``) and appended in one
    /// piece: at a million trades these are most of what `tax -O json` does.
    static func disposal(_ disposal: TaxDisposal, _ writer: inout JSONWriter) {
        var days = DayText()
        self.disposal(disposal, &writer, days: &days)
    }

    /// ``disposal(_:_:)``, each date's text from `days` when it is the day written last.
    static func disposal(_ disposal: TaxDisposal, _ writer: inout JSONWriter, days: inout DayText) {
        withUnsafePointer(to: disposal) { disposal in
            writer.rawValue(atMost: disposalMaxBytes(at: disposal, writer.nextPlace)) { out, place in
                self.disposal(at: disposal, place, days: &days, &out)
            }
        }
    }

    /// The object of the disposal at `disposal`, at `place` (at most ``disposalMaxBytes(at:_:)``).
    static func disposal(
        at disposal: UnsafePointer<TaxDisposal>, _ place: JSONPlace, days: inout DayText, _ out: inout ByteCursor
    ) {
        let fields = TaxDisposal.fields(at: disposal)
        var object = JSONObjectBytes(at: place, &out)
        // The quantity's and the cost's text written once, copied where the same number comes
        // again (the allowable costs, the match of a disposal of one lot).
        var (quantity, costs) = (WrittenDecimal(), WrittenDecimal())
        head(disposal, fields, &object, days: &days, same: &quantity, &out)
        figures(disposal, fields, &object, same: &costs, &out)
        object.field("term", word: fields.term?.rawValue, &out)
        object.field("treatment", word: fields.treatment.rawValue, &out)
        matches(disposal, fields, &object, days: &days, same: &quantity, &costs, &out)
        object.field("complete", flag: fields.complete, &out)
        object.close(&out)
    }

    /// A disposal's fields from `event` to `disposed`. Apart from the rest: in one function,
    /// the fields' writers were left calls, the function too large to take them all in.
    private static func head(
        _ disposal: UnsafePointer<TaxDisposal>, _ fields: TaxDisposal.Fields, _ object: inout JSONObjectBytes,
        days: inout DayText, same quantity: inout WrittenDecimal, _ out: inout ByteCursor
    ) {
        object.field("event", id: fields.event, &out)
        object.field("asset", symbol: fields.asset, &out)
        object.field("class", word: fields.assetClass.rawValue, &out)
        object.field("account", text: disposal.pointee.account, &out)
        object.field("quantity", exact: fields.quantity, same: &quantity, &out)
        object.field("acquired", time: fields.acquired, days: &days, &out)
        object.field("disposed", time: fields.disposed, days: &days, &out)
    }

    /// A disposal's fields from `proceeds` to `gain`.
    private static func figures(
        _ disposal: UnsafePointer<TaxDisposal>, _ fields: TaxDisposal.Fields, _ object: inout JSONObjectBytes,
        same costs: inout WrittenDecimal, _ out: inout ByteCursor
    ) {
        let (sold, cost) = (fields.proceedsKnown, fields.costKnown)
        object.field("proceeds", exact: fields.proceeds, known: sold, knownPart: "proceeds_known_part", &out)
        object.field(
            "disposal_costs", exact: fields.disposalCosts, known: sold, knownPart: "disposal_costs_known_part", &out)
        object.field(
            "cost_basis", exact: fields.costBasis, known: cost, knownPart: "cost_basis_known_part", same: &costs,
            &out)
        object.field(
            "allowable_costs", exact: fields.allowableCosts, known: cost, knownPart: "allowable_costs_known_part",
            same: &costs, &out)
        object.field(
            "adjustment_code", text: fields.hasAdjustmentCode ? TaxDisposal.adjustmentCode(at: disposal) : nil, &out)
        let adjustmentKnown = fields.complete || !fields.hasAdjustmentCode
        object.field("adjustment", exact: fields.adjustment, known: adjustmentKnown, &out)
        object.field("gain", exact: fields.gain, known: fields.complete, &out)
    }

    /// A disposal's `matches`, by position: a disposal of one lot keeps its match in place (no
    /// array made). Its quantity's and cost's text copied from `quantity` and `costs` when the
    /// same.
    private static func matches(
        _ disposal: UnsafePointer<TaxDisposal>, _ fields: TaxDisposal.Fields, _ object: inout JSONObjectBytes,
        days: inout DayText, same quantity: inout WrittenDecimal, _ costs: inout WrittenDecimal,
        _ out: inout ByteCursor
    ) {
        object.objects("matches", 0..<fields.matchCount, &out) { match, index, out in
            let item = (index == 0 ? fields.firstMatch : nil) ?? TaxDisposal.match(at: index, of: disposal)
            match.field("rule", word: item.rule.rawValue, &out)
            match.field("quantity", exact: item.quantity, same: &quantity, &out)
            match.field(
                "cost", exact: item.cost, known: item.costKnown, knownPart: "cost_known_part", same: &costs, &out)
            match.field("acquired", time: item.acquired, days: &days, &out)
            match.field("event", id: item.event, &out)
        }
    }

    /// The most bytes ``disposal(at:_:days:_:)`` writes of the disposal at `disposal` at
    /// `place`: 17 fields, 4 known parts and 6 fields and a known part a match (the bracket's
    /// line counted as one), each at most a name, a time or a number, and the texts escaped.
    static func disposalMaxBytes(at disposal: UnsafePointer<TaxDisposal>, _ place: JSONPlace) -> Int {
        let deepest = JSONPlace(depth: place.depth + 3, pretty: place.pretty)
        let field = JSONObjectBytes.fieldMaxBytes(at: deepest) + Timestamp.descriptionMaxBytes + 2
        let (matches, texts) = TaxDisposal.sizes(at: disposal)
        return (21 + 7 * matches) * field + 6 * texts + 64
    }
}
