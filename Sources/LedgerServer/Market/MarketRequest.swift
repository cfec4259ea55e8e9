import Hummingbird
import LedgerApp
import LedgerCore
import LedgerInterchange

/// The fields of a market request: its query string, or its form or JSON body, by name.
struct MarketFields: Sendable {
    let fields: [(name: String, value: String)]

    init(query request: Request) {
        fields = FormEncoding.fields(request.uri.query ?? "")
    }

    init(fields: [(name: String, value: String)]) {
        self.fields = fields
    }

    /// A form body (`application/x-www-form-urlencoded`) or, for the API, a JSON object whose
    /// members are strings (an array of strings counts as its words joined by spaces); at
    /// most 64 KiB.
    static func body(_ request: Request) async throws -> MarketFields {
        var request = request
        let text = String(buffer: try await request.collectBody(upTo: 65_536))
        guard request.headers[.contentType]?.hasPrefix("application/json") == true else {
            return MarketFields(fields: FormEncoding.fields(text))
        }
        guard let object = (try? JSONReader.parse(Array(text.utf8)))?.objectValue else {
            throw MarketRequestError.notAJSONObject
        }
        return MarketFields(
            fields: object.keys.sorted().compactMap { key in
                let value = object[key]!
                if let text = value.stringValue { return (key, text) }
                if let words = value.arrayValue?.compactMap(\.stringValue) {
                    return (key, words.joined(separator: " "))
                }
                return nil
            })
    }

    /// The first value of `name`; an empty value counts as absent.
    subscript(_ name: String) -> String? {
        fields.first { $0.name == name }.map(\.value).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The whole number `name` holds, or nil when absent.
    func integer(_ name: String) throws(MarketRequestError) -> Int? {
        guard let text = self[name] else { return nil }
        guard let value = Int(text) else { throw .notAWholeNumber(field: name, text: text) }
        return value
    }
}

/// Why a market request was refused before any service saw it: a query field the CLI would
/// have refused in its parser.
enum MarketRequestError: UserFacingError, Equatable {
    case notAWholeNumber(field: String, text: String)
    case notASort(String)
    case missingField(String)
    case notAJSONObject

    var category: ErrorCategory { .usage }

    var description: String {
        switch self {
        case .notAWholeNumber(let field, let text): "\(field) '\(text)' is not a whole number"
        case .notASort(let text):
            "sort '\(text)' is not one of \(TopListSort.allCases.map(\.rawValue).joined(separator: ", "))"
        case .missingField(let name): "the form has no \(name)"
        case .notAJSONObject: "the body is not a JSON object; send e.g. {\"symbols\": [\"BTC\"]}"
        }
    }
}

/// A body or query refused before the route's own error handling starts (a JSON array where an
/// object belongs, say) still answers 400 with its sentence, never a 500.
extension MarketRequestError: HTTPResponseError {
    var status: HTTPResponse.Status { .badRequest }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        if request.uri.path.hasPrefix("/api/") { return ServerResponse.apiError(status, description) }
        let page = PageLayout.page(title: "Bad request", user: nil, body: PageLayout.errors([description]))
        return ServerResponse.html(page, status: status)
    }
}
