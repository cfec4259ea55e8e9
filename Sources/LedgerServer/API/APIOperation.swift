import Hummingbird
import LedgerApp

/// One route of the JSON API: what the router registers and what the OpenAPI document says of
/// it, in one value, so neither can name a route the other lacks.
struct APIOperation: Sendable {
    let method: HTTPRequest.Method
    /// The OpenAPI path, parameters in braces: `/api/v1/events/{id}/void`.
    let path: String
    /// The OpenAPI operation object.
    let document: OpenAPIValue
    /// Answers a signed-in request (the user and their books are in its context).
    let handle: @Sendable (Request, SignedInContext, ServerState) async throws -> Response
    /// Answers without a user, from the request alone (the OpenAPI document itself).
    var answer: (@Sendable (Request) async throws -> Response)? = nil

    init(
        method: HTTPRequest.Method, path: String, document: OpenAPIValue,
        handle: @escaping @Sendable (Request, SignedInContext, ServerState) async throws -> Response
    ) {
        (self.method, self.path, self.document, self.handle) = (method, path, document, handle)
    }

    /// A public operation: `answer` serves it to anyone.
    init(
        method: HTTPRequest.Method, path: String, document: OpenAPIValue,
        public answer: @escaping @Sendable (Request) async throws -> Response
    ) {
        self.init(method: method, path: path, document: document) { request, _, _ in try await answer(request) }
        self.answer = answer
    }

    /// The path as the router spells it: `/api/v1/events/:id/void`.
    var routerPath: String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.hasPrefix("{") && segment.hasSuffix("}") ? ":" + segment.dropFirst().dropLast() : String(segment)
        }.joined(separator: "/")
    }
}

/// Registers every operation of ``BooksAPI/operations`` (which the OpenAPI document lists),
/// public ones on the router and the rest behind the sign-in.
struct APIRoutes: RouteGroup {
    func register(public router: Router<ServerContext>, signedIn: RouterGroup<SignedInContext>, state: ServerState) {
        for operation in BooksAPI.operations {
            let handle = operation.handle
            if let answer = operation.answer {
                router.on(RouterPath(operation.routerPath), method: operation.method) { request, _ in
                    try await answer(request)
                }
            } else {
                signedIn.on(RouterPath(operation.routerPath), method: operation.method) { request, context in
                    try await handle(request, context, state)
                }
            }
        }
    }
}

/// A query parameter or body of the API that is not what it must be (400 or 422).
enum APIRequestError: UserFacingError, Equatable {
    case notABoolean(name: String, text: String)
    case notAnInteger(name: String, text: String)
    case notJSON(String)
    case notAnObject
    case notAString(field: String)
    case unknownField(String, known: [String])

    var category: ErrorCategory { .usage }

    var description: String {
        switch self {
        case .notABoolean(let name, let text): "\(name) '\(text)' is not true or false"
        case .notAnInteger(let name, let text): "\(name) '\(text)' is not a whole number"
        case .notJSON(let reason): "the body is not JSON: \(reason)"
        case .notAnObject: "the body must be a JSON object"
        case .notAString(let field): "'\(field)' must be a string (numbers too, e.g. \"0.1\")"
        case .unknownField(let field, let known):
            "unknown field '\(field)'; use \(known.joined(separator: ", "))"
        }
    }
}

extension QueryFields {
    /// `true`/`false` (absent: `fallback`).
    func boolean(_ name: String, default fallback: Bool) throws -> Bool {
        guard let text = self[name] else { return fallback }
        switch text.lowercased() {
        case "true", "1": return true
        case "false", "0": return false
        default: throw APIRequestError.notABoolean(name: name, text: text)
        }
    }

    func integer(_ name: String) throws -> Int? {
        guard let text = self[name] else { return nil }
        guard let value = Int(text) else { throw APIRequestError.notAnInteger(name: name, text: text) }
        return value
    }
}

/// The API's answer to a refusal: `{"error": "<the CLI's message>"}` with its status.
func apiFailure(_ error: any Error, query: Bool = false) throws -> Response {
    guard let message = RequestFailure.message(error) else { throw error }
    return ServerResponse.apiError(RequestFailure.status(error, query: query), message)
}
