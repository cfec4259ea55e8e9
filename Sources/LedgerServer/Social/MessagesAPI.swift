import Hummingbird
import LedgerApp
import LedgerInterchange

/// The messages over JSON, with a bearer token: `GET /api/v1/messages` (`ledger.messages/1`,
/// `?page=`), `POST /api/v1/messages` (`{"text": "…"}`, 201 with `ledger.message/1`) and
/// `DELETE /api/v1/messages/{id}` (204). Refusals are `{"error": …}`: 422 for a message the
/// rules refuse, 429 past the rate limit, 403 for someone else's message, 404 for none.
enum MessagesAPI {
    static var operations: [APIOperation] {
        [
            APIOperation(
                method: .get, path: "/api/v1/messages", document: MessagesAPIPaths.list,
                handle: { try await Self.list($0, $1, $2) }),
            APIOperation(
                method: .post, path: "/api/v1/messages", document: MessagesAPIPaths.post,
                handle: { try await Self.post($0, $1, $2) }),
            APIOperation(
                method: .delete, path: "/api/v1/messages/{id}", document: MessagesAPIPaths.delete,
                handle: { try await Self.delete($0, $1, $2) }),
        ]
    }

    static func list(_ request: Request, _ context: SignedInContext, _ state: ServerState) async throws -> Response {
        do {
            let page = try QueryFields(request).integer("page") ?? 1
            let kept = state.settings.messagesKept
            let found = try await state.requireMessages().run { try $0.messages(page: page, kept: kept) }
            return ServerResponse.json(
                MessageJSON.messages(found.messages, page: found.page, older: found.hasOlder, kept: kept))
        } catch {
            return try failure(error, query: true)
        }
    }

    static func post(_ request: Request, _ context: SignedInContext, _ state: ServerState) async throws -> Response {
        let user = context.user
        do {
            let text = try await BooksAPI.jsonBody(request, known: ["text"])["text"] ?? ""
            let kept = state.settings.messagesKept
            let posted = try await state.requireMessages().run { try $0.postMessage(user.name, text: text, kept: kept) }
            return ServerResponse.json(MessageJSON.message(posted), status: .created)
        } catch {
            return try failure(error)
        }
    }

    static func delete(_ request: Request, _ context: SignedInContext, _ state: ServerState) async throws -> Response {
        let user = context.user
        do {
            let id = try context.parameters.require("id")
            try await state.requireMessages().run { try $0.deleteMessage(id, by: user.name, isAdmin: user.isAdmin) }
            return Response(status: .noContent, headers: ServerResponse.securityHeaders)
        } catch {
            return try failure(error)
        }
    }

    private static func failure(_ error: any Error, query: Bool = false) throws -> Response {
        if error is MessagesUnavailable { throw error }
        guard let message = RequestFailure.message(error) else { throw error }
        let status = RequestFailure.status(error, query: query)
        var response = ServerResponse.apiError(status, message)
        if case MessageError.tooMany(let seconds) = error { response.headers[.retryAfter] = String(seconds) }
        return response
    }
}

/// What the OpenAPI document says of ``MessagesAPI``'s routes (their schemas inline).
enum MessagesAPIPaths {
    typealias P = OpenAPIParts

    static let message: OpenAPIValue = [
        "type": "object", "required": ["id", "user", "kind", "text", "at"],
        "properties": [
            "id": ["type": "integer"], "user": ["type": "string"], "kind": ["enum": ["text", "trade"]],
            "side": ["enum": ["buy", "sell"]], "asset": ["type": "string"],
            "text": ["type": "string", "description": "What the user wrote, or \"alice bought BTC\"."],
            "at": ["type": "string"], "hidden": ["type": "boolean"],
        ],
    ]

    static func body(_ description: String, _ schema: OpenAPIValue) -> OpenAPIValue {
        ["description": .string(description), "content": ["application/json": ["schema": schema]]]
    }

    static let list: OpenAPIValue = [
        "operationId": "messages",
        "summary": "The messages every user of this server shares, newest first (25 to a page)",
        "parameters": [P.query("page", "integer", "The page, from 1 (default 1).")],
        "responses": [
            "200": body(
                "ledger.messages/1",
                P.document(
                    "ledger.messages/1",
                    [
                        ("kept", ["type": "integer"]), ("page", ["type": "integer"]), ("older", ["type": "boolean"]),
                        ("messages", ["type": "array", "items": message]),
                    ])),
            "400": P.error("A page that is not a whole number from 1."), "401": P.unauthorized,
        ],
    ]

    static let post: OpenAPIValue = [
        "operationId": "postMessage",
        "summary": "Post a message (plain text, at most 500 characters; 10 a minute)",
        "requestBody": [
            "required": true,
            "content": [
                "application/json": [
                    "schema": [
                        "type": "object", "additionalProperties": false, "required": ["text"],
                        "properties": ["text": ["type": "string"]],
                    ]
                ]
            ],
        ],
        "responses": [
            "201": body(
                "ledger.message/1: the message as kept.", P.document("ledger.message/1", [("message", message)])),
            "422": P.error("Refused (empty, too long, an invisible character); nothing posted."),
            "429": P.error("More than 10 messages in a minute; Retry-After says when to post again."),
            "401": P.unauthorized,
        ],
    ]

    static let delete: OpenAPIValue = [
        "operationId": "deleteMessage",
        "summary": "Delete a message: your own, or any as an admin",
        "parameters": [P.path("id", "The message's id.")],
        "responses": [
            "204": ["description": "Deleted."],
            "403": P.error("Someone else's message (only its author or an admin deletes it)."),
            "404": P.error("No such message."), "401": P.unauthorized,
            "400": [
                "description": "An id with an encoded /, . or \\ (the path is not in its plain form), as one line.",
                "content": ["text/plain": ["schema": ["type": "string"]]],
            ],
        ],
    ]
}
