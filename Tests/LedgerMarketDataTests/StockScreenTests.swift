import LedgerCore
import LedgerMarketData
import LedgerTestSupport
import Testing

/// Yahoo's predefined screens (the stock and ETF lists of `ledger market --class stock|etf`)
/// and CoinGecko's change periods, from bodies in the real shapes served on 127.0.0.1.
@Suite("stock screens and change periods")
struct StockScreenTests {
    let usd = symbol("USD")

    func screen(_ id: String?, _ assetClass: AssetClass = .stock) -> StockScreen {
        StockScreen(id, assetClass: assetClass)!
    }

    @Test("most_actives: one request, listings ranked in the screen's order, ETFs left out, BRK-B read as BRK.B")
    func mostActives() throws {
        let harness = try MarketHarness()
        let list = try harness.source("yahoo").screen(screen(nil), count: 100, in: usd)
        #expect(
            harness.requests("yahoo").map(\.target) == [
                "/yahoo/v1/finance/screener/predefined/saved?scrIds=most_actives&count=100&formatted=false"
            ])
        #expect(list.entries.count == 24)
        #expect(!list.entries.contains { $0.symbol == symbol("SPY") })
        #expect(list.entries.map(\.rank) == Array(1...24))
        let nvidia = list.entries[0]
        #expect(nvidia.symbol == symbol("NVDA") && nvidia.name == "NVIDIA Corporation")
        #expect(nvidia.price == decimal("1096.33") && nvidia.change24h == decimal("-0.7748"))
        #expect(nvidia.marketCap == decimal("2696785084416") && nvidia.volume24h == decimal("41523201"))
        #expect(nvidia.change7d == nil && nvidia.change30d == nil)
        #expect(list.entries.contains { $0.symbol == symbol("BRK.B") })
        #expect(list.screen == screen("most_actives") && list.cacheKey == "stock:most_actives")
    }

    @Test("a London listing quoted in pence (GBp) is priced in pounds")
    func pence() throws {
        let harness = try MarketHarness()
        let list = try harness.source("yahoo").screen(screen("day_gainers"), count: 100, in: usd)
        let shell = try #require(list.entries.first { $0.symbol == symbol("SHEL.L") })
        #expect(shell.quote == symbol("GBP") && shell.price == decimal("27.905"))
        #expect(shell.change24h == decimal("2.3094") && shell.marketCap == decimal("177823195136"))
    }

    @Test("etf keeps only ETFs; an error body is the API's words")
    func etfAndErrors() throws {
        let harness = try MarketHarness()
        let etfs = try harness.source("yahoo").screen(screen(nil, .etf), count: 100, in: usd)
        #expect(etfs.entries.map(\.symbol.text) == ["VOO", "SPY", "QQQ", "IWM"])
        #expect(etfs.entries.allSatisfy { $0.marketCap == nil })
        #expect(throws: MarketDataError.apiError(source: "yahoo", message: "No screener found for scrIds=bond_etfs")) {
            try harness.source("yahoo").screen(screen("bond_etfs", .etf), count: 100, in: usd)
        }
        let stocksOnly = try MarketHarness(routes: [
            "/yahoo/v1/finance/screener/predefined/saved": [
                .init(
                    body:
                        #"{"finance":{"result":[{"quotes":[{"symbol":"AAPL","quoteType":"EQUITY","currency":"USD"}]}],"error":null}}"#
                )
            ]
        ])
        #expect(throws: MarketDataError.empty(source: "yahoo", what: "ETFs in the screen top_etfs_us")) {
            try stocksOnly.source("yahoo").screen(screen(nil, .etf), count: 100, in: usd)
        }
    }

    @Test("Yahoo's chart: an exchange suffix is kept in the URL, a share class dashed; pence are recorded in pounds")
    func chartPence() throws {
        let body =
            #"{"chart":{"result":[{"meta":{"currency":"GBp","symbol":"VOD.L","exchangeName":"LSE","instrumentType":"EQUITY","regularMarketPrice":74.22,"regularMarketTime":1717169718},"timestamp":[1717142400],"indicators":{"quote":[{"open":[73.5],"high":[74.38],"low":[72.84],"close":[74.22],"volume":[183421000]}]}}],"error":null}}"#
        let harness = try MarketHarness(routes: ["/yahoo/v8/finance/chart/VOD.L": [.init(body: body)]])
        let batch = try harness.source("yahoo").latestPrices(of: [symbol("VOD.L")], in: usd)
        #expect(batch.observations.map(\.quote) == [symbol("GBP")])
        #expect(batch.observations.map(\.price) == [decimal("0.7422")])
        let candles = try harness.source("yahoo").candles(of: symbol("VOD.L"), in: usd, interval: .day, count: 1)
        #expect(candles.map(\.high) == [decimal("0.7438")] && candles.map(\.quote) == [symbol("GBP")])
        #expect(ExchangeSuffix.yahooSymbol(symbol("BRK.B")) == "BRK-B")
        #expect(ExchangeSuffix.yahooSymbol(symbol("SAP.DE")) == "SAP.DE")
    }

    @Test("figures given as {raw, fmt} objects are read from raw")
    func rawObjects() throws {
        let body =
            #"{"finance":{"result":[{"quotes":[{"symbol":"AAPL","shortName":"Apple Inc.","quoteType":"EQUITY","currency":"USD","regularMarketPrice":{"raw":192.25,"fmt":"192.25"},"regularMarketChangePercent":{"raw":0.5015,"fmt":"0.50%"}}]}],"error":null}}"#
        let harness = try MarketHarness(routes: ["/yahoo/v1/finance/screener/predefined/saved": [.init(body: body)]])
        let entry = try harness.source("yahoo").screen(screen(nil), count: 10, in: usd).entries[0]
        #expect(entry.price == decimal("192.25") && entry.change24h == decimal("0.5015"))
    }

    @Test("CoinGecko's top list asks for every period and keeps each, exact; a null stays nil")
    func periods() throws {
        let harness = try MarketHarness()
        let list = try harness.source("coingecko").topList(count: 100, in: usd)
        #expect(harness.requests("coingecko")[0].query.contains("price_change_percentage=1h,24h,7d,30d,1y"))
        let bitcoin = list.entries[0]
        #expect(bitcoin.change(.hour) == decimal("1.7") && bitcoin.change(.day) == decimal("-1.234"))
        #expect(bitcoin.change(.week) == decimal("2.5") && bitcoin.change(.month) == decimal("14.69"))
        #expect(bitcoin.change(.year) == decimal("-51.3"))
        let toncoin = try #require(list.entries.first { $0.symbol == symbol("TON") })
        #expect(toncoin.change(.year) == nil && toncoin.change(.month) != nil)
    }
}
