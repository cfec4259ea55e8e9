/// Percent-encoding (RFC 3986) of text for a URL: the one encoder of the codebase, for the
/// market sources' queries and paths and the server's links, query strings and redirects.
public enum PercentEncoding {
    /// `text`'s UTF-8 bytes with every byte but the unreserved characters (`A-Z a-z 0-9 - . _ ~`)
    /// and those in `keeping` as `%XX` (upper-case hex).
    public static func escape(_ text: String, keeping: String = "") -> String {
        let kept = Set(keeping.utf8)
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                escaped.unicodeScalars.append(Unicode.Scalar(byte))
            case _ where kept.contains(byte):
                escaped.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".utf8)
                escaped += "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 15)]], as: UTF8.self)
            }
        }
        return escaped
    }
}
