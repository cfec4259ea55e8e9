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

    /// Ends the thread, after the item it is transforming. Items not started are left to
    /// ``next()``, which would transform them here.
    func stop() {
        queue.stop()
        thread?.join()
        thread = nil
    }

    /// The items and results, shared by both threads under one mutex.
    private final class Queue: @unchecked Sendable {
        private let transform: (Input) throws -> Output
        private let monitor = Monitor()
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
        }

        func submit(_ item: Input) {
            monitor.locked {
                waiting.append((submitted, item))
                submitted += 1
                monitor.broadcast()
            }
        }

        /// `.some(nil)` when everything submitted has been taken, `.some(result)` for the oldest
        /// result not yet taken when it is ready, nil when it is not.
        func takeReady() -> Result<Output, any Error>?? {
            monitor.locked {
                guard taken < submitted else { return .some(nil) }
                guard let result = done.removeValue(forKey: taken) else { return nil }
                taken += 1
                return .some(result)
            }
        }

        /// Waits until the oldest result not yet taken may be ready.
        func waitForOldest() {
            monitor.locked { if taken < submitted && done[taken] == nil { monitor.wait() } }
        }

        /// Transforms the oldest item not yet started, on the calling thread. False when there
        /// is none (the worker thread first waits for one, and gets false once stopping).
        func runOne(waitingForWork: Bool) -> Bool {
            guard let (number, item) = claim(waitingForWork: waitingForWork) else { return false }
            let result = Result { try transform(item) }
            monitor.locked {
                done[number] = result
                monitor.broadcast()
            }
            return true
        }

        func stop() {
            monitor.locked {
                stopping = true
                monitor.broadcast()
            }
        }

        private func claim(waitingForWork: Bool) -> (Int, Input)? {
            monitor.locked {
                while waitingForWork && waitingStart == waiting.count && !stopping { monitor.wait() }
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
    }
}
