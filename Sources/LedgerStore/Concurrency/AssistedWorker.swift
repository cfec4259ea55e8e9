#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A transform of independent items on a second thread, fed from this one and helped by it:
/// the calling thread hands items over and takes the results back in the same order, and when
/// the result it needs is not ready it transforms the oldest item not yet started itself
/// instead of waiting.
///
/// Why help: an import runs three threads on two cores (parse, encode, write). Waiting for
/// the encoder while the parser's queue was full left a core idle for a quarter of a 1M-row
/// import (docs/PERFORMANCE.md); with the writer taking encoding work whenever it would wait,
/// a core idles only when there is nothing left to encode. The items must not depend on each
/// other, since any of them may run on either thread.
///
/// Call ``stop()`` when done (or on an error): it ends the thread.
final class AssistedWorker<Input, Output> {
    private let queue: Queue
    private var thread: WorkerThread?

    /// Starts the thread that applies `transform` to items as they come.
    init(_ transform: @escaping (Input) throws -> Output) {
        let queue = Queue(transform)
        self.queue = queue
        thread = WorkerThread { while queue.runOne(waitingForWork: true) {} }
    }

    deinit { stop() }

    /// Hands over one item (never waits: the caller bounds how many are outstanding).
    func submit(_ item: Input) {
        queue.submit(item)
    }

    /// The result of the oldest item not yet taken (nil when every item's result has been),
    /// transforming waiting items on this thread while it is not ready.
    func next() throws -> Output? {
        while true {
            if let result = queue.takeReady() { return try result?.get() }
            if !queue.runOne(waitingForWork: false) { queue.waitForOldest() }
        }
    }

    /// Ends the thread; items not started are dropped.
    func stop() {
        queue.stop()
        thread?.join()
        thread = nil
    }

    /// The items and results, shared by both threads under one mutex.
    private final class Queue: @unchecked Sendable {
        private let transform: (Input) throws -> Output
        private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        /// Items submitted and not yet started, oldest first, with their numbers; those before
        /// `waitingStart` have been started.
        private var waiting: [(number: Int, item: Input)] = []
        private var waitingStart = 0
        /// Results by item number, until taken.
        private var done: [Int: Result<Output, any Error>] = [:]
        private var submitted = 0
        private var taken = 0
        private var stopping = false

        init(_ transform: @escaping (Input) throws -> Output) {
            self.transform = transform
            pthread_mutex_init(mutex, nil)
            pthread_cond_init(changed, nil)
        }

        deinit {
            pthread_cond_destroy(changed)
            pthread_mutex_destroy(mutex)
            changed.deallocate()
            mutex.deallocate()
        }

        func submit(_ item: Input) {
            locked {
                waiting.append((submitted, item))
                submitted += 1
                pthread_cond_broadcast(changed)
            }
        }

        /// `.some(nil)` when everything submitted has been taken, `.some(result)` for the oldest
        /// result not yet taken when it is ready, nil when it is not.
        func takeReady() -> Result<Output, any Error>?? {
            locked {
                guard taken < submitted else { return .some(nil) }
                guard let result = done.removeValue(forKey: taken) else { return nil }
                taken += 1
                return .some(result)
            }
        }

        /// Waits until the oldest result not yet taken may be ready.
        func waitForOldest() {
            locked { if taken < submitted && done[taken] == nil { pthread_cond_wait(changed, mutex) } }
        }

        /// Transforms the oldest item not yet started, on the calling thread. False when there
        /// is none (the worker thread first waits for one, and gets false once stopping).
        func runOne(waitingForWork: Bool) -> Bool {
            guard let (number, item) = claim(waitingForWork: waitingForWork) else { return false }
            let result = Result { try transform(item) }
            locked {
                done[number] = result
                pthread_cond_broadcast(changed)
            }
            return true
        }

        func stop() {
            locked {
                stopping = true
                pthread_cond_broadcast(changed)
            }
        }

        private func claim(waitingForWork: Bool) -> (Int, Input)? {
            locked {
                while waitingForWork && waitingStart == waiting.count && !stopping { pthread_cond_wait(changed, mutex) }
                guard waitingStart < waiting.count, !(waitingForWork && stopping) else { return nil }
                let claimed = waiting[waitingStart]
                waitingStart += 1
                // Drop the started prefix now and then, not at every claim.
                if waitingStart == waiting.count || waitingStart >= 64 {
                    waiting.removeFirst(waitingStart)
                    waitingStart = 0
                }
                return claimed
            }
        }

        private func locked<T>(_ body: () throws -> T) rethrows -> T {
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body()
        }
    }
}
