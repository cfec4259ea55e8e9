import LedgerCore
import LedgerInterchange

/// One price update of CryptoCompare's aggregate index (TYPE 5). An update carries only the
/// fields that changed, so every field may be missing.
public struct StreamerTick: Sendable, Equatable {
    public let base: String
    public let quote: String
    public let price: ExactDecimal?
    public let open24h: ExactDecimal?

    public init(base: String, quote: String, price: ExactDecimal?, open24h: ExactDecimal?) {
        self.base = base
        self.quote = quote
        self.price = price
        self.open24h = open24h
    }
}

/// A message of CryptoCompare's streamer (`wss://streamer.cryptocompare.com/v2`), read from its
/// JSON text; numbers become exact decimals from their text, never through `Double`.
public enum StreamerMessage: Sendable, Equatable {
    /// TYPE 5: a price (or volume-only) update.
    case tick(StreamerTick)
    /// TYPE 500 INVALID_SUB (or SUBSCRIPTION_UNRECOGNIZED): one subscription the streamer refused.
    case invalidSubscription(String)
    /// TYPE 401, 429 and the other 500s: the streamer refuses the socket or the request.
    case refused(String)
    /// Welcome (20), subscribe ack (16), load complete (3), heartbeat (999) and the rest.
    case control

    /// The message in `text`; nil when it is not a JSON object with a TYPE.
    public static func parse(_ text: String) -> StreamerMessage? {
        guard let json = try? JSONReader.parse(Array(text.utf8)), let type = json["TYPE"]?.stringValue else {
            return nil
        }
        let message = json["MESSAGE"]?.stringValue ?? ""
        switch type {
        case "5":
            guard let base = json["FROMSYMBOL"]?.stringValue, let quote = json["TOSYMBOL"]?.stringValue else {
                return nil
            }
            return .tick(
                StreamerTick(
                    base: base, quote: quote, price: json["PRICE"]?.decimal, open24h: json["OPEN24HOUR"]?.decimal)
            )
        case "500" where ["INVALID_SUB", "SUBSCRIPTION_UNRECOGNIZED"].contains(message):
            return .invalidSubscription(json["PARAMETER"]?.stringValue ?? "")
        case "401", "429", "500":
            let info = json["INFO"]?.stringValue.map { ": " + $0 } ?? ""
            return .refused("\(type) \(message)\(info)")
        default:
            return .control
        }
    }

    /// `5~CCCAGG~BTC~USD`: the aggregate index of one pair.
    public static func subscription(base: String, quote: String) -> String { "5~CCCAGG~\(base)~\(quote)" }

    /// `{"action":"SubAdd","subs":[…]}`.
    public static func subscribe(_ subscriptions: [String]) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("action", "SubAdd")
        writer.key("subs")
        writer.beginArray()
        for subscription in subscriptions { writer.string(subscription) }
        writer.endArray()
        writer.endObject()
        return writer.text
    }
}
