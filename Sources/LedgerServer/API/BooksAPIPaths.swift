/// What the OpenAPI document says of each route of ``BooksAPI``.
enum BooksAPIPaths {
    typealias P = OpenAPIParts

    static let portfolio: OpenAPIValue = [
        "operationId": "portfolio",
        "summary": "Holdings, cost basis, P&L: ledger portfolio -O json",
        "parameters": .array(
            [P.query("by-account", "boolean", "One line per account, as --by-account.")] + P.valuation),
        "responses": [
            "200": P.json("ledger.portfolio/1, from the snapshot when there is one.", "Portfolio"),
            "400": P.error("A parameter the CLI would refuse, with its message."),
            "401": P.unauthorized,
        ],
    ]

    static let log: OpenAPIValue = [
        "operationId": "log",
        "summary": "The events, newest first: ledger log -O json",
        "parameters": [
            P.query("limit", "integer", "At most this many events, as --limit."),
            P.query("since", "string", "Only events on or after this date (YYYY-MM-DD), as --since."),
            P.query("until", "string", "Only events on or before this date (YYYY-MM-DD), as --until."),
            P.query("asset", "string", "Only events that touch this asset, as --asset."),
            P.query("account", "string", "Only events in (or transferring to) this account, as --account."),
            P.query("kind", "string", "Only events of these kinds (buy,sell), as --kind."),
        ],
        "responses": [
            "200": P.json("ledger.log/1", "Log"), "400": P.error("A filter the CLI would refuse."),
            "401": P.unauthorized,
        ],
    ]

    static let addEvent: OpenAPIValue = [
        "operationId": "addEvent",
        "summary": "Record an event: ledger add -O json",
        "requestBody": [
            "required": true, "content": ["application/json": ["schema": ["$ref": "#/components/schemas/AddEvent"]]],
        ],
        "responses": [
            "201": P.json("ledger.events/1: the event as stored.", "Events"),
            "422": P.error("Refused with the CLI's message; nothing written."), "401": P.unauthorized,
        ],
    ]

    static let voidEvent: OpenAPIValue = [
        "operationId": "voidEvent",
        "summary": "Cancel an event: ledger void ID --reason R -O json",
        "parameters": [P.path("id", "The event's number (12) or id.")],
        "requestBody": [
            "required": true, "content": ["application/json": ["schema": ["$ref": "#/components/schemas/Void"]]],
        ],
        "responses": [
            "201": P.json("ledger.events/1: the void.", "Events"), "404": P.error("No such event in your ledger."),
            "422": P.error("Refused with the CLI's message (no reason, voided already); nothing written."),
            "401": P.unauthorized,
        ],
    ]

    static let importFile: OpenAPIValue = [
        "operationId": "importFile",
        "summary": "Import an exchange export or a ledger export: ledger import FILE [--dry-run]",
        "parameters": [
            P.query("dry-run", "boolean", "Show what would be imported, write nothing (default: true)."),
            P.query("name", "string", "The file's name, used in messages as NAME:LINE (default: upload.csv)."),
            P.query("account", "string", "The account the rows go to (default: the exchange's name)."),
            P.query("skip-invalid", "boolean", "Import the valid rows and list the rejected ones."),
            P.query("allow-zero-basis", "boolean", "Record sales of more than is held as zero-cost lots."),
        ],
        "requestBody": [
            "required": true,
            "content": [
                "text/csv": ["schema": ["type": "string"]],
                "application/octet-stream": [
                    "schema": ["type": "string", "contentMediaType": "application/octet-stream"]
                ],
            ],
        ],
        "responses": [
            "200": P.json("The dry run: what would be added.", "Import"),
            "201": P.json("Imported, in one transaction.", "Import"),
            "400": P.error("A parameter that is not what it must be."),
            "413": ["description": "The file is larger than 64 MiB."],
            "422": P.error("Nothing imported: the message and every refused line (FILE:LINE)."),
            "401": P.unauthorized,
        ],
    ]

    static let report: OpenAPIValue = [
        "operationId": "report",
        "summary": "The period report: ledger report -O json",
        "parameters": .array(
            [P.query("period", "string", "day, week, month, quarter, year or all (default: month).")] + P.valuation),
        "responses": [
            "200": P.json("ledger.report/1", "Report"), "400": P.error("A parameter the CLI would refuse."),
            "401": P.unauthorized,
        ],
    ]

    static let returns: OpenAPIValue = [
        "operationId": "returns",
        "summary": "Value, contributions, gain, time- and money-weighted returns: ledger returns -O json",
        "parameters": [
            P.query("period", "string", "1d, 7d, 30d, ytd, 1y, all, a year (2024) or FROM..TO (default: 30d)."),
            P.query(
                "benchmark", "string", "Compare with holding this asset bought with the same flows, as --benchmark."),
            P.query("by", "string", "Also a return per asset, class or account, as --by."),
            P.valuation[0], P.valuation[1],
        ],
        "responses": [
            "200": P.json("ledger.returns/1", "Returns"), "400": P.error("A parameter the CLI would refuse."),
            "401": P.unauthorized,
        ],
    ]

    static let openAPI: OpenAPIValue = [
        "operationId": "openapi",
        "summary": "This document",
        "security": [],
        "responses": ["200": ["description": "The OpenAPI 3.1 document.", "content": ["application/json": [:]]]],
    ]
}
