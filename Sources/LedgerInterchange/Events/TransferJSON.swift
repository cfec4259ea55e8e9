import LedgerCore

/// `ledger.transfers/1` (docs/JSON.md): the links in force with their two events, and the
/// withdrawals and deposits (other than fiat) that no link pairs.
public enum TransferJSON {
    public static let schema = "ledger.transfers/1"

    public static func document(_ book: TransferBook) -> String {
        var writer = JSONWriter(pretty: true)
        writer.beginObject()
        writer.field("schema", schema)
        writer.key("linked")
        writer.beginArray()
        for pair in book.pairs { write(pair, to: &writer) }
        writer.endArray()
        for (name, events) in [
            ("unmatched_withdrawals", book.unmatchedWithdrawals), ("unmatched_deposits", book.unmatchedDeposits),
        ] {
            writer.key(name)
            writer.beginArray()
            for event in events { write(event, to: &writer) }
            writer.endArray()
        }
        writer.endObject()
        return writer.text
    }

    private static func write(_ pair: TransferBook.Pair, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("seq", pair.linkEvent.sequence)
        writer.field("id", pair.linkEvent.id.text)
        writer.field("rule", pair.link.rule.rawValue)
        writer.field("asset", pair.link.arrived.asset.symbol.text)
        writer.field("network_fee", pair.networkFee.description)
        writer.key("withdrawal")
        write(pair.withdrawal, to: &writer)
        writer.key("deposit")
        write(pair.deposit, to: &writer)
        writer.endObject()
    }

    /// A withdrawal or deposit: its number, id, time, account and amount, and the transaction
    /// hash and address it keeps, if any.
    private static func write(_ event: LedgerEvent, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("seq", event.sequence)
        writer.field("id", event.id.text)
        writer.field("kind", event.kind.rawValue)
        writer.field("occurred_at", event.occurredAt.description)
        writer.field("account", event.account)
        if case .withdraw(let amount) = event.action { amountFields(amount, &writer) }
        if case .deposit(let amount) = event.action { amountFields(amount, &writer) }
        writer.field("tx_hash", event.chain?.hash)
        writer.field("address", event.chain?.address)
        writer.endObject()
    }

    private static func amountFields(_ amount: AssetAmount, _ writer: inout JSONWriter) {
        writer.field("asset", amount.asset.symbol.text)
        writer.field("quantity", amount.quantity.description)
    }
}
