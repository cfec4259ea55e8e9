import LedgerCore

/// LedgerCore's ``SecondCore`` on two threads: a pipe is a ``BatchPipe`` (the producer on a
/// thread of its own, each value handed over as it comes), an ordered transform an ``AssistedWorker``
/// (the calling thread takes the results in order and transforms an item itself rather than
/// wait, at most ``ahead`` items handed over at a time). Where no thread can be had, both run
/// everything on the calling thread.
public struct TwoCores: SecondCore {
    /// Items of an ordered transform handed over and not yet taken back.
    public static let ahead = 4

    public init() {}

    public func pipe<Element>(produce: @escaping ((Element) -> Void) -> Void, consume: (Element) -> Void) {
        // Neither side throws, so neither does the pipe: a handing on fails only once the
        // consumer has stopped, and it stops only on an error of its own.
        try? BatchPipe.run(perBatch: 1, produce: { hand in produce { try? hand($0) } }, consume: consume)
    }

    public func inOrder<Output>(_ count: Int, _ transform: @escaping (Int) -> Output, consume: (Output) -> Void) {
        guard count > 1 else { return OneCore().inOrder(count, transform, consume: consume) }
        let worker = AssistedWorker<Int, Output>(transform)
        defer { worker.stop() }
        var submitted = 0
        while submitted < min(count, Self.ahead) {
            worker.submit(submitted)
            submitted += 1
        }
        // `transform` does not throw, so neither does `next()`: nil only once all are taken.
        while let result = try? worker.next() {
            // The next item is handed over before this result is consumed, so that the other
            // thread works on it meanwhile.
            if submitted < count {
                worker.submit(submitted)
                submitted += 1
            }
            consume(result)
        }
    }

    public func inOrder<Output: AnyObject>(
        _ count: Int, reusing transform: @escaping (Int, Output?) -> Output, consume: (Output) -> Void
    ) {
        guard count > 1 else { return OneCore().inOrder(count, reusing: transform, consume: consume) }
        // Each item goes with the result consumed last (through the worker's mutex, so the
        // transform, on either thread, sees what the consumer did with it).
        let worker = AssistedWorker<(Int, Output?), Output> { transform($0.0, $0.1) }
        defer { worker.stop() }
        var submitted = 0
        while submitted < min(count, Self.ahead) {
            worker.submit((submitted, nil))
            submitted += 1
        }
        var spare: Output?
        while let result = try? worker.next() {
            // As in ``inOrder(_:_:consume:)``: the next item handed over before this result is
            // consumed, with the one consumed before it.
            if submitted < count {
                worker.submit((submitted, spare))
                submitted += 1
            }
            spare = nil
            consume(result)
            spare = result
        }
    }
}
