#if PostgreSQL
import LedgerCore
import LedgerStore
import LedgerStorePostgres
import LedgerTestSupport
import PostgresNIO

/// `ledger-pg-bench`: the sync-or-async question of issue 38, measured. The same work on one
/// PostgreSQL connection two ways: through the synchronous stores (each query sent on the
/// event loop, the calling thread blocked until the answer, `PostgresSession`) and with
/// async/await on the same connection. Cases: a bare round trip (`SELECT 1`), a one-event
/// append (lock the head, insert, move the head, commit: the store's own statements) and a
/// read of the whole log. Starts a throwaway cluster (LedgerTestSupport's `PostgresCluster`).
///
///     swift build --product ledger-pg-bench && .build/debug/ledger-pg-bench [COUNT]
@main
struct PostgresBridge {
    static func main() async throws {
        let count = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 1_000
        let cluster = try PostgresCluster.shared.get()
        defer { cluster.stop() }
        let location = PostgresLocation(
            endpoint: .socket(path: cluster.socketPath), user: cluster.user, database: cluster.database)
        let session = try PostgresSession.connect(location)
        print("case                              sync bridge     async/await   (\(count) each, median of 5)")
        try await row("round trip (SELECT 1)", count) {
            for _ in 0..<count { try session.execute("SELECT 1") }
        } awaiting: {
            for _ in 0..<count { try await query(session, "SELECT 1") }
        }
        let syncBooks = try PostgresLedger.open(session, user: "bench-sync")
        let asyncBooks = try PostgresLedger.open(session, user: "bench-async")
        var makeSync = Events(seed: 7)
        var makeAsync = Events(seed: 8)
        try await row("append one event", count) {
            for day in 0..<count { _ = try syncBooks.events.append([deposit(&makeSync, day)]) { _ in } }
        } awaiting: {
            for day in 0..<count { try await append(session, asyncBooks.userID, [deposit(&makeAsync, day)]) }
        }
        // Both logs now hold 5 × COUNT events; the cost is per event read.
        try await row("read the log, per event", Int(try syncBooks.events.chainHead().count)) {
            _ = try syncBooks.events.allEvents()
        } awaiting: {
            _ = try await readAll(session, asyncBooks.userID)
        }
    }

    static func deposit(_ make: inout Events, _ day: Int) -> LedgerEvent {
        make.deposit("USD", "\(day % 997 + 1)", on: "2024-01-01")
    }

    /// One line of the table: each side run 5 times, the median per item. On the main actor,
    /// where `main` makes the closures, so they are not sent anywhere.
    @MainActor
    static func row(_ name: String, _ items: Int, sync: () throws -> Void, awaiting: () async throws -> Void)
        async throws
    {
        let clock = ContinuousClock()
        var syncTimes: [Duration] = []
        var asyncTimes: [Duration] = []
        for _ in 0..<5 {
            syncTimes.append(try clock.measure(sync))
            let start = clock.now
            try await awaiting()
            asyncTimes.append(clock.now - start)
        }
        print(name.padding(30), perItem(syncTimes, items).padding(16), perItem(asyncTimes, items))
    }

    static func perItem(_ times: [Duration], _ items: Int) -> String {
        let median = times.sorted()[times.count / 2]
        let micros = Double(median.components.attoseconds) / 1e12 + Double(median.components.seconds) * 1e6
        return "\(Int(micros / Double(items))) µs"
    }

    @discardableResult
    static func query(_ session: PostgresSession, _ sql: String, _ binds: PostgresBindings = PostgresBindings())
        async throws -> [PostgresRow]
    {
        var rows: [PostgresRow] = []
        for try await row in try await session.connection.query(
            PostgresQuery(unsafeSQL: sql, binds: binds), logger: session.logger)
        {
            rows.append(row)
        }
        return rows
    }

    /// The store's append, statement for statement, awaited instead of waited for.
    static func append(_ session: PostgresSession, _ user: Int64, _ drafts: [LedgerEvent]) async throws {
        var binds = PostgresBindings()
        binds.append(user)
        try await query(session, "BEGIN")
        let head = try PostgresEvents.chainHead(from: try await query(session, PostgresEvents.lockHeadSQL, binds)[0])
        let rows = ChainRows(linking: drafts, after: head)
        try await query(session, PostgresEvents.insertSQL, PostgresEvents.insertBinds(rows, user: user))
        try await query(session, PostgresEvents.moveHeadSQL, PostgresEvents.moveHeadBinds(rows, user: user))
        try await query(session, "COMMIT")
    }

    static func readAll(_ session: PostgresSession, _ user: Int64) async throws -> [LedgerEvent] {
        var binds = PostgresBindings()
        binds.append(user)
        return try await query(
            session, "SELECT sequence, record FROM events WHERE user_id = $1 ORDER BY sequence", binds
        ).map { row in
            let (sequence, record) = try row.decode((Int64, String).self)
            return try PostgresEvents.decode(record, sequence: sequence)
        }
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
#else
import Glibc

/// Built without the PostgreSQL trait: says how to build the benchmark.
@main
struct PostgresBridge {
    static func main() {
        let line =
            "ledger-pg-bench: built without PostgreSQL; build it with "
            + "'swift build --traits PostgreSQL --product ledger-pg-bench'\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
        exit(64)
    }
}
#endif
