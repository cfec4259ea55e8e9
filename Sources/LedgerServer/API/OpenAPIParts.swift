/// The building blocks of the OpenAPI document: parameters, bodies, responses and the
/// component schemas the operations refer to.
enum OpenAPIParts {
    static func query(_ name: String, _ type: String, _ description: String) -> OpenAPIValue {
        [
            "name": .string(name), "in": "query", "required": false, "description": .string(description),
            "schema": ["type": .string(type)],
        ]
    }

    static func path(_ name: String, _ description: String) -> OpenAPIValue {
        [
            "name": .string(name), "in": "path", "required": true, "description": .string(description),
            "schema": ["type": "string"],
        ]
    }

    /// A JSON response whose body is the component schema `schema`.
    static func json(_ description: String, _ schema: String) -> OpenAPIValue {
        [
            "description": .string(description),
            "content": ["application/json": ["schema": ["$ref": .string("#/components/schemas/" + schema)]]],
        ]
    }

    static func error(_ description: String) -> OpenAPIValue { json(description, "Error") }

    static let unauthorized = error("No valid bearer token.")

    /// The query parameters of every report: as-of, currency, method.
    static let valuation: [OpenAPIValue] = [
        query("as-of", "string", "Value as of this date (end of day, UTC) or instant (default: now), as --as-of."),
        query("currency", "string", "Report in this currency (default: the ledger's), as --currency."),
        query("method", "string", "Lot booking method: fifo, lifo, hifo or average (default: fifo), as --method."),
    ]

    /// A CLI document: an object whose `schema` is `name`, with its other members as
    /// docs/JSON.md describes them (exact numbers are strings).
    static func document(_ name: String, _ properties: [(String, OpenAPIValue)]) -> OpenAPIValue {
        [
            "type": "object", "required": ["schema"],
            "properties": .object([("schema", ["const": .string(name)] as OpenAPIValue)] + properties),
        ]
    }

    static let strings: OpenAPIValue = ["type": "array", "items": ["type": "string"]]
    static let objects: OpenAPIValue = ["type": "array", "items": ["type": "object"]]

    static var schemas: OpenAPIValue {
        [
            "Error": [
                "type": "object", "required": ["error"],
                "properties": [
                    "error": ["type": "string", "description": "The CLI's message."],
                    "problems": strings,
                ],
            ],
            "Portfolio": document(
                "ledger.portfolio/1",
                [
                    ("as_of", ["type": "string"]), ("currency", ["type": "string"]), ("method", ["type": "string"]),
                    ("by_account", ["type": "boolean"]), ("events", ["type": "integer"]), ("holdings", objects),
                    ("totals", ["type": "object"]), ("complete", ["type": "boolean"]),
                    ("missing_prices", objects), ("diagnostics", objects),
                ]),
            "Log": document("ledger.log/1", [("events", objects)]),
            "Events": document("ledger.events/1", [("events", objects)]),
            "Report": document("ledger.report/1", []),
            "Returns": document(
                "ledger.returns/1",
                [
                    ("as_of", ["type": "string"]), ("currency", ["type": "string"]), ("period", ["type": "object"]),
                    ("benchmark", ["type": ["object", "null"]]), ("by", ["type": ["string", "null"]]),
                    ("sleeves", objects), ("series", objects), ("unknown_prices", objects),
                ]),
            "Import": document(
                "ledger.import/1", [("dry_run", ["type": "boolean"]), ("files", objects), ("notices", strings)]),
            "AddEvent": [
                "type": "object", "additionalProperties": false,
                "properties": [
                    "kind": [
                        "type": "string",
                        "enum": [
                            "buy", "sell", "trade", "deposit", "withdraw", "transfer",
                            "income", "fee", "split",
                        ],
                    ],
                    "words": [
                        "type": "string",
                        "description": "The words after the kind, as ledger add takes them: BTC 0.1 @ 30000",
                    ],
                    "fee": ["type": "string"], "date": ["type": "string"], "account": ["type": "string"],
                    "from": ["type": "string"], "to": ["type": "string"], "income_kind": ["type": "string"],
                    "class": ["type": "string"], "note": ["type": "string"],
                ],
            ],
            "Void": [
                "type": "object", "additionalProperties": false, "required": ["reason"],
                "properties": ["reason": ["type": "string"]],
            ],
        ]
    }
}
