#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LedgerCore

/// Runs a replay on two cores: a reader thread steps SQLite and decodes events into batches,
/// while the calling thread folds them. Reading and decoding are a third of a cold replay and
/// folding is the rest (docs/PERFORMANCE.md), so overlapping them takes the read off the
/// critical path.
///
/// The reader has the database connection to itself until ``run(produce:consume:)`` returns
/// (the connection is opened in SQLite's multi-thread mode: one thread at a time, any thread);
/// `consume` must not touch the store.
enum EventPipe {
    /// Events per batch: large enough that the hand-over is rare, small enough to start folding
    /// at once and to keep a few batches in flight without holding the log.
    static let batchSize = 512
    /// Batches the reader may get ahead by.
    static let depth = 4

    /// Calls `produce` on a reader thread with a function that queues one event, and
    /// `consume` here with each event in the order produced. An error from either side stops
    /// both and is rethrown here (the consumer's first).
    static func run(produce: @escaping ((LedgerEvent) throws -> Void) throws -> Void,
                    consume: (LedgerEvent) throws -> Void) throws {
        let channel = BatchChannel()
        let started = ReaderThread {
            var batch: [LedgerEvent] = []
            batch.reserveCapacity(batchSize)
            do {
                try produce { event in
                    batch.append(event)
                    guard batch.count == batchSize else { return }
                    guard channel.push(batch) else { throw PipeCancelled() }
                    batch.removeAll(keepingCapacity: true)
                }
                if !batch.isEmpty { _ = channel.push(batch) }
                channel.finish(nil)
            } catch is PipeCancelled {
                channel.finish(nil)
            } catch {
                // What was read before the error is folded first, as on one thread.
                if !batch.isEmpty { _ = channel.push(batch) }
                channel.finish(error)
            }
        }
        // No thread to be had: read and fold here, one event at a time.
        guard let reader = started else { return try produce(consume) }
        defer { reader.join() }
        do {
            while let batch = try channel.pop() {
                for event in batch { try consume(event) }
            }
        } catch {
            channel.cancel()
            throw error
        }
    }
}

/// Thrown inside the reader when the consumer has stopped.
private struct PipeCancelled: Error {}

/// A bounded queue of batches guarded by one mutex and one condition variable (both sides wait
/// on it; there is one producer and one consumer).
private final class BatchChannel: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var batches: [[LedgerEvent]] = []
    private var finished = false
    private var cancelled = false
    private var failure: (any Error)?

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(mutex)
        changed.deallocate()
        mutex.deallocate()
    }

    /// Queues a batch, waiting while the queue is full; false once the consumer has stopped.
    func push(_ batch: [LedgerEvent]) -> Bool {
        locked {
            while batches.count >= EventPipe.depth && !cancelled { pthread_cond_wait(changed, mutex) }
            guard !cancelled else { return false }
            batches.append(batch)
            pthread_cond_signal(changed)
            return true
        }
    }

    func finish(_ error: (any Error)?) {
        locked {
            finished = true
            failure = error
            pthread_cond_signal(changed)
        }
    }

    /// The next batch, nil when the reader is done, or the reader's error.
    func pop() throws -> [LedgerEvent]? {
        let (batch, error): ([LedgerEvent]?, (any Error)?) = locked {
            while batches.isEmpty && !finished { pthread_cond_wait(changed, mutex) }
            guard batches.isEmpty else {
                pthread_cond_signal(changed)
                return (batches.removeFirst(), nil)
            }
            return (nil, failure)
        }
        if let error { throw error }
        return batch
    }

    func cancel() {
        locked {
            cancelled = true
            pthread_cond_signal(changed)
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}

/// A joinable POSIX thread running one closure.
private final class ReaderThread {
    private var thread: pthread_t

    /// Starts `body` on a new thread; nil when the system refuses one.
    init?(_ body: @escaping () -> Void) {
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let code = pthread_create(&thread, nil, { raw in
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

    private final class Box {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }
}
