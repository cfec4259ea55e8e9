/// Text made safe for HTML: the one escaper of the codebase (the report's HTML and SVG, the
/// news view, and every page of the server).
public enum HTML {
    /// `&`, `<`, `>`, `"` and `'` as entities, for element text and quoted attributes alike.
    /// Scalar by scalar, so a `<` that a combining mark follows is escaped too.
    public static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
