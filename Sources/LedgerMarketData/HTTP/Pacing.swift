import Glibc
import Synchronization

/// How the HTTP layer waits: a monotonic clock and a sleep, both injected so that tests
/// neither wait nor depend on real time.
public struct Pacing: Sendable {
    /// Seconds on a monotonic clock.
    public var now: @Sendable () -> Double
    /// Blocks for the given seconds.
    public var sleep: @Sendable (Double) -> Void

    public init(now: @escaping @Sendable () -> Double, sleep: @escaping @Sendable (Double) -> Void) {
        self.now = now
        self.sleep = sleep
    }

    /// Real time and real sleeping.
    public static let live = Pacing(
        now: {
            var time = timespec()
            clock_gettime(CLOCK_MONOTONIC, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        },
        sleep: { seconds in
            guard seconds > 0 else { return }
            usleep(UInt32(min(seconds, 3_600) * 1_000_000))
        }
    )
}

/// A virtual clock for tests: sleeping advances it instantly, and every sleep is recorded.
public final class VirtualPacing: Sendable {
    private struct State {
        var current: Double = 1_000
        var recorded: [Double] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// The sleeps asked for, in order.
    public var sleeps: [Double] { state.withLock { $0.recorded } }

    public var pacing: Pacing {
        Pacing(
            now: { [self] in state.withLock { $0.current } },
            sleep: { [self] seconds in
                state.withLock {
                    $0.recorded.append(seconds)
                    $0.current += seconds
                }
            }
        )
    }
}

/// The last request time of each source, so that requests to one source keep a minimum
/// interval between them (within this process).
final class Throttle: Sendable {
    private struct State {
        var last: [String: Double] = [:]
        var counts: [String: Int] = [:]
    }

    private let state = Mutex(State())

    /// Requests sent to `source` so far (each attempt counts).
    func count(_ source: String) -> Int { state.withLock { $0.counts[source] ?? 0 } }

    /// Sleeps until `interval` seconds have passed since the previous request to `source`,
    /// then notes this one.
    func wait(_ source: String, interval: Double, pacing: Pacing) {
        let delay: Double = state.withLock {
            guard let previous = $0.last[source] else { return 0 }
            return max(0, previous + interval - pacing.now())
        }
        if delay > 0 { pacing.sleep(delay) }
        let now = pacing.now()
        state.withLock {
            $0.last[source] = now
            $0.counts[source, default: 0] += 1
        }
    }
}
