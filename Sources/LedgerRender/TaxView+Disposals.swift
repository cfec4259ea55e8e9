import LedgerCore

/// The text's disposals: `sold 700 LOBS on 2023-05-01 for 3,360.00:` and how each was
/// matched, written straight into bytes a part at a time (a hundred megabytes at a million
/// trades).
extension TaxView {
    /// A piece of the text (``pieces()``): words and figures, or disposals described.
    enum Piece {
        case text(String)
        case disposals(Range<Int>)
    }

    /// The disposals at `runs` in parts of at most ``disposalsPerPart``. Round 33: the whole
    /// text in one run of ``SecondCore/inOrder(_:reusing:consume:)``, where each year's parts
    /// were one of their own: at a million trades a thread started for each of 22 years and
    /// took one part of its ~9, the calling thread the rest (~180 of ~275 samples).
    func parts(_ runs: [Range<Int>]) -> [Range<Int>] {
        runs.flatMap { run in
            stride(from: run.lowerBound, to: run.upperBound, by: Self.disposalsPerPart).map {
                $0..<min($0 + Self.disposalsPerPart, run.upperBound)
            }
        }
    }

    /// `piece`'s bytes written over `bytes`.
    func write(_ piece: Piece, into bytes: ReusableBytes) -> ReusableBytes {
        switch piece {
        case .text(let text):
            bytes.write(atMost: text.utf8.count) { $0.append(text: text) }
            return bytes
        case .disposals(let positions): return describe(positions, into: bytes)
        }
    }

    /// The disposals at `positions` described over `bytes`.
    private func describe(_ positions: Range<Int>, into bytes: ReusableBytes) -> ReusableBytes {
        disposals.withUnsafeBufferPointer { all in
            guard let base = all.baseAddress else { return }
            // Straight into the part's bytes, at the most they may take (memory never written
            // is never touched), over the memory of a part handed on before (no fresh pages).
            let limit = positions.reduce(0) { $0 + describedMaxBytes(at: base + $1) }
            bytes.write(atMost: limit) { out in
                // Through a pointer: the disposal is read in place, not copied (with a retain of
                // its account and extras; ``TaxDisposal/fields(at:)``). Its dates' texts from
                // the ones written lately (``DayText``).
                var days = DayText()
                for index in positions { describe(at: base + index, into: &out, days: &days) }
            }
        }
        return bytes
    }

    /// Disposals a part of the text: about half a megabyte (~135 bytes a disposal at a
    /// million trades).
    static let disposalsPerPart = 4_096

    /// The most bytes ``describe(at:into:days:)`` writes for the disposal at `disposal`.
    func describedMaxBytes(at disposal: UnsafePointer<TaxDisposal>) -> Int {
        let (matches, texts) = TaxDisposal.sizes(at: disposal)
        return 1024 + 2 * texts + matches * Self.wordsMaxBytes
    }

    /// `sold 700 LOBS on 2023-05-01 for 3,360.00, costs 100.00:` and one line per match of the
    /// disposal at `disposal`, written to `out` (at most ``describedMaxBytes(at:)``), the
    /// dates' texts from `days`.
    func describe(at disposal: UnsafePointer<TaxDisposal>, into out: inout ByteCursor, days: inout DayText) {
        let fields = TaxDisposal.fields(at: disposal)
        out.append("  sold ")
        NumberFormat.write(quantity: fields.quantity, to: &out)
        out.append(" ")
        fields.asset.write(to: &out)
        out.append(" on ")
        fields.disposed.write(dateTo: &out, days: &days)
        out.append(" for ")
        NumberFormat.write(money: fields.proceeds, complete: fields.proceedsKnown, to: &out)
        let costs = !fields.disposalCosts.isZero
        if costs {
            out.append(", costs ")
            NumberFormat.write(money: fields.disposalCosts, complete: fields.proceedsKnown, to: &out)
        }
        out.append(":\n")
        for index in 0..<fields.matchCount {
            out.append("    ")
            let match = (index == 0 ? fields.firstMatch : nil) ?? TaxDisposal.match(at: index, of: disposal)
            Self.words(match, into: &out, days: &days)
            out.append("\n")
        }
        if fields.hasAdjustmentCode, let code = TaxDisposal.adjustmentCode(at: disposal) {
            out.append("    wash sale (")
            out.append(text: code)
            out.append("): loss of ")
            Self.write(figure: fields.adjustment, known: fields.complete, to: &out)
            out.append(" disallowed, added to the replacement shares' basis\n")
        }
        if costs {
            out.append("    allowable costs ")
            NumberFormat.write(money: fields.allowableCosts, complete: fields.costKnown, to: &out)
            out.append(",")
        }
        writeGain(fields, afterCosts: costs, into: &out)
    }

    /// The disposal's last line from ` gain `: the gain, its term or treatment, if incomplete.
    private func writeGain(_ disposal: TaxDisposal.Fields, afterCosts costs: Bool, into out: inout ByteCursor) {
        out.append(costs ? " gain " : "    gain ")
        NumberFormat.write(signedMoney: disposal.gain, complete: disposal.complete, to: &out)
        if let term = disposal.term, report.rules == .us {
            out.append(term == .short ? " (short term)" : " (long term)")
        }
        switch disposal.treatment {
        case .taxable: if report.rules == .de { out.append(" (held one year or less: taxable)") }
        case .taxFree: out.append(" (held more than one year: tax-free)")
        case .taxedAtSource: out.append(" (taxed at source by the bank)")
        }
        if !disposal.complete { out.append(" — incomplete: a price is missing") }
        out.append("\n")
    }
}
