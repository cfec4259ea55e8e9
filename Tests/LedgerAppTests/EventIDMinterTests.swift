import LedgerApp
import LedgerCore
import Synchronization
import Testing

@Suite("Event ids minted by one process")
struct EventIDMinterTests {
    @Test("ids from two threads sharing a clock millisecond are all different and increase on each thread")
    func twoThreads() async {
        let minter = EventIDMinter()
        let draws = Atomic<Int>(0)
        let mint = { @Sendable () -> [EventID] in
            (0..<5_000).map { _ in
                minter.next(milliseconds: 1_700_000_000_000) {
                    draws.add(1, ordering: .relaxed)
                    return (7, 7)
                }
            }
        }
        async let first = Task.detached(operation: mint).value
        async let second = Task.detached(operation: mint).value
        let (a, b) = await (first, second)
        #expect(zip(a, a.dropFirst()).allSatisfy { $0 < $1 })
        #expect(zip(b, b.dropFirst()).allSatisfy { $0 < $1 })
        #expect(Set(a + b).count == 10_000)
        #expect(draws.load(ordering: .relaxed) == 1)
    }
}
