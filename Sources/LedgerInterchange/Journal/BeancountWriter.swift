import LedgerCore

/// Writes a ``JournalDocument`` as a beancount file that `bean-check` accepts.
///
/// Every lot is written `Q SYM {UNITCOST CUR, DATE}` with the replay's unit cost (18 places),
/// and every reduction names the same cost and date, so beancount takes exactly the lots the
/// replay took whatever its booking method. `inferred_tolerance_default` covers the rounding
/// of those per-unit costs (quantity × unit cost differs from the lot's exact cost by at most
/// half a unit of 10⁻¹⁸ per unit held).
public enum BeancountWriter {
    public static func write(_ document: JournalDocument) -> String {
        let currency = JournalNames.beancountCommodity(document.currency)
        var lines = [
            "; Exported by `ledger export -O beancount`: every lot at the cost and date the replay gave it,",
            "; booked \(document.method.rawValue.uppercased()) in \(currency).",
            "option \"operating_currency\" \"\(currency)\"",
            "option \"booking_method\" \"\(document.method.rawValue.uppercased())\"",
            "option \"inferred_tolerance_default\" \"\(currency):\(JournalText.number(document.tolerance))\"",
            "",
        ]
        lines += document.commodities.map { "\($0.first) commodity \(JournalNames.beancountCommodity($0.symbol))" }
        lines.append("")
        lines += document.accounts.map { "\($0.opened) open \($0.name)" }
        lines.append("")
        lines += document.prices.map { price in
            "\(price.observedAt.date) price \(JournalNames.beancountCommodity(price.asset)) \(JournalText.number(price.price)) \(JournalNames.beancountCommodity(price.quote))"
        }
        for transaction in document.transactions {
            lines.append("")
            lines.append("\(transaction.date) * \(quoted(transaction.narration))")
            if !transaction.eventID.isEmpty {
                lines.append("  event: \"\(transaction.eventID)\"")
                lines.append("  seq: \(transaction.sequence)")
            }
            lines += JournalText.postingLines(transaction.postings, indent: "  ", amount: amount)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func amount(_ posting: JournalPosting) -> String {
        var text = "\(JournalText.number(posting.quantity)) \(JournalNames.beancountCommodity(posting.symbol))"
        if let lot = posting.lot {
            text +=
                " {\(JournalText.number(lot.unitCost)) \(JournalNames.beancountCommodity(lot.currency)), \(lot.acquired)}"
        }
        if let price = posting.unitPrice {
            text += " @ \(JournalText.number(price.amount)) \(JournalNames.beancountCommodity(price.currency))"
        }
        if let value = posting.totalValue {
            text += " @@ \(JournalText.number(value.amount)) \(JournalNames.beancountCommodity(value.currency))"
        }
        return text
    }

    /// A beancount string: `"` and `\` escaped, on one line.
    static func quoted(_ text: String) -> String {
        var escaped = ""
        for character in JournalText.oneLine(text) {
            if character == "\"" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return "\"" + escaped + "\""
    }
}
