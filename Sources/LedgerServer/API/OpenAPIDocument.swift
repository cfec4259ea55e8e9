import Hummingbird

/// `GET /api/v1/openapi.json`: the OpenAPI 3.1 document of the JSON API, written by hand.
/// Each feature lists its own operations (``BooksAPI/operations``; the market's go in a file
/// of their own and are added to ``operations``), and the router registers exactly these, so
/// the document names every route the API serves.
enum OpenAPIDocument {
    /// Every operation of the API, in the order the document lists them.
    static var operations: [APIOperation] { BooksAPI.operations }

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
        for operation in operations {
            if byPath[operation.path] == nil { order.append(operation.path) }
            byPath[operation.path, default: []].append((operation.method.rawValue.lowercased(), operation.document))
        }
        return .object(order.map { ($0, .object(byPath[$0] ?? [])) })
    }
}
