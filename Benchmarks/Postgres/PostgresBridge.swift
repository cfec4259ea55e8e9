import LedgerCore
import LedgerStore
import LedgerStorePostgres
import LedgerTestSupport

/// `ledger-pg-bench`: one PostgreSQL session's cost per statement, through the synchronous
/// stores on libpq (`PostgresSession`: each statement sent and its answer awaited with poll()
/// on the calling thread). Cases: a bare round trip (`SELECT 1`), a one-event append (lock the
/// head, insert, move the head, commit: the store's own statements) and a read of the whole
/// log. Starts a throwaway cluster (LedgerTestSupport's `PostgresCluster`). Round 26's build
/// (postgres-nio) printed an async/await column beside these; docs/PERFORMANCE.md compares.
///
///     swift build --product ledger-pg-bench && .build/debug/ledger-pg-bench [COUNT]
@main
struct PostgresBridge {
    static func main() throws {
        let count = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 1_000
        let cluster = try PostgresCluster.shared.get()
        defer { cluster.stop() }
        let location = PostgresLocation(
            endpoint: .socket(path: cluster.socketPath), user: cluster.user, database: cluster.database)
        let session = try PostgresSession.connect(location)
        print("case                              libpq, blocking   (\(count) each, median of 5)")
        try row("round trip (SELECT 1)", count) {
            for _ in 0..<count { try session.execute("SELECT 1") }
        }
        let books = try PostgresLedger.open(session, user: "bench")
        var make = Events(seed: 7)
        try row("append one event", count) {
            for day in 0..<count { _ = try books.events.append([deposit(&make, day)]) { _ in } }
        }
        // The log now holds 5 × COUNT events; the cost is per event read.
        try row("read the log, per event", Int(try books.events.chainHead().count)) {
            _ = try books.events.allEvents()
        }
    }

    static func deposit(_ make: inout Events, _ day: Int) -> LedgerEvent {
        make.deposit("USD", "\(day % 997 + 1)", on: "2024-01-01")
    }

    /// One line of the table: the case run 5 times, the median per item.
    static func row(_ name: String, _ items: Int, _ body: () throws -> Void) throws {
        let clock = ContinuousClock()
        var times: [Duration] = []
        for _ in 0..<5 { times.append(try clock.measure(body)) }
        print(name.padding(30), perItem(times, items))
    }

    static func perItem(_ times: [Duration], _ items: Int) -> String {
        let median = times.sorted()[times.count / 2]
        let micros = Double(median.components.attoseconds) / 1e12 + Double(median.components.seconds) * 1e6
        return "\(Int(micros / Double(items))) µs"
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
