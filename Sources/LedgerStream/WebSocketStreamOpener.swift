import Dispatch
import LedgerMarketData

/// ``PriceStreamOpening`` over a real WebSocket (``WebSocketConnection``: libcurl's connection,
/// TLS for `wss://`). Each stream runs on a Dispatch queue of its own (not Swift's cooperative pool), so a caller that blocks its
/// thread while it waits for prices (the ticker, an in-process test) never starves it.
public struct WebSocketStreamOpener: PriceStreamOpening {
    public init() {}

    public func open(_ request: StreamRequest, events: @escaping @Sendable (StreamEvent) -> Void)
        -> any PriceStreamConnection
    {
        let stop = StopFlag()
        let session = StreamSession(request: request, stop: stop, events: events)
        DispatchQueue(label: "ledger.live.stream").async { session.run() }
        return StoppingConnection(stop: stop)
    }
}

/// Closing sets the session's flag; its thread closes the socket within a quarter second.
struct StoppingConnection: PriceStreamConnection {
    let stop: StopFlag

    func close() { stop.set() }
}
