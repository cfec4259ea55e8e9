import LedgerCore

/// A ``SecondCore`` as far from ``OneCore``'s order of work as one thread allows: a pipe's
/// producer runs to its end before the consumer sees a value, and an ordered transform does
/// its items last to first before handing them on in order. What gives the same result with it
/// as with ``OneCore`` does not depend on how far the other thread runs ahead, nor on the order
/// the items are done in.
public struct AllAheadCore: SecondCore {
    public init() {}

    public func pipe<Element>(produce: @escaping ((Element) -> Void) -> Void, consume: (Element) -> Void) {
        var produced: [Element] = []
        produce { produced.append($0) }
        for element in produced { consume(element) }
    }

    public func inOrder<Output>(_ count: Int, _ transform: @escaping (Int) -> Output, consume: (Output) -> Void) {
        let outputs = (0..<count).reversed().map(transform)
        for output in outputs.reversed() { consume(output) }
    }

    /// All held at once, so none is handed back: every spare is nil.
    public func inOrder<Output: AnyObject>(
        _ count: Int, reusing transform: @escaping (Int, Output?) -> Output, consume: (Output) -> Void
    ) {
        inOrder(count, { transform($0, nil) }, consume: consume)
    }
}
