import LedgerCore

/// `ledger share -O json`: the card's figures with their exact values (`ledger.share/1`).
public enum ShareJSON {
    public static let schema = "ledger.share/1"

    public static func card(_ card: ShareCard) -> String {
        JSONWriter.document(schema: schema) { writer in
            writer.field("subject", card.subject.rawValue)
            writer.field("title", card.title)
            writer.field("date", card.date.description)
            writer.key("trade_date")
            if let tradeDate = card.tradeDate { writer.string(tradeDate.description) } else { writer.null() }
            writer.field("currency", card.currency.text)
            writer.field("amounts", card.showsAmounts)
            writer.key("headline")
            if let headline = card.headline {
                writer.beginObject()
                fields(headline, &writer)
                writer.endObject()
            } else {
                writer.null()
            }
            writer.objects("figures", card.figures) { fields($1, &$0) }
            writer.objects("allocation", card.allocation) { writer, slice in
                writer.field("label", slice.label)
                writer.field("percent", slice.percent.description)
            }
            writer.key("notes")
            writer.beginArray()
            for note in card.notes { writer.string(note) }
            writer.endArray()
        }
    }

    private static func fields(_ figure: ShareFigure, _ writer: inout JSONWriter) {
        writer.field("key", figure.key)
        writer.field("label", figure.label)
        writer.field("value", figure.value.description)
        switch figure.unit {
        case .percent: writer.field("unit", "%")
        case .money(let currency), .quantity(let currency): writer.field("unit", currency.text)
        }
    }
}
