import Dispatch
import LedgerMarketData
import Logging
import WSClient

/// ``PriceStreamOpening`` over a real WebSocket (`WSClient` from swift-websocket, on SwiftNIO,
/// TLS from swift-nio-ssl for `wss://`). It runs on its own executor, so a caller that blocks
/// its thread while it waits for prices (the ticker, an in-process test) never starves it.
public struct WebSocketStreamOpener: PriceStreamOpening {
    public init() {}

    public func open(_ request: StreamRequest, events: @escaping @Sendable (StreamEvent) -> Void)
        -> any PriceStreamConnection
    {
        let executor = StreamExecutor()
        let task = Task(executorPreference: executor) {
            await StreamSession(request: request, executor: executor, emit: events).run()
        }
        return TaskConnection(task: task)
    }
}

/// Closing cancels the session's task, which closes the socket.
struct TaskConnection: PriceStreamConnection {
    let task: Task<Void, Never>

    func close() { task.cancel() }
}

/// A serial queue as a task executor: the session's jobs run on Dispatch's threads, outside
/// Swift's cooperative pool.
final class StreamExecutor: TaskExecutor, @unchecked Sendable {
    private let queue = DispatchQueue(label: "ledger.live.stream")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// WSClient logs through swift-log; the ticker says what matters itself.
enum StreamLog {
    static let logger: Logger = {
        var logger = Logger(label: "ledger-live")
        logger.logLevel = .critical
        return logger
    }()
}
