import Hummingbird

/// `GET /api/v1/openapi.json`: the OpenAPI 3.1 document of the JSON API, written by hand.
/// Each feature lists its own paths in a file of its own: the books' are the operations
/// ``APIRoutes`` registers (``BooksAPI/operations``); another feature adds its entries to
/// ``entries`` (the market's are ``OpenAPIMarketPaths``), and a test checks that every path
/// listed is served.
enum OpenAPIDocument {
    /// One method of one path, as the document lists it.
    struct Entry: Sendable {
        let method: String
        let path: String
        let document: OpenAPIValue
    }

    /// Every operation of the API, in the order the document lists them.
    static var entries: [Entry] {
        BooksAPI.operations.map { Entry(method: $0.method.rawValue, path: $0.path, document: $0.document) }
            + OpenAPIMarketPaths.operations.map(\.entry)
            + MessagesAPI.operations.map { Entry(method: $0.method.rawValue, path: $0.path, document: $0.document) }
    }

    static var document: OpenAPIValue {
        [
            "openapi": "3.1.0",
            "info": [
                "title": "ledger serve",
                "version": "1",
                "description": .string(
                    "The JSON API of ledger serve. Bodies are those of the CLI's -O json (docs/JSON.md): the same schema keys, exact numbers as strings. Every route but this document needs a bearer token (ledger user token NAME)."
                ),
            ],
            "servers": [["url": "/"]],
            "security": [["bearer": []]],
            "paths": paths,
            "components": [
                "securitySchemes": ["bearer": ["type": "http", "scheme": "bearer"]],
                "schemas": OpenAPIParts.schemas,
            ],
        ]
    }

    /// The operations grouped by path, in order of first appearance.
    static var paths: OpenAPIValue {
        var order: [String] = []
        var byPath: [String: [(String, OpenAPIValue)]] = [:]
        for entry in entries {
            if byPath[entry.path] == nil { order.append(entry.path) }
            byPath[entry.path, default: []].append((entry.method.lowercased(), entry.document))
        }
        return .object(order.map { ($0, .object(byPath[$0] ?? [])) })
    }
}
