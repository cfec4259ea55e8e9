/// A transform on a second thread, fed from this one: the calling thread hands it items and
/// takes the results back in the same order, doing other work in between. An import's append
/// uses it to hash and encode events there while SQLite reads and writes here (a connection
/// is one thread's at a time, so the SQLite work cannot move).
///
/// Call ``stop()`` when done (or on an error): it ends the thread. Take results as you go:
/// both queues are a few items deep, so submitting more than that without calling ``next()``
/// would wait for ever.
final class BatchWorker<Input, Output> {
    private let inputs = BatchChannel<Input>()
    private let outputs = BatchChannel<Output>()
    private var thread: WorkerThread?
    /// Used only when no thread could be started: the transform then runs in ``submit(_:)``.
    private let transform: (Input) throws -> Output
    private var inline: [Result<Output, any Error>] = []

    /// Starts the thread that applies `transform` to each item, in order.
    init(_ transform: @escaping (Input) throws -> Output) {
        self.transform = transform
        let inputs = self.inputs, outputs = self.outputs
        thread = WorkerThread {
            do {
                while let items = try inputs.pop() {
                    guard outputs.push(try items.map(transform)) else { return }
                }
                outputs.finish(nil)
            } catch {
                // Nothing more is taken in: a later submit returns false at once.
                inputs.cancel()
                outputs.finish(error)
            }
        }
    }

    /// Hands over one item, waiting while a few are queued. False when the worker has failed:
    /// ``next()`` then throws its error.
    func submit(_ item: Input) -> Bool {
        guard thread != nil else {
            inline.append(Result { try transform(item) })
            return true
        }
        return inputs.push([item])
    }

    /// No more items.
    func close() {
        inputs.finish(nil)
    }

    /// The result of the oldest item not yet taken, nil after the last; or the worker's error.
    func next() throws -> Output? {
        guard thread != nil else { return inline.isEmpty ? nil : try inline.removeFirst().get() }
        return try outputs.pop()?.first
    }

    deinit { stop() }

    /// Ends the thread, whatever it was doing; results not taken are dropped.
    func stop() {
        inputs.finish(nil)
        outputs.cancel()
        thread?.join()
        thread = nil
    }
}
