import LedgerCore
import LedgerMarketData

/// A failure of a market service (fetching, the cache, the configuration), with the one line
/// the user sees beside each case.
public enum MarketServiceError: UserFacingError, Equatable {
    case marketConfiguration(place: String, reason: String)
    case unknownSource(String)
    case notAnAssetSymbol(String)
    case noCachedCandles(pair: String, since: Timestamp)
    case unknownSymbol(AssetSymbol, reasons: String)
    case noSourceOffers(pair: String, tried: String)
    case candlesUnavailable(pair: String, reasons: String, since: Timestamp)
    case noTopList(assetClass: AssetClass, asked: String, from: [String])
    case notCached(String)
    case notCachedNorFetched(String, reasons: String)
    case unpublishedRate(AssetSymbol, other: AssetSymbol)
    case nothingFetchedNorCached([AssetSymbol])
    case pricesTooOld([String])
    case noCachedRate(from: AssetSymbol, to: AssetSymbol, date: LocalDate?)

    public var category: ErrorCategory {
        switch self {
        case .unknownSource, .notAnAssetSymbol: .usage
        default: .data
        }
    }

    public var description: String {
        switch self {
        case .marketConfiguration(let place, let reason):
            "market-data configuration\(place): \(reason)"
        case .unknownSource(let name):
            "--source '\(name)' is not a market-data source; use one of \(MarketDataConfig.knownSources.joined(separator: ", "))"
        case .notAnAssetSymbol(let text):
            "'\(text)' is not an asset symbol; use letters and digits such as BTC, 1INCH or AAPL"
        case .noCachedCandles(let pair, let since):
            "no \(pair) since \(since) are cached; run the command without --offline first"
        case .unknownSymbol(let symbol, let reasons):
            "no source knows '\(symbol)' (\(reasons)); check the symbol with 'ledger market search \(symbol)'"
        case .noSourceOffers(let pair, let tried):
            "no source offers \(pair): \(tried)"
        case .candlesUnavailable(let pair, let reasons, let since):
            "could not fetch \(pair) (\(reasons)) and none since \(since) are cached; try again when the source answers"
        case .noTopList(let assetClass, let asked, let sources):
            "no source has a top list of \(assetClass) assets (\(asked)); \(sources.joined(separator: " and ")) \(sources.count == 1 ? "has" : "have") one: add it to the fallback order for \(assetClass) (docs/MARKET-DATA.md)"
        case .notCached(let what):
            "\(what); run the command without --offline first"
        case .notCachedNorFetched(let what, let reasons):
            "\(what), and it could not be fetched: \(reasons); try again when the source answers"
        case .unpublishedRate(let currency, let other):
            "no source publishes \(currency) rates (frankfurter has the ECB's \(FrankfurterSource.published.count) currencies, marked in 'ledger currencies'); record one with 'ledger prices set \(currency) RATE --currency \(other)'"
        case .noCachedRate(let from, let to, let date):
            "no rate for \(from) in \(to)\(date.map { " on or before \($0)" } ?? "") in the cache; connect to the network and run 'ledger convert' again, or record one with 'ledger prices set \(from) RATE --currency \(to)'"
        case .nothingFetchedNorCached(let assets):
            "no price could be fetched, and none is cached for \(assets.map(\.text).joined(separator: ", "))"
        case .pricesTooOld(let stale):
            "prices older than --max-age allows, or missing: \(stale.joined(separator: ", ")); nothing recorded; fetch again when the sources answer"
        }
    }
}
