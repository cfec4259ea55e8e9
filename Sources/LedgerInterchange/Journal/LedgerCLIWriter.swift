import LedgerCore

/// Writes a ``JournalDocument`` as a ledger-cli journal (`ledger -f FILE bal`).
///
/// Lots are `Q SYM {UNITCOST CUR} [DATE]` followed by a cost: ledger-cli weighs a lot posting at
/// its lot cost only when the posting has one (else it leaves a two-asset trade unbalanced).
/// A sale's is its price (`@ 68000 USD`, which ledger-cli also records as a market price);
/// the others' is the unit cost written as a virtual cost (`(@)`), which balances without
/// adding a made-up market price to ledger-cli's price history. The ledger currency gets a `format` of
/// two decimals: ledger-cli balances a transaction at the displayed precision of its currency,
/// which absorbs the rounding of per-unit costs; every amount is still written exactly.
public enum LedgerCLIWriter {
    public static func write(_ document: JournalDocument) -> String {
        let currency = JournalNames.ledgerCommodity(document.currency)
        var lines = [
            "; Exported by `ledger export -O ledger`: every lot at the cost and date the replay gave it,",
            "; booked \(document.method.rawValue.uppercased()) in \(currency).",
            "commodity \(currency)",
            "    format 1000.00 \(currency)",
        ]
        lines.append("")
        lines += document.accounts.map { "account \($0.name)" }
        lines.append("")
        lines += document.prices.map { price in
            "P \(price.observedAt.date) \(JournalNames.ledgerCommodity(price.asset)) \(JournalText.number(price.price)) \(JournalNames.ledgerCommodity(price.quote))"
        }
        for transaction in document.transactions {
            lines.append("")
            lines.append("\(transaction.date) * \(JournalText.oneLine(transaction.narration))")
            if !transaction.eventID.isEmpty {
                lines.append("    ; event: \(transaction.eventID)")
                lines.append("    ; seq: \(transaction.sequence)")
            }
            lines += JournalText.postingLines(transaction.postings, indent: "    ", amount: amount)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func amount(_ posting: JournalPosting) -> String {
        var text = "\(JournalText.number(posting.quantity)) \(JournalNames.ledgerCommodity(posting.symbol))"
        if let lot = posting.lot {
            text += " {\(JournalText.number(lot.unitCost)) \(JournalNames.ledgerCommodity(lot.currency))} [\(lot.acquired)]"
        }
        if let price = posting.unitPrice {
            text += " @ \(JournalText.number(price.amount)) \(JournalNames.ledgerCommodity(price.currency))"
        } else if let lot = posting.lot {
            text += " (@) \(JournalText.number(lot.unitCost)) \(JournalNames.ledgerCommodity(lot.currency))"
        }
        if let value = posting.totalValue {
            text += " @@ \(JournalText.number(value.amount)) \(JournalNames.ledgerCommodity(value.currency))"
        }
        return text
    }
}
