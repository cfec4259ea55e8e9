import LedgerCore
import LedgerRender
import LedgerStore

/// How conversions print: results rounded for reading (2 places for fiat, 8 otherwise; the
/// recorded value is exact), and the history as a table.
enum ConversionOutput {
    static func amount(_ value: ExactDecimal, _ asset: AssetSymbol) -> String {
        if asset.isWellKnownFiat && (value.magnitude >= ExactDecimal(units: ExactDecimal.unitsPerOne / 100) || value.isZero) {
            return value.formatted(places: 2)
        }
        return value.rounded(places: 8).formatted()
    }

    static func rate(_ value: ExactDecimal) -> String {
        value.rounded(places: 10).formatted()
    }

    static func history(_ records: [ConversionRecord], width: Int) -> String {
        guard !records.isEmpty else { return "No conversions recorded; convert with e.g. 'ledger convert 100 EUR AUD'.\n" }
        var table = TextTable(columns: [
            .init("converted at"), .init("amount", .right), .init("from"), .init("result", .right), .init("to"),
            .init("rate", .right, dropPriority: 2), .init("rate observed", dropPriority: 1), .init("source", flexible: true),
        ])
        for record in records {
            table.append([
                record.convertedAt.description, record.amount.formatted(), record.from.text,
                amount(record.result, record.to), record.to.text, rate(record.rate),
                record.rateObservedAt.compactDescription, record.source,
            ])
        }
        return table.render(width: width)
    }
}
