import HummingbirdCore
import Logging
import NIOCore
import Synchronization

/// The connections open at once, shared by every connection's ``ConnectionGuard``.
final class OpenConnections: Sendable {
    let limit: Int
    private let count = Atomic<Int>(0)

    init(limit: Int) { self.limit = limit }

    /// Counts a new connection; false when it is one too many (it is counted all the same,
    /// until it closes).
    func open() -> Bool { count.wrappingAdd(1, ordering: .relaxed).newValue <= limit }
    func close() { count.wrappingSubtract(1, ordering: .relaxed) }
    var current: Int { count.load(ordering: .relaxed) }
}

/// First in every connection's pipeline, on the raw bytes: counts the connection and, when it
/// is one more than ``ServerLimits/maxConnections``, answers `503` with one line and closes it
/// before any of it is read. (Beyond a few more, the server stops accepting until one closes;
/// see ``LedgerServer``.)
final class ConnectionGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    static let refusal = "The server has too many connections open; try again soon.\n"
    static let busy =
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
        + "Content-Length: \(refusal.utf8.count)\r\nRetry-After: 10\r\nConnection: close\r\n\r\n" + refusal

    private let connections: OpenConnections
    private var counted = false
    private var refused = false

    init(_ connections: OpenConnections) { self.connections = connections }

    func handlerAdded(context: ChannelHandlerContext) {
        counted = true
        guard !connections.open() else { return }
        refused = true
        // After the rest of the pipeline is set up, so the refusal is all that is written. The
        // output is closed first (the client reads the refusal, then the end), the connection a
        // second later: closing with the request unread would reset it, refusal and all.
        let loop = context.eventLoop.assumeIsolatedUnsafeUnchecked()
        loop.execute {
            let buffer = context.channel.allocator.buffer(string: Self.busy)
            context.writeAndFlush(NIOAny(buffer), promise: nil)
            context.close(mode: .output, promise: nil)
            _ = loop.scheduleTask(in: .seconds(1)) { context.close(promise: nil) }
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        if counted { connections.close() }
        counted = false
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        context.fireChannelRead(data)
    }
}

/// Hummingbird's HTTP/1 channel with a ``ConnectionGuard`` in front.
struct GuardedHTTP1Channel: ServerChildChannel {
    let inner: HTTP1Channel
    let connections: OpenConnections

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1Channel.Value> {
        let connections = connections
        return channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(ConnectionGuard(connections), position: .first)
        }
        .flatMap { inner.setup(channel: channel, logger: logger) }
    }

    func handle(value: HTTP1Channel.Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}
