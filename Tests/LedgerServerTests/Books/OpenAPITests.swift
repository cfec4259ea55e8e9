import Foundation
import LedgerTestSupport
import Testing

@testable import LedgerServer

@Suite("GET /api/v1/openapi.json")
struct OpenAPITests {
    @Test("public, parses as JSON, bearer security, and every path it names is served")
    func document() async throws {
        let server = try await TestServer.start()
        let response = try await server.client.get("/api/v1/openapi.json")
        #expect(response.status == 200)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(response.body.utf8)) as? [String: Any])
        #expect(document["openapi"] as? String == "3.1.0")
        let schemes = (document["components"] as? [String: Any])?["securitySchemes"] as? [String: Any]
        #expect((schemes?["bearer"] as? [String: Any])?["scheme"] as? String == "bearer")
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        #expect(paths.count == Set(OpenAPIDocument.entries.map(\.path)).count)
        for operation in BooksAPI.operations {
            #expect(paths[operation.path]?[operation.method.rawValue.lowercased()] != nil, "\(operation.path)")
        }
        _ = try await server.client.request(
            "POST", "/api/v1/events", headers: Books.json("alice"),
            body: Array(#"{"kind": "deposit", "words": "USD 1"}"#.utf8))
        for (path, methods) in paths {
            for method in methods.keys {
                let served = try await server.client.request(
                    method.uppercased(), path.replacingOccurrences(of: "{id}", with: "1"), headers: Books.user("alice"))
                // A route's own 404 says why in JSON (no message 1; the messages need the server's
                // accounts, which this test server has not); the router's has no body.
                let unrouted = served.status == 405 || (served.status == 404 && !served.body.contains("\"error\""))
                #expect(!unrouted, "\(method) \(path): \(served.status) \(served.body.prefix(200))")
            }
        }
        let unsigned = try await server.client.get("/api/v1/portfolio")
        #expect(unsigned.status == 401)
        try await server.stop()
    }
}
