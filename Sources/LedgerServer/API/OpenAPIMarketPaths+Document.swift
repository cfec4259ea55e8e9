/// The market's operations as entries of the OpenAPI document.
extension OpenAPIMarketPaths.Operation {
    var entry: OpenAPIDocument.Entry {
        OpenAPIDocument.Entry(method: method, path: path, document: document)
    }

    private var document: OpenAPIValue {
        var members: [(String, OpenAPIValue)] = [
            ("operationId", .string(operationID)), ("summary", .string(summary)),
            ("parameters", .array(parameters.map(\.document))),
        ]
        if let bodyFields {
            let properties = bodyFields.map { field -> (String, OpenAPIValue) in
                (field.name, ["type": "string", "description": .string(field.description)])
            }
            let schema: OpenAPIValue = ["type": "object", "properties": .object(properties)]
            members.append(("requestBody", ["required": true, "content": ["application/json": ["schema": schema]]]))
        }
        let success: OpenAPIValue = [
            "description": .string(schema),
            "content": ["application/json": ["schema": OpenAPIParts.document(schema, [])]],
        ]
        let errors = errorStatuses.map { status -> (String, OpenAPIValue) in
            (String(status), status == 401 ? OpenAPIParts.unauthorized : OpenAPIParts.error(Self.meaning(status)))
        }
        members.append(("responses", .object([(String(successStatus), success)] + errors)))
        return .object(members)
    }

    /// `GET /api/v1/market/{symbol}` → `getMarketSymbol`.
    private var operationID: String {
        let words = path.split(separator: "/").dropFirst(2).flatMap { $0.split(whereSeparator: { "{}-".contains($0) }) }
        return method.lowercased() + words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    private static func meaning(_ status: Int) -> String {
        switch status {
        case 400: "A parameter the CLI would refuse, with its message."
        case 404: "Not in this user's books or not known to the sources."
        case 422: "A body the CLI would refuse, with its message."
        case 502: "The market source failed and nothing is cached."
        default: "An error, with its message."
        }
    }
}

extension OpenAPIMarketPaths.Parameter {
    var document: OpenAPIValue {
        [
            "name": .string(name), "in": .string(location), "required": .bool(required),
            "description": .string(description), "schema": ["type": .string(type)],
        ]
    }
}
