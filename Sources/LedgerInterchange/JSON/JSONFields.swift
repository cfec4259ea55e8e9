/// Why a member of a JSON object is not what was asked for, with the reason an event file's
/// line gets (the ones Foundation's `JSONDecoder` gave when it read event files).
enum JSONFieldError: Error {
    case missing(String)
    /// Not a string (or, for ``JSONFields/integer(_:)``, not a number); `""` for the object itself.
    case wrongType(String)
    /// A number where a whole number belongs that is not one, or is out of range.
    case notWhole

    var message: String {
        switch self {
        case .missing(let key): "missing field '\(key)'"
        case .wrongType(let key): "field '\(key)' must be a string (write numbers as \"0.1\", not 0.1)"
        case .notWhole: "not a JSON object"
        }
    }
}

/// Typed reads of the members of one JSON object; absent and `null` are the same for an
/// optional member.
struct JSONFields {
    let members: [String: JSONValue]

    /// A string that must be present and not null.
    func required(_ key: String) throws(JSONFieldError) -> String {
        guard let value = members[key] else { throw .missing(key) }
        guard case .string(let text) = value else { throw .wrongType(key) }
        return text
    }

    /// A string, or nil when absent or null.
    func optional(_ key: String) throws(JSONFieldError) -> String? {
        guard let value = members[key], value != .null else { return nil }
        guard case .string(let text) = value else { throw .wrongType(key) }
        return text
    }

    /// A whole number (`2`, `2.0`, `2e0`) that an `Int64` holds, or nil when absent or null.
    func integer(_ key: String) throws(JSONFieldError) -> Int64? {
        guard let value = members[key], value != .null else { return nil }
        guard case .number = value else { throw .wrongType(key) }
        guard let whole = value.integer else { throw .notWhole }
        return whole
    }
}
