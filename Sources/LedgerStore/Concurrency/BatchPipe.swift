#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Work on two cores: a producer thread makes values in batches while the calling thread
/// consumes them, in order. The replay reads and decodes events there while the fold runs
/// here (reading is a third of a cold replay: docs/PERFORMANCE.md); an import parses its file
/// there while rows are staged here.
///
/// Whatever `produce` uses is its own until ``run(produce:consume:)`` returns: a database
/// connection (opened in SQLite's multi-thread mode: one thread at a time, any thread) must
/// then not be touched by `consume`.
public enum BatchPipe {
    /// Values per batch: large enough that the hand-over is rare, small enough to start
    /// consuming at once and to keep a few batches in flight without holding everything.
    public static let batchSize = 512
    /// Batches the producer may get ahead by.
    static let depth = 4

    /// Calls `produce` on a producer thread with a function that queues one value, and
    /// `consume` here with each value in the order produced. An error from either side stops
    /// both and is rethrown here (the consumer's first). `perBatch` values are handed over at a
    /// time (fewer when a value is itself a batch of rows).
    public static func run<Element>(
        perBatch: Int = batchSize,
        produce: @escaping ((Element) throws -> Void) throws -> Void,
        consume: (Element) throws -> Void
    ) throws {
        try run(perBatch: perBatch, recycles: false, produce: { emit, _ in try produce(emit) }, consume: consume)
    }

    /// ``run(perBatch:produce:consume:)``, with the consumed values handed back: `produce` gets
    /// a second function that returns a value `consume` is done with (nil when there is none),
    /// to make the next value in its place. The replay's decoder writes a new event into the
    /// box of one the fold has let go of, instead of allocating a box on this thread and
    /// freeing one on the other (docs/PERFORMANCE.md, "Cold replay, twenty-fifth round").
    public static func run<Element>(
        perBatch: Int = batchSize, recycles: Bool,
        produce: @escaping (_ emit: (Element) throws -> Void, _ spare: () -> Element?) throws -> Void,
        consume: (Element) throws -> Void
    ) throws {
        let channel = BatchChannel<Element>()
        let started = WorkerThread {
            let side = ProducerSide(channel, perBatch: perBatch, recycles: recycles)
            do {
                try produce({ try side.emit($0) }, { side.spare() })
                side.flush()
                channel.finish(nil)
            } catch is PipeCancelled {
                channel.finish(nil)
            } catch {
                // What was made before the error is consumed first, as on one thread.
                side.flush()
                channel.finish(error)
            }
        }
        // No thread to be had: produce and consume here, one value at a time.
        guard let reader = started else { return try produce(consume, { nil }) }
        defer { reader.join() }
        do {
            while var batch = try channel.pop() {
                for event in batch { try consume(event) }
                if recycles { channel.giveBack(&batch) }
            }
        } catch {
            channel.cancel()
            throw error
        }
    }
}

/// Thrown inside the reader when the consumer has stopped.
private struct PipeCancelled: Error {}

/// The producer's side of a run: the batch being filled and the values handed back. In one
/// object the two functions `produce` gets share, not `var`s they capture: each access to a
/// captured `var` is checked for exclusivity at run time, ~130 instructions a replayed event
/// (docs/PERFORMANCE.md, "Cold replay, twenty-ninth round"). Used by the producer thread only.
private final class ProducerSide<Element> {
    @exclusivity(unchecked) private var batch: [Element] = []
    @exclusivity(unchecked) private var spares: [Element] = []
    private let channel: BatchChannel<Element>
    private let perBatch: Int
    private let recycles: Bool

    init(_ channel: BatchChannel<Element>, perBatch: Int, recycles: Bool) {
        self.channel = channel
        self.perBatch = perBatch
        self.recycles = recycles
        batch.reserveCapacity(perBatch)
    }

    /// Queues `value`, handing the batch over when it is full.
    func emit(_ value: Element) throws {
        batch.append(value)
        guard batch.count >= perBatch else { return }
        guard channel.push(batch) else { throw PipeCancelled() }
        batch.removeAll(keepingCapacity: true)
    }

    /// A value the consumer is done with, if any (only when the run recycles).
    func spare() -> Element? {
        if spares.isEmpty, recycles, let back = channel.takeBack() { spares = back }
        return spares.popLast()
    }

    /// Hands over what is left of the batch.
    func flush() {
        if !batch.isEmpty { _ = channel.push(batch) }
        batch = []
    }
}

/// A bounded queue of batches guarded by one mutex and one condition variable (both sides wait
/// on it; there is one producer and one consumer).
final class BatchChannel<Element>: @unchecked Sendable {
    private let monitor = Monitor()
    private var batches: [[Element]] = []
    /// Batches the consumer is done with, for the producer to reuse their values.
    private var returned: [[Element]] = []
    private var finished = false
    private var cancelled = false
    private var failure: (any Error)?

    /// Queues a batch, waiting while the queue is full; false once the consumer has stopped.
    func push(_ batch: [Element]) -> Bool {
        monitor.locked {
            while batches.count >= BatchPipe.depth && !cancelled { monitor.wait() }
            guard !cancelled else { return false }
            batches.append(batch)
            monitor.signal()
            return true
        }
    }

    func finish(_ error: (any Error)?) {
        monitor.locked {
            finished = true
            failure = error
            monitor.signal()
        }
    }

    /// The next batch, nil when the reader is done, or the reader's error.
    func pop() throws -> [Element]? {
        let (batch, error): ([Element]?, (any Error)?) = monitor.locked {
            while batches.isEmpty && !finished { monitor.wait() }
            guard batches.isEmpty else {
                monitor.signal()
                return (batches.removeFirst(), nil)
            }
            return (nil, failure)
        }
        if let error { throw error }
        return batch
    }

    /// Keeps a consumed batch for the producer (at most ``BatchPipe/depth``; more are let go).
    /// `batch` is emptied under the lock, so the producer finds the only reference to its values.
    func giveBack(_ batch: inout [Element]) {
        monitor.locked {
            if returned.count < BatchPipe.depth { returned.append(batch) }
            batch = []
        }
    }

    /// A consumed batch, if one was handed back.
    func takeBack() -> [Element]? {
        monitor.locked { returned.popLast() }
    }

    func cancel() {
        monitor.locked {
            cancelled = true
            monitor.signal()
        }
    }

}

/// A joinable POSIX thread running one closure.
final class WorkerThread {
    private var thread: pthread_t

    /// Starts `body` on a new thread; nil when the system refuses one.
    init?(_ body: @escaping () -> Void) {
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let code = pthread_create(
            &thread, nil,
            { raw in
                WorkerThread.runAsBatchWork()
                Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue().body()
                return nil
            }, context)
        guard code == 0 else {
            Unmanaged<Box>.fromOpaque(context).release()
            return nil
        }
        self.thread = thread
    }

    func join() {
        pthread_join(thread, nil)
    }

    /// Marks this thread as batch work, so that waking it never preempts the thread it feeds.
    ///
    /// The calling thread (SQLite's, or the fold) is the one an import or a replay waits for;
    /// the helpers run ahead and wait on full queues. Each time the calling thread takes a
    /// batch it wakes a helper, and on two cores with three threads the woken helper took the
    /// core from it: a 1M-row import was preempted 9,000 times, a quarter of its time
    /// (docs/PERFORMANCE.md). Linux only; elsewhere nothing changes.
    private static func runAsBatchWork() {
        #if os(Linux)
        var parameters = sched_param()
        parameters.sched_priority = 0
        let schedBatch: Int32 = 3 // SCHED_BATCH in <sched.h>, behind _GNU_SOURCE
        _ = pthread_setschedparam(pthread_self(), schedBatch, &parameters)
        #endif
    }

    private final class Box {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }
}
