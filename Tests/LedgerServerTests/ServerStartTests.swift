import Testing

@Suite("ledger serve: start, health, the sign-in gate, the access log")
struct ServerStartTests {
    @Test("GET /healthz answers ok with no caching")
    func health() async throws {
        let server = try await TestServer.start()
        let response = try await server.client.get("/healthz")
        #expect(response.status == 200)
        #expect(response.body == "ok\n")
        #expect(response.header("cache-control") == "no-store")
        try await server.stop()
    }

    @Test("a page without a session goes to the login form, and comes back after it")
    func pageNeedsSignIn() async throws {
        let server = try await TestServer.start()
        let home = try await server.client.get("/")
        #expect(home.status == 303)
        #expect(home.header("location") == "/login")
        let signedIn = try await server.client.get("/", headers: ["X-Test-User": "alice"])
        #expect(signedIn.header("location") == "/portfolio")
        try await server.stop()
    }

    @Test("every request writes one JSON access-log line without its query")
    func accessLog() async throws {
        let server = try await TestServer.start()
        _ = try await server.client.get("/healthz?secret=hunter2")
        _ = try await server.client.get("/missing", headers: ["X-Test-User": "alice"])
        try await server.stop()
        let lines = server.accessLog
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix(#"{"time":"2026-01-01T00:00:"#) == true)
        #expect(lines.first?.contains(#""method":"GET","path":"/healthz","status":200,"#) == true)
        #expect(lines.first?.contains(#""peer":"127.0.0.1""#) == true)
        #expect(lines.allSatisfy { !$0.contains("hunter2") })
        #expect(lines.last?.contains(#""path":"/missing","status":404"#) == true)
    }
}
