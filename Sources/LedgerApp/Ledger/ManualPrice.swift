import LedgerCore
import LedgerInterchange
import LedgerStore

/// A price recorded by hand, as `ledger prices set` and the server's missing-prices form
/// record it: checked by ``PriceInput`` (an exact price of 0 or more, a date, a currency),
/// stored with source `manual`, replacing the one of the same asset, currency and time.
public enum ManualPrice {
    public static let source = "manual"

    /// Records `input` in `books` (a ledger file created when it does not exist yet, or a
    /// user's books in the server's database) and answers the line
    /// `prices set` prints: `recorded BTC 30500 USD on 2023-07-01 (manual)`, with `, replacing
    /// 30000` or `, unchanged` when a price of that key was there. A refusal throws the
    /// ``InputError`` of ``PriceInput`` (its labels name the date and currency), and nothing
    /// is written.
    public static func record(
        _ input: PriceInput, in books: AmendableBooks, defaultQuote: AssetSymbol, labels: PriceInput.Labels,
        now: Timestamp
    ) throws -> (observation: PriceObservation, line: String) {
        let observation = try input.observation(
            defaultQuote: defaultQuote, defaultDate: now, source: source, labels: labels
        ).get()
        let replaced = try books.existing?.prices.observations(asset: observation.asset).first { stored in
            let old = stored.observation
            return (old.quote, old.observedAt, old.source) == (
                observation.quote, observation.observedAt, observation.source
            )
        }
        try books.storeForWriting().prices.record([observation], fetchedAt: now)
        var line =
            "recorded \(observation.asset) \(observation.price) \(observation.quote) on \(observation.observedAt.compactDescription) (\(observation.source))"
        if let old = replaced?.observation.price {
            line += old == observation.price ? ", unchanged" : ", replacing \(old)"
        }
        return (observation, line)
    }
}
