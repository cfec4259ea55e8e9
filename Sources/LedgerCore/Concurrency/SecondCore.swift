/// Work the pure core may split over two threads without owning one (docs/ARCHITECTURE.md,
/// "The pure core splits work over two cores without a thread of its own"): the core says what may run beside the calling thread and in which order the
/// results come back; an adapter (LedgerStore's `TwoCores`) runs it on a second thread, and
/// ``OneCore`` runs it all on the calling thread. Either way the results are the same, in the
/// same order: only the time differs.
public protocol SecondCore: Sendable {
    /// Calls `produce` (on the second thread) with a function that hands one value on, and
    /// `consume` (on the calling thread) with each value in the order handed on. Whatever
    /// `produce` uses is its own until this returns. Each value is handed over as it comes, a
    /// few at most waiting: hand on batches of small values (a hand-over takes a lock).
    func pipe<Element>(produce: @escaping ((Element) -> Void) -> Void, consume: (Element) -> Void)

    /// `transform` of `0..<count` (each independent of the others: either thread may do any),
    /// each result handed to `consume` on the calling thread in the order of the numbers. At
    /// most a few results are held at a time.
    func inOrder<Output>(_ count: Int, _ transform: @escaping (Int) -> Output, consume: (Output) -> Void)

    /// ``inOrder(_:_:consume:)`` with each result, once consumed, handed back to `transform`
    /// for a later number (`spare`: nil for the first few, and for any the implementation
    /// cannot give one), which may write over it and return it: a long report's parts reuse
    /// the memory of a few (``ReusableBytes``) instead of touching fresh pages for each. A
    /// spare is never one still held by `consume` or by another transform.
    func inOrder<Output: AnyObject>(
        _ count: Int, reusing transform: @escaping (Int, _ spare: Output?) -> Output, consume: (Output) -> Void)
}

/// Everything on the calling thread: `produce` hands each value straight to `consume`.
public struct OneCore: SecondCore {
    public init() {}

    public func pipe<Element>(produce: @escaping ((Element) -> Void) -> Void, consume: (Element) -> Void) {
        withoutActuallyEscaping(consume) { produce($0) }
    }

    public func inOrder<Output>(_ count: Int, _ transform: @escaping (Int) -> Output, consume: (Output) -> Void) {
        for index in 0..<count { consume(transform(index)) }
    }

    public func inOrder<Output: AnyObject>(
        _ count: Int, reusing transform: @escaping (Int, Output?) -> Output, consume: (Output) -> Void
    ) {
        var spare: Output?
        for index in 0..<count {
            let result = transform(index, spare)
            consume(result)
            spare = result
        }
    }
}
