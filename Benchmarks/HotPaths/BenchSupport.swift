import LedgerCore

#if canImport(Glibc)
import Glibc
#endif

/// What `ledger-bench` was asked for.
struct BenchOptions {
    /// The `--only` filter, read by ``measure(_:items:runs:_:)``.
    nonisolated(unsafe) static var only: String?

    var ledger: String?
    var runs = 5
    var events = 200_000
    /// Only the cases whose name contains this text (for profiling one of them).
    var only: String?

    init(_ arguments: ArraySlice<String>) throws {
        var rest = arguments
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst() else { throw BenchUsage(message: "\(flag) needs a value") }
            switch flag {
            case "--ledger": ledger = value
            case "--runs": runs = try Self.positive(value, flag)
            case "--events": events = try Self.positive(value, flag)
            case "--only": only = value
            default:
                throw BenchUsage(
                    message: "unknown option \(flag); use --ledger FILE, --runs N, --events N, --only TEXT")
            }
        }
    }

    private static func positive(_ text: String, _ flag: String) throws -> Int {
        guard let value = Int(text), value > 0 else {
            throw BenchUsage(message: "\(flag) takes a positive whole number, not '\(text)'")
        }
        return value
    }
}

struct BenchUsage: Error, CustomStringConvertible {
    let message: String
    var description: String { "ledger-bench: error: \(message)" }
}

/// One measured case: the median of its runs.
struct BenchResult {
    let name: String
    let items: Int
    let median: Duration
    /// The fastest run: on a shared machine, the least disturbed.
    let fastest: Duration
}

/// Runs `body` once to warm up, then `runs` times, and keeps the median (nil when `--only`
/// leaves the case out).
func measure(_ name: String, items: Int, runs: Int, _ body: () throws -> Int) rethrows -> BenchResult? {
    if let only = BenchOptions.only, !name.contains(only) { return nil }
    var sink = try body()
    var durations: [Duration] = []
    let clock = ContinuousClock()
    for _ in 0..<runs {
        let start = clock.now
        sink &+= try body()
        durations.append(clock.now - start)
    }
    // The sink keeps the optimizer from dropping the work.
    if sink == Int.min { print("") }
    let sorted = durations.sorted()
    return BenchResult(name: name, items: items, median: sorted[runs / 2], fastest: sorted[0])
}

/// The results as an aligned text table.
struct BenchTable {
    private var results: [BenchResult] = []

    mutating func add(_ result: BenchResult?) { result.map { results.append($0) } }

    func rendered() -> String {
        var lines = ["case                              items   median ms   ns/item   fastest ns/item"]
        for result in results {
            let median = Self.nanoseconds(result.median)
            let fastest = Self.nanoseconds(result.fastest)
            let items = Double(max(result.items, 1))
            lines.append(
                pad(result.name, 30) + leftPad("\(result.items)", 9)
                    + leftPad(fixed(median / 1e6, 2), 12) + leftPad(fixed(median / items, 1), 10)
                    + leftPad(fixed(fastest / items, 1), 18))
        }
        return lines.joined(separator: "\n")
    }

    private static func nanoseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
    private func leftPad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
    private func fixed(_ value: Double, _ places: Int) -> String {
        let scale = places == 1 ? 10.0 : 100.0
        let rounded = (value * scale).rounded() / scale
        return "\(rounded)"
    }
}
