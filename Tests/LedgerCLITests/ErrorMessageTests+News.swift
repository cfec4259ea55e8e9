import LedgerApp
import LedgerCore

extension ErrorSamples {
    static var news: [Sample] {
        let btc = AssetSymbol("BTC")!
        let errors: [NewsError] = [
            .notALimit("0"), .notASince("x"), .notALanguage("english"), .notAClass("gold"), .nothingCached(about: []),
            .nothingCached(about: [btc]), .nothingCachedNorFetched(about: [btc], reasons: "cryptocompare timed out"),
        ]
        return samples(errors) { error in
            switch error {
            case .notALimit, .notASince, .notALanguage, .notAClass: usage
            case .nothingCached, .nothingCachedNorFetched: data
            }
        }
    }
}
