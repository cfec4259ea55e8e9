import Foundation
import LedgerApp
import LedgerTestSupport
import Testing

/// Idle, slow and too many connections, with short limits set for the test. No assertion is
/// on a time: each waits for the server to act, bounded generously (30 s a read), and
/// /healthz is asked meanwhile.
@Suite("Server: idle, slow and too many connections")
struct ConnectionLimitTests {
    static func limits(idle: Int64 = 500, body: Int64 = 120_000, connections: Int = 512) -> ServerLimits {
        var limits = ServerLimits()
        (limits.idleMilliseconds, limits.bodyMilliseconds, limits.maxConnections) = (idle, body, connections)
        return limits
    }

    @Test("idle connections are closed after the idle timeout; /healthz answers while they are open")
    func idle() async throws {
        let server = try await TestServer.start(limits: Self.limits(idle: 500))
        let connections = try (0..<20).map { _ in try RawConnection(port: server.running.port) }
        #expect(try await server.client.get("/healthz").status == 200)
        for connection in connections {
            let received = await RawConnection.onThread { connection.receiveUntilClosed() }
            #expect(received == [], "closed without a word (nil: still open after 30 s)")
        }
        #expect(try await server.client.get("/healthz").status == 200)
        try await server.stop()
    }

    @Test("headers sent a line at a time are cut off; /healthz answers meanwhile")
    func slowHeaders() async throws {
        let server = try await TestServer.start(limits: Self.limits(idle: 500))
        let connection = try RawConnection(port: server.running.port, receiveTimeoutMilliseconds: 200)
        let slow = Task {
            await RawConnection.onThread { Self.trickle(connection, "GET /healthz HTTP/1.1\r\n", "X-Slow: 1\r\n") }
        }
        #expect(try await server.client.get("/healthz").status == 200)
        let outcome = await slow.value
        #expect(outcome.closed, "the server never closed the slow connection (\(outcome.pieces) lines sent)")
        #expect(outcome.received.isEmpty, "no answer to a head that never ended")
        #expect(try await server.client.get("/healthz").status == 200)
        try await server.stop()
    }

    @Test("a body sent a byte at a time gets 408 once the body timeout passes")
    func slowBody() async throws {
        let server = try await TestServer.start(limits: Self.limits(idle: 5_000, body: 1_000))
        let connection = try RawConnection(port: server.running.port, receiveTimeoutMilliseconds: 200)
        let head = "POST /api/v1/events HTTP/1.1\r\nHost: x\r\nX-Test-User: alice\r\nContent-Type: application/json\r\n"
        let slow = Task {
            await RawConnection.onThread {
                Self.trickle(connection, head + "X-CSRF-Token: test-csrf\r\nContent-Length: 100\r\n\r\n", " ")
            }
        }
        #expect(try await server.client.get("/healthz").status == 200)
        let outcome = await slow.value
        #expect(outcome.pieces < 100, "the whole body was waited for")
        let text = String(decoding: outcome.received, as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 408") || (outcome.closed && text.isEmpty), "\(text)")
        #expect(try await server.client.get("/healthz").status == 200)
        try await server.stop()
    }

    @Test("one connection past the cap is answered 503 with one line; the server serves again once they close")
    func cap() async throws {
        let server = try await TestServer.start(limits: Self.limits(idle: 60_000, connections: 4))
        var open = try (0..<4).map { _ in try RawConnection(port: server.running.port) }
        // A connect returns once the kernel has it, before the server accepts it: an answer on
        // each proves the server counts all four before the fifth arrives.
        for connection in open {
            let answer = await RawConnection.onThread {
                connection.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n") ? connection.receiveOnce() : nil
            }
            #expect(String(decoding: answer ?? [], as: UTF8.self).hasPrefix("HTTP/1.1 200"))
        }
        let extra = try RawConnection(port: server.running.port)
        let refused = await RawConnection.onThread { extra.receiveUntilClosed() }
        let text = String(decoding: refused ?? [], as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"), "\(text)")
        #expect(text.hasSuffix("\r\n\r\nThe server has too many connections open; try again soon.\n"))
        open.removeAll()
        var status = 0
        for _ in 0..<100 where status != 200 {
            status = (try? await server.client.get("/healthz").status) ?? 0
            if status != 200 { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(status == 200)
        try await server.stop()
    }

    struct Trickle: Sendable {
        var pieces: Int
        var closed: Bool
        var received: [UInt8]
    }

    /// Sends `first`, then `piece` every 200 ms (at most 150 times, 30 s) until the server
    /// answers or closes the connection.
    static func trickle(_ connection: RawConnection, _ first: String, _ piece: String) -> Trickle {
        var outcome = Trickle(pieces: 0, closed: false, received: [])
        guard connection.send(first) else { return Trickle(pieces: 0, closed: true, received: []) }
        while outcome.pieces < 150 {
            if let received = connection.receiveOnce() {
                outcome.received = received + (connection.receiveUntilClosed() ?? [])
                outcome.closed = true
                return outcome
            }
            guard connection.send(piece) else {
                outcome.closed = true
                return outcome
            }
            outcome.pieces += 1
        }
        return outcome
    }
}
