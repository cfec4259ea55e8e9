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
        disposalRuns(at: place).withView { runs in
            disposals.withUnsafeBufferPointer { all in
                guard let base = all.baseAddress.map({ $0 + first }) else { return }
                writer.rawValues(
                    min(first + disposalsPerPart, all.count) - first,
                    atMost: { disposalMaxBytes(at: base + $0, place) }, into: bytes,
                    write: { index, out, _ in self.disposal(at: base + index, runs, days: &days, &out) })
            }
        }
        return bytes
    }

    /// One disposal, written straight into bytes (``JSONRuns``) and appended in one piece.
    static func disposal(_ disposal: TaxDisposal, _ writer: inout JSONWriter) {
        var days = DayText()
        disposalRuns(at: writer.nextPlace).withView { runs in
            withUnsafePointer(to: disposal) { disposal in
                writer.rawValue(atMost: disposalMaxBytes(at: disposal, writer.nextPlace)) { out, _ in
                    self.disposal(at: disposal, runs, days: &days, &out)
                }
            }
        }
    }

    /// The object of the disposal at `disposal` (at most ``disposalMaxBytes(at:_:)``), its
    /// keys and what lies between its values from `runs` (``disposalRuns(at:)``, at its place).
    static func disposal(
        at disposal: UnsafePointer<TaxDisposal>, _ runs: JSONRunsView, days: inout DayText, _ out: inout ByteCursor
    ) {
        let fields = TaxDisposal.fields(at: disposal)
        // The quantity's and the cost's text written once, copied where the same number comes
        // again (the allowable costs, the match of a disposal of one lot).
        var (quantity, costs) = (WrittenDecimal(), WrittenDecimal())
        head(disposal, fields, runs, days: &days, same: &quantity, &out)
        figures(disposal, fields, runs, same: &costs, &out)
        runs.append(DisposalRun.term.rawValue, to: &out)
        out.appendJSON(word: fields.term?.rawValue)
        runs.append(DisposalRun.treatment.rawValue, to: &out)
        out.appendJSON(bareWord: fields.treatment.rawValue)
        matches(disposal, fields, runs, days: &days, same: &quantity, &costs, &out)
        out.appendJSON(flag: fields.complete)
        runs.append(DisposalRun.close.rawValue, to: &out)
    }

    /// A disposal's fields from `event` to `disposed`. Apart from the rest: in one function,
    /// the fields' writers were left calls, the function too large to take them all in.
    private static func head(
        _ disposal: UnsafePointer<TaxDisposal>, _ fields: TaxDisposal.Fields, _ runs: JSONRunsView,
        days: inout DayText, same quantity: inout WrittenDecimal, _ out: inout ByteCursor
    ) {
        runs.append(DisposalRun.event.rawValue, to: &out)
        fields.event.write(textTo: &out)
        runs.append(DisposalRun.asset.rawValue, to: &out)
        fields.asset.write(to: &out)
        runs.append(DisposalRun.assetClass.rawValue, to: &out)
        out.appendJSON(bareWord: fields.assetClass.rawValue)
        runs.append(DisposalRun.account.rawValue, to: &out)
        JSONWriter.appendString(disposal.pointee.account, to: &out)
        runs.append(DisposalRun.quantity.rawValue, to: &out)
        out.appendJSON(exact: fields.quantity, same: &quantity)
        runs.append(DisposalRun.acquired.rawValue, to: &out)
        out.appendJSON(time: fields.acquired, days: &days)
        runs.append(DisposalRun.disposed.rawValue, to: &out)
        fields.disposed.write(descriptionTo: &out, days: &days)
    }

    /// A disposal's fields from `proceeds` to `gain`.
    private static func figures(
        _ disposal: UnsafePointer<TaxDisposal>, _ fields: TaxDisposal.Fields, _ runs: JSONRunsView,
        same costs: inout WrittenDecimal, _ out: inout ByteCursor
    ) {
        let (sold, cost) = (fields.proceedsKnown, fields.costKnown)
        var none = WrittenDecimal()
        figure(fields.proceeds, known: sold, .proceeds, runs, same: &none, &out)
        figure(fields.disposalCosts, known: sold, .disposalCosts, runs, same: &none, &out)
        figure(fields.costBasis, known: cost, .costBasis, runs, same: &costs, &out)
        figure(fields.allowableCosts, known: cost, .allowableCosts, runs, same: &costs, &out)
        runs.append(DisposalRun.adjustmentCode.rawValue, to: &out)
        if fields.hasAdjustmentCode, let code = TaxDisposal.adjustmentCode(at: disposal) {
            JSONWriter.appendString(code, to: &out)
        } else {
            out.append("null")
        }
        runs.append(DisposalRun.adjustment.rawValue, to: &out)
        if fields.complete || !fields.hasAdjustmentCode {
            out.appendJSON(exact: fields.adjustment)
        } else {
            out.append("null")
        }
        runs.append(DisposalRun.gain.rawValue, to: &out)
        if fields.complete { out.appendJSON(exact: fields.gain) } else { out.append("null") }
    }

    /// `"1.5"` after the key `run`, or `null` and the known part after the key of the run
    /// that follows `run` (``ReportJSON``'s rule for a figure that lacks a price); the text
    /// copied from `same` when the same number (``WrittenDecimal``).
    @inline(__always)
    private static func figure(
        _ value: ExactDecimal, known: Bool, _ run: DisposalRun, _ runs: JSONRunsView, same: inout WrittenDecimal,
        _ out: inout ByteCursor
    ) {
        runs.append(run.rawValue, to: &out)
        if known {
            out.append(UInt8(ascii: "\""))
        } else {
            out.append("null")
            runs.append(run.rawValue + 1, to: &out)
        }
        out.appendJSON(exact: value, same: &same)
        out.append(UInt8(ascii: "\""))
    }

    /// A disposal's `matches`, by position: a disposal of one lot keeps its match in place (no
    /// array made). Its quantity's and cost's text copied from `quantity` and `costs` when the
    /// same. Ends with the key `complete`.
    private static func matches(
        _ disposal: UnsafePointer<TaxDisposal>, _ fields: TaxDisposal.Fields, _ runs: JSONRunsView,
        days: inout DayText, same quantity: inout WrittenDecimal, _ costs: inout WrittenDecimal,
        _ out: inout ByteCursor
    ) {
        guard fields.matchCount > 0 else { return runs.append(DisposalRun.noMatches.rawValue, to: &out) }
        for index in 0..<fields.matchCount {
            runs.append((index == 0 ? DisposalRun.matches : .nextMatch).rawValue, to: &out)
            let item = (index == 0 ? fields.firstMatch : nil) ?? TaxDisposal.match(at: index, of: disposal)
            out.appendJSON(bareWord: item.rule.rawValue)
            runs.append(DisposalRun.matchQuantity.rawValue, to: &out)
            out.appendJSON(exact: item.quantity, same: &quantity)
            figure(item.cost, known: item.costKnown, .matchCost, runs, same: &costs, &out)
            runs.append(DisposalRun.matchAcquired.rawValue, to: &out)
            out.appendJSON(time: item.acquired, days: &days)
            runs.append(DisposalRun.matchEvent.rawValue, to: &out)
            out.appendJSON(id: item.event)
        }
        runs.append(DisposalRun.matchesEnd.rawValue, to: &out)
    }

    /// The most bytes ``disposal(at:_:days:_:)`` writes of the disposal at `disposal` at
    /// `place`: 17 fields, 4 known parts and 6 fields and a known part a match (the bracket's
    /// line counted as one), each at most a name, a time or a number, and the texts escaped.
    static func disposalMaxBytes(at disposal: UnsafePointer<TaxDisposal>, _ place: JSONPlace) -> Int {
        let deepest = JSONPlace(depth: place.depth + 3, pretty: place.pretty)
        let field = JSONObjectBytes.fieldMaxBytes(at: deepest) + Timestamp.descriptionMaxBytes + 2
        let (matches, texts) = TaxDisposal.sizes(at: disposal)
        // Each run's slot is written whole (``JSONRunsView/append(_:to:)``): room for one more.
        return (21 + 7 * matches) * field + 6 * texts + 64 + 2 * JSONObjectBytes.fieldMaxBytes(at: deepest)
    }
}
