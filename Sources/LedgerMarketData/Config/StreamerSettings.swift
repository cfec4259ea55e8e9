import LedgerCore
import LedgerInterchange

/// Where `ledger live` streams from and how patiently: CryptoCompare's streamer by default,
/// with the CryptoCompare key. Defaults, then the config file's `"streamer"` object, then the
/// `LGR_STREAMER_*` variables (docs/MARKET-DATA.md).
public struct StreamerSettings: Sendable, Equatable {
    public var url = "wss://streamer.cryptocompare.com/v2"
    /// The API key (the CryptoCompare key unless one is given for the streamer). Never printed.
    public var key: String?
    /// Seconds without a message before the connection counts as dropped: twice the streamer's
    /// 30 s heartbeat.
    public var silence: Double = 60
    /// Seconds before the first reconnect (CryptoCompare asks for at least 5), doubled after
    /// each failed attempt up to `maxRetry`.
    public var retry: Double = 5
    public var maxRetry: Double = 60

    public init() {}

    /// The settings from the config file's text (nil when there is none) and the environment.
    public static func load(file: String?, environment: [String: String], cryptocompareKey: String?)
        throws(MarketDataError) -> StreamerSettings
    {
        var settings = StreamerSettings()
        settings.key = cryptocompareKey
        if let file, let streamer = (try? JSONReader.parse(Array(file.utf8)))?["streamer"] {
            if let url = streamer["url"]?.stringValue { settings.url = url }
            if let key = streamer["key"]?.stringValue { settings.key = key }
            if let value = streamer["silence"]?.decimal { settings.silence = seconds(value) }
            if let value = streamer["retry"]?.decimal { settings.retry = seconds(value) }
            if let value = streamer["max_retry"]?.decimal { settings.maxRetry = seconds(value) }
        }
        if let url = environment["LGR_STREAMER_URL"], !url.isEmpty { settings.url = url }
        if let key = environment["LGR_STREAMER_KEY"], !key.isEmpty { settings.key = key }
        for (name, path) in [
            ("SILENCE", \StreamerSettings.silence), ("RETRY", \StreamerSettings.retry),
            ("MAX_RETRY", \StreamerSettings.maxRetry),
        ] {
            guard let text = environment["LGR_STREAMER_" + name] else { continue }
            guard let value = ExactDecimal(text), value.isPositive else {
                throw .configuration("LGR_STREAMER_\(name)='\(text)' is not valid; expected seconds")
            }
            settings[keyPath: path] = seconds(value)
        }
        guard settings.url.hasPrefix("wss://") || settings.url.hasPrefix("ws://") else {
            throw .configuration("the streamer URL '\(settings.url)' is not a WebSocket URL; use wss://… or ws://…")
        }
        return settings
    }

    /// The URL with the key in its query (`?api_key=…`), as the streamer takes it.
    public var connectURL: String {
        guard let key, !key.isEmpty else { return url }
        return url + (url.contains("?") ? "&" : "?") + "api_key=" + key
    }

    /// The request for these subscriptions.
    public func request(subscriptions: [String]) -> StreamRequest {
        StreamRequest(
            url: connectURL, subscribe: StreamerMessage.subscribe(subscriptions), silence: silence, firstRetry: retry,
            maxRetry: max(retry, maxRetry))
    }

    /// Seconds for timers (not money: a Double is right here).
    private static func seconds(_ value: ExactDecimal) -> Double {
        Double(value.formatted()) ?? 0
    }
}
