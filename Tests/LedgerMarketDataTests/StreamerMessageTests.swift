import LedgerCore
import LedgerMarketData
import Testing

/// CryptoCompare streamer messages in their real shapes, and the streamer's settings.
@Suite("streamer messages")
struct StreamerMessageTests {
    @Test("a TYPE 5 update keeps its price exact and may lack any field")
    func tick() {
        let full = StreamerMessage.parse(
            #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"BTC","TOSYMBOL":"USD","FLAGS":2,"PRICE":64201.123456789012345678,"OPEN24HOUR":63000.5,"LASTUPDATE":1710000003}"#
        )
        #expect(
            full
                == .tick(
                    StreamerTick(
                        base: "BTC", quote: "USD", price: ExactDecimal("64201.123456789012345678"),
                        open24h: ExactDecimal("63000.5"))))
        let volumeOnly = StreamerMessage.parse(
            #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"ETH","TOSYMBOL":"EUR","FLAGS":4,"LASTVOLUME":0.01}"#)
        #expect(volumeOnly == .tick(StreamerTick(base: "ETH", quote: "EUR", price: nil, open24h: nil)))
    }

    @Test("errors, acknowledgements and heartbeats")
    func control() {
        #expect(
            StreamerMessage.parse(#"{"TYPE":"500","MESSAGE":"INVALID_SUB","PARAMETER":"5~CCCAGG~FOO~USD"}"#)
                == .invalidSubscription("5~CCCAGG~FOO~USD"))
        #expect(
            StreamerMessage.parse(
                #"{"TYPE":"429","MESSAGE":"TOO_MANY_SOCKETS_MAX_1_PER_CLIENT","INFO":"You have reached the maximum"}"#)
                == .refused("429 TOO_MANY_SOCKETS_MAX_1_PER_CLIENT: You have reached the maximum"))
        for text in [
            #"{"TYPE":"20","MESSAGE":"STREAMERWELCOME"}"#,
            #"{"TYPE":"16","MESSAGE":"SUBSCRIBECOMPLETE","SUB":"5~CCCAGG~BTC~USD"}"#,
            #"{"TYPE":"3","MESSAGE":"LOADCOMPLETE"}"#, #"{"TYPE":"999","MESSAGE":"HEARTBEAT","TIMEMS":1710000000123}"#,
        ] {
            #expect(StreamerMessage.parse(text) == .control)
        }
        #expect(StreamerMessage.parse("999~HEARTBEAT|") == nil)
    }

    @Test("the subscription text")
    func subscribe() {
        #expect(
            StreamerMessage.subscribe([StreamerMessage.subscription(base: "BTC", quote: "USDT")])
                == #"{"action":"SubAdd","subs":["5~CCCAGG~BTC~USDT"]}"#)
    }

    @Test("settings: defaults, the config file, the variables, the key in the URL")
    func settings() throws {
        let defaults = try StreamerSettings.load(file: nil, environment: [:], cryptocompareKey: "k1")
        #expect(defaults.connectURL == "wss://streamer.cryptocompare.com/v2?api_key=k1")
        #expect(defaults.silence == 60 && defaults.retry == 5 && defaults.maxRetry == 60)
        let file = #"{"streamer":{"url":"ws://127.0.0.1:9/v2","silence":5,"max_retry":30}}"#
        let configured = try StreamerSettings.load(
            file: file, environment: ["LGR_STREAMER_KEY": "k2", "LGR_STREAMER_RETRY": "0.5"], cryptocompareKey: nil)
        #expect(configured.connectURL == "ws://127.0.0.1:9/v2?api_key=k2")
        #expect(configured.silence == 5 && configured.retry == 0.5 && configured.maxRetry == 30)
        #expect(throws: MarketDataError.self) {
            try StreamerSettings.load(file: nil, environment: ["LGR_STREAMER_SILENCE": "soon"], cryptocompareKey: nil)
        }
        #expect(throws: MarketDataError.self) {
            try StreamerSettings.load(file: nil, environment: ["LGR_STREAMER_URL": "https://x"], cryptocompareKey: nil)
        }
    }
}
