import LedgerInterchange

/// A JSON value written in Swift, its object keys in the order given (literals read as JSON:
/// `["type": "object", "required": ["schema"]]`), for the OpenAPI document.
indirect enum OpenAPIValue: Sendable, ExpressibleByStringLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    case string(String)
    case bool(Bool)
    case integer(Int64)
    case array([OpenAPIValue])
    case object([(String, OpenAPIValue)])

    init(stringLiteral value: String) { self = .string(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(integerLiteral value: Int64) { self = .integer(value) }
    init(arrayLiteral elements: OpenAPIValue...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, OpenAPIValue)...) { self = .object(elements) }

    /// The members of an object (empty for any other value).
    var members: [(String, OpenAPIValue)] {
        if case .object(let members) = self { return members }
        return []
    }

    func write(to writer: inout JSONWriter) {
        switch self {
        case .string(let text): writer.string(text)
        case .bool(let value): writer.bool(value)
        case .integer(let value): writer.integer(value)
        case .array(let items):
            writer.beginArray()
            for item in items { item.write(to: &writer) }
            writer.endArray()
        case .object(let members):
            writer.beginObject()
            for (name, value) in members {
                writer.key(name)
                value.write(to: &writer)
            }
            writer.endObject()
        }
    }

    /// The value as pretty-printed JSON.
    var text: String {
        var writer = JSONWriter(pretty: true)
        write(to: &writer)
        return writer.text
    }
}
