import Foundation
import LedgerStore
import LedgerStorePostgres
import LedgerTestSupport
import Testing

/// ``PostgresPool``'s cap (issue 38): at most `maxOpen` sessions at once, so a server never
/// holds more connections than that; a call past the cap waits for one to come back, up to the
/// connect bound, then fails with one sentence. Each on a new database of the test cluster, so
/// its connection count is the pool's alone.
@Suite(
    "PostgreSQL pool: a cap on each server's connections",
    .enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)))
struct PostgresPoolTests {
    /// Fails inside the database when it has more than `limit` connections.
    static func atMost(_ limit: Int) -> String {
        """
        DO $$ BEGIN
            IF (SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()) > \(limit) THEN
                RAISE EXCEPTION 'more than \(limit) connections';
            END IF;
        END $$
        """
    }

    @Test("12 calls at once through a pool of 3: each runs, 3 at once and never more, inside or connected")
    func capHolds() throws {
        let pool = try PostgresPool(PostgresTestBooks.newDatabase(), maxOpen: 3)
        let inside = Inside()
        let failures = Collected()
        // Threads of their own (concurrentPerform would run only as many as there are cores).
        let group = DispatchGroup()
        for _ in 0..<12 {
            group.enter()
            Thread {
                defer { group.leave() }
                do {
                    try pool.withSession { session in
                        inside.enter()
                        defer { inside.leave() }
                        // Each waits (20 s at most) until three were inside at once.
                        let deadline = Date().addingTimeInterval(20)
                        while inside.most < 3, Date() < deadline { usleep(1000) }
                        try session.execute(Self.atMost(3))
                    }
                } catch {
                    failures.fail("\(error)")
                }
            }.start()
        }
        #expect(group.wait(timeout: .now() + 60) == .success)
        #expect(failures.failures.isEmpty)
        #expect(inside.most == 3)
    }

    @Test("a call past the cap waits up to the connect bound, then fails with one sentence; later it runs")
    func pastTheCap() throws {
        let place = try PostgresTestBooks.newDatabase()
        let pool = try PostgresPool(place, limits: PostgresLimits(connect: .milliseconds(300)), maxOpen: 1)
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        Thread {
            _ = try? pool.withSession { _ in
                holding.signal()
                _ = release.wait(timeout: .now() + 20)
            }
            done.signal()
        }.start()
        #expect(holding.wait(timeout: .now() + 20) == .success)
        #expect(throws: StoreError.poolFull(url: place.description, connections: 1, seconds: 0)) {
            try pool.withSession { _ in }
        }
        #expect(
            StoreError.poolFull(url: "postgres://u@/db?host=/run/postgresql", connections: 32, seconds: 10).description
                == "all 32 connections of this server to PostgreSQL at 'postgres://u@/db?host=/run/postgresql' stayed in use for 10 s; try again in a moment (docs/SERVER.md, \"Storage\")"
        )
        release.signal()
        #expect(done.wait(timeout: .now() + 20) == .success)
        try pool.withSession { session in try session.execute(Self.atMost(1)) }
    }
}
/// How many calls are inside the pool now, and the most at once.
final class Inside: @unchecked Sendable {
    private let lock = NSLock()
    private var now = 0
    private var highest = 0
    func enter() {
        lock.withLock {
            now += 1
            highest = max(highest, now)
        }
    }
    func leave() { lock.withLock { now -= 1 } }
    var most: Int { lock.withLock { highest } }
}
