import LedgerInterchange

/// `application/x-www-form-urlencoded`: query strings and form bodies.
enum FormEncoding {
    /// Percent-encodes everything but unreserved characters (RFC 3986) and `/`.
    static func escape(_ text: String) -> String {
        PercentEncoding.escape(text, keeping: "/")
    }

    /// The fields of a form body or query string, in order, names and values decoded (`+` is a
    /// space). A field given twice keeps both.
    static func fields(_ body: String) -> [(name: String, value: String)] {
        body.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }

    static func decode(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), let high = hexValue(utf8, utf8.index(after: index)),
                let low = hexValue(utf8, utf8.index(index, offsetBy: 2, limitedBy: utf8.endIndex))
            {
                bytes.append(high << 4 | low)
                index = utf8.index(index, offsetBy: 2)
            } else {
                bytes.append(byte)
            }
            index = utf8.index(after: index)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ utf8: Substring.UTF8View, _ index: Substring.UTF8View.Index?) -> UInt8? {
        guard let index, index < utf8.endIndex else { return nil }
        switch utf8[index] {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return utf8[index] - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return utf8[index] - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return utf8[index] - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
