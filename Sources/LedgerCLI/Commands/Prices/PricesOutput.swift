import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerRender

/// Renders stored prices as a table, JSON (`ledger.prices/1`) or CSV. Prices are printed
/// exactly, as decimal strings.
struct PricesOutput {
    let prices: [RecordedPrice]
    /// The asset asked for, when showing one asset's history.
    let asset: AssetSymbol?
    let width: Int
    /// Now, for the age column.
    var now: Timestamp? = nil

    /// The last observation of each asset and quote in store order (asset, quote, time,
    /// source): the one the price table values with.
    static func latest(_ stored: [RecordedPrice]) -> [RecordedPrice] {
        var result: [RecordedPrice] = []
        for price in stored {
            if let last = result.last,
                (last.observation.asset, last.observation.quote) == (price.observation.asset, price.observation.quote)
            {
                result[result.count - 1] = price
            } else {
                result.append(price)
            }
        }
        return result
    }

    /// Newest first; at equal times by quote, then source.
    static func newestFirst(_ stored: [RecordedPrice]) -> [RecordedPrice] {
        stored.sorted { lhs, rhs in
            let left = lhs.observation
            let right = rhs.observation
            if left.observedAt != right.observedAt { return left.observedAt > right.observedAt }
            return (left.quote, left.source) < (right.quote, right.source)
        }
    }

    func text() -> String {
        guard !prices.isEmpty else {
            guard let asset else {
                return
                    "No prices recorded; add one with 'ledger prices set BTC 31000' or 'ledger prices import FILE'.\n"
            }
            return "No prices recorded for \(asset); add one with 'ledger prices set \(asset) PRICE'.\n"
        }
        var table = TextTable(columns: [
            .init("asset"), .init("quote"), .init("price", .right), .init("observed at"),
            .init("age", .right, dropPriority: 1), .init("source", flexible: true),
        ])
        for stored in prices {
            let price = stored.observation
            let age = now.map { Age.ago(price.observedAt, now: $0) } ?? ""
            table.append([
                price.asset.text, price.quote.text, price.price.formatted(), price.observedAt.compactDescription, age,
                price.source,
            ])
        }
        return table.render(width: width)
    }

    func json() -> String {
        PriceJSON.prices(prices.map { ($0.observation, $0.fetchedAt) }, asset: asset)
    }

    func csv() -> String {
        var writer = CSVWriter()
        writer.row(["asset", "quote", "price", "observed_at", "source", "fetched_at"])
        for stored in prices {
            let price = stored.observation
            writer.row([
                price.asset.text, price.quote.text, price.price.formatted(), price.observedAt.description,
                price.source, stored.fetchedAt.description,
            ])
        }
        return writer.text
    }
}
