import LedgerCore
import LedgerInterchange

/// What Yahoo's chart says about a symbol beyond its prices: the kind of instrument
/// (`meta.instrumentType`) and its splits and dividends (`events=div,splits`).
extension YahooChartSource {
    /// Yahoo's `meta.instrumentType` of `asset` (`EQUITY`, `ETF`, `MUTUALFUND`,
    /// `CRYPTOCURRENCY`, …), or nil when Yahoo does not know the symbol (its 404).
    public func instrumentType(of asset: AssetSymbol) throws(MarketDataError) -> String? {
        let meta: JSONValue?
        do throws(MarketDataError) {
            meta = try chart(asset, [("range", "1d"), ("interval", "1d")])["meta"]
        } catch .unknownSymbol {
            return nil
        }
        guard let type = meta?["instrumentType"]?.stringValue else {
            throw endpoint.badShape("the chart of \(asset) has no meta.instrumentType")
        }
        return type
    }

    /// The splits and dividends of `asset` between `start` and `end` (inclusive), oldest first.
    public func corporateActions(of asset: AssetSymbol, from start: LocalDate, through end: LocalDate)
        throws(MarketDataError) -> [CorporateAction]
    {
        let result = try chart(
            asset,
            [
                ("period1", String(start.startOfDay.secondsSinceEpoch)),
                ("period2", String(end.adding(days: 1).startOfDay.secondsSinceEpoch)), ("interval", "1d"),
                ("events", "div,splits"),
            ])
        let currency = result["meta"]?["currency"]?.stringValue.flatMap(AssetSymbol.init)
        let events = result["events"]
        var actions: [CorporateAction] = []
        for split in (events?["splits"]?.objectValue ?? [:]).values {
            guard let day = split["date"]?.integer.map({ Timestamp(secondsSinceEpoch: $0).date }),
                let numerator = split["numerator"]?.decimal, let denominator = split["denominator"]?.decimal,
                let ratio = Self.ratio(numerator, denominator)
            else { throw endpoint.badShape("a split of \(asset) has no date, numerator and denominator") }
            actions.append(CorporateAction(asset: asset, date: day, kind: .split(ratio), source: name))
        }
        for dividend in (events?["dividends"]?.objectValue ?? [:]).values {
            guard let day = dividend["date"]?.integer.map({ Timestamp(secondsSinceEpoch: $0).date }),
                let amount = dividend["amount"]?.decimal, let currency
            else { throw endpoint.badShape("a dividend of \(asset) has no date, amount and currency") }
            actions.append(
                CorporateAction(
                    asset: asset, date: day, kind: .dividend(perShare: amount, currency: currency), source: name))
        }
        return actions.filter { $0.date >= start && $0.date <= end }.sorted {
            ($0.date, $0.order) < ($1.date, $1.order)
        }
    }

    /// A whole-number ratio (`4`, `1`), or nil for fractions Yahoo sometimes reports as decimals.
    private static func ratio(_ numerator: ExactDecimal, _ denominator: ExactDecimal) -> SplitRatio? {
        guard let new = Int(numerator.description), let old = Int(denominator.description) else { return nil }
        return SplitRatio(numerator: new, denominator: old)
    }
}

extension CorporateAction {
    /// Splits before dividends on one day.
    fileprivate var order: Int {
        if case .split = kind { return 0 }
        return 1
    }
}
