import LedgerCore
import LedgerStore

/// What `ledger share` is asked to make a card of.
public enum ShareTarget: Sendable, Equatable {
    case portfolio
    case holding(AssetSymbol)
    /// An event reference as `ledger log` shows it: `12`, `#12` or an event id.
    case trade(reference: String)

    /// Reads the symbol of `share holding SYMBOL`.
    public static func holding(_ text: String) throws(ShareError) -> ShareTarget {
        guard let symbol = AssetSymbol(text) else { throw .notASymbol(text) }
        return .holding(symbol)
    }
}

/// `ledger share` (and anything else that makes a card): replays the ledger as the portfolio
/// does, then builds the card. What the card could not value is returned with it, so the
/// caller says what is missing and how to fill it, as the portfolio does.
public struct ShareQuery {
    public struct Result: Sendable {
        public let card: ShareCard
        public let missing: [MissingPrice]
        public let complete: Bool
        /// Assets the card needed a price of and had none, and the currency it was wanted in.
        public let unpriced: [AssetSymbol]
        public let quote: AssetSymbol
    }

    public let runner: ReplayRunner

    public init(runner: ReplayRunner) {
        self.runner = runner
    }

    public func card(_ target: ShareTarget, options: ValuationOptions, amounts: Bool) throws -> Result {
        switch target {
        case .portfolio:
            let report = try runner.holdings(options, useSnapshots: true)
            // A card of a title alone would pass for an empty portfolio worth sharing.
            guard !report.rows.isEmpty else { throw ShareError.nothingHeld(on: options.asOf.date) }
            return Result(
                card: .portfolio(report, amounts: amounts), missing: report.missingPrices, complete: report.complete,
                unpriced: report.totals.unpricedAssets, quote: options.currency)
        case .holding(let asset):
            let report = try runner.holdings(options, useSnapshots: true)
            guard let card = ShareCard.holding(asset, in: report, amounts: amounts) else {
                let held = Set(report.rows.map(\.asset)).sorted()
                throw ShareError.notHeld(asset, on: options.asOf.date, held: held)
            }
            let priced = report.rows.contains { $0.asset == asset && $0.price != nil }
            return Result(
                card: card, missing: report.missingPrices, complete: priced, unpriced: priced ? [] : [asset],
                quote: options.currency)
        case .trade(let reference):
            return try trade(reference, options: options, amounts: amounts)
        }
    }

    private func trade(_ reference: String, options: ValuationOptions, amounts: Bool) throws -> Result {
        let event = try runner.store.events.requireEvent(reference)
        let shown = "#\(event.sequence)"
        if EventReplay.voidedIDs(try runner.store.events.voidEvents())[event.id] != nil {
            throw ShareError.voided(reference: shown)
        }
        guard event.occurredAt <= options.asOf else {
            throw ShareError.afterAsOf(reference: shown, occurred: event.occurredAt.date, asOf: options.asOf.date)
        }
        guard let card = ShareCard.trade(event, prices: runner.prices, asOf: options.asOf, amounts: amounts) else {
            throw ShareError.notATrade(reference: shown, kind: event.action.kind)
        }
        let priced = card.figures.contains { $0.key == "price_now" }
        return Result(
            card: card, missing: [], complete: priced,
            unpriced: priced ? [] : event.action.primaryAsset.map { [$0.symbol] } ?? [],
            quote: card.currency)
    }
}
