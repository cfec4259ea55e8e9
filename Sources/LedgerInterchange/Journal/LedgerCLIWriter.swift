import LedgerCore

/// Writes a ``JournalDocument`` as a ledger-cli journal (`ledger -f FILE bal`) that hledger
/// reads too (`hledger -f FILE bal`).
///
/// Lots are `Q SYM {UNITCOST CUR} [DATE]` followed by a cost: ledger-cli weighs a lot posting at
/// its lot cost only when the posting has one (else it leaves a two-asset trade unbalanced),
/// and hledger ignores `{…}` and weighs a posting at its cost. Every lot posting's cost is
/// therefore its unit cost, written as a virtual cost (`(@)`), which balances in both tools
/// without adding a made-up market price; a sale too, its gain being the explicit
/// `Income:Gains` posting (at `@ PRICE`, hledger weighed the sale at its price and found the
/// transaction off by the gain). The sale's price is kept as a `P` line on its date, so
/// ledger-cli's price history is what `@ PRICE` gave it. The ledger currency gets a `format`
/// of two decimals: both tools balance a transaction at the displayed precision of its
/// currency, which absorbs the rounding of per-unit costs; every amount is still written exactly.
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
            lines += salePrices(transaction)
            lines.append("\(transaction.date) * \(JournalText.oneLine(transaction.narration))")
            if !transaction.eventID.isEmpty {
                lines.append("    ; event: \(transaction.eventID)")
                lines.append("    ; seq: \(transaction.sequence)")
            }
            lines += JournalText.postingLines(transaction.postings, indent: "    ", amount: amount)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `P DATE SYM PRICE CUR` for each sale price of the transaction (see the type's comment),
    /// once when the sale takes from several lots.
    static func salePrices(_ transaction: JournalTransaction) -> [String] {
        var lines: [String] = []
        for posting in transaction.postings {
            guard posting.lot != nil, let price = posting.unitPrice else { continue }
            let line =
                "P \(transaction.date) \(JournalNames.ledgerCommodity(posting.symbol)) \(JournalText.number(price.amount)) \(JournalNames.ledgerCommodity(price.currency))"
            if !lines.contains(line) { lines.append(line) }
        }
        return lines
    }

    static func amount(_ posting: JournalPosting) -> String {
        var text = "\(JournalText.number(posting.quantity)) \(JournalNames.ledgerCommodity(posting.symbol))"
        if let lot = posting.lot {
            text +=
                " {\(JournalText.number(lot.unitCost)) \(JournalNames.ledgerCommodity(lot.currency))} [\(lot.acquired)]"
            text += " (@) \(JournalText.number(lot.unitCost)) \(JournalNames.ledgerCommodity(lot.currency))"
        } else if let price = posting.unitPrice {
            text += " @ \(JournalText.number(price.amount)) \(JournalNames.ledgerCommodity(price.currency))"
        }
        if let value = posting.totalValue {
            text += " @@ \(JournalText.number(value.amount)) \(JournalNames.ledgerCommodity(value.currency))"
        }
        return text
    }
}
