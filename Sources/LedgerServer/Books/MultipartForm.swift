import LedgerApp

/// A `multipart/form-data` body (RFC 7578), read strictly: the boundary from the
/// `Content-Type` header, CRLF line ends, every part named by `Content-Disposition: form-data`,
/// at most ``maximumParts`` parts with headers of at most ``maximumHeaderBytes``, fields of at
/// most ``maximumFieldBytes``, and exactly one file. Anything else is refused with a
/// ``MultipartError``, never guessed at.
struct MultipartForm {
    static let maximumParts = 16
    static let maximumHeaderBytes = 4096
    static let maximumFieldBytes = 64 * 1024

    /// The uploaded file: its name as the browser sent it and its bytes.
    var fileName: String
    var file: [UInt8]
    /// The other fields, by name (the last of a name given twice).
    var fields: [String: String]

    init(body: [UInt8], contentType: String?) throws(MultipartError) {
        let boundary = try Self.boundary(contentType)
        var file: (name: String, bytes: [UInt8])?
        var fields: [String: String] = [:]
        for part in try Self.parts(body, boundary: Array(("--" + boundary).utf8)) {
            let disposition = try Self.disposition(part.headers)
            if let fileName = disposition.fileName {
                guard file == nil else { throw .moreThanOneFile }
                file = (fileName, Array(part.content))
            } else {
                guard part.content.count <= Self.maximumFieldBytes else { throw .fieldTooLarge(disposition.name) }
                fields[disposition.name] = String(decoding: part.content, as: UTF8.self)
            }
        }
        guard let file else { throw .noFile }
        self.fileName = file.name
        self.file = file.bytes
        self.fields = fields
    }

    /// `multipart/form-data; boundary=…` (quoted or not, 1 to 70 characters, RFC 2046).
    static func boundary(_ contentType: String?) throws(MultipartError) -> String {
        guard let contentType else { throw .notMultipart }
        let parameters = contentType.split(separator: ";").map { $0.trimmed(" \t") }
        guard parameters.first?.lowercased() == "multipart/form-data" else { throw .notMultipart }
        for parameter in parameters.dropFirst() {
            guard let equals = parameter.firstIndex(of: "="),
                parameter[..<equals].lowercased() == "boundary"
            else { continue }
            var value = String(parameter[parameter.index(after: equals)...])
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            guard (1...70).contains(value.utf8.count), value.utf8.allSatisfy({ $0 > 32 && $0 < 127 }) else {
                throw .badBoundary
            }
            return value
        }
        throw .badBoundary
    }

    struct Part {
        var headers: [(name: String, value: String)]
        var content: ArraySlice<UInt8>
    }

    /// The parts between the delimiters: the body starts with `--BOUNDARY CRLF`, each part
    /// ends at `CRLF --BOUNDARY`, and the last delimiter is followed by `--`.
    static func parts(_ body: [UInt8], boundary: [UInt8]) throws(MultipartError) -> [Part] {
        let crlf: [UInt8] = [13, 10]
        guard body.starts(with: boundary + crlf) else { throw .malformed("the body does not start with the boundary") }
        let delimiter = crlf + boundary
        var position = boundary.count + 2
        var parts: [Part] = []
        while true {
            guard parts.count < maximumParts else { throw .tooManyParts }
            guard let headerEnd = find(crlf + crlf, in: body, from: position, limit: maximumHeaderBytes + 4) else {
                throw .malformed("a part's headers do not end (or are longer than \(maximumHeaderBytes) bytes)")
            }
            let headers = try Self.headers(body[position..<headerEnd])
            let contentStart = headerEnd + 4
            guard let contentEnd = find(delimiter, in: body, from: contentStart) else {
                throw .malformed("a part does not end with the boundary")
            }
            parts.append(Part(headers: headers, content: body[contentStart..<contentEnd]))
            position = contentEnd + delimiter.count
            let rest = body[position...]
            if rest.starts(with: [45, 45]) { return parts }
            guard rest.starts(with: crlf) else { throw .malformed("a boundary is followed by neither CRLF nor --") }
            position += 2
        }
    }

    static func headers(_ bytes: ArraySlice<UInt8>) throws(MultipartError) -> [(name: String, value: String)] {
        var headers: [(name: String, value: String)] = []
        for line in String(decoding: bytes, as: UTF8.self).split(
            separator: "\r\n" as Character, omittingEmptySubsequences: false)
        {
            guard let colon = line.firstIndex(of: ":") else { throw .malformed("a part's header line has no colon") }
            headers.append(
                (line[..<colon].lowercased(), line[line.index(after: colon)...].trimmed(" \t")))
        }
        return headers
    }

    /// `Content-Disposition: form-data; name="…"[; filename="…"]`.
    static func disposition(_ headers: [(name: String, value: String)]) throws(MultipartError)
        -> (name: String, fileName: String?)
    {
        guard let header = headers.first(where: { $0.name == "content-disposition" })?.value,
            header.lowercased().hasPrefix("form-data")
        else { throw .malformed("a part has no Content-Disposition: form-data") }
        var name: String?
        var fileName: String?
        for parameter in header.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmed(" \t") }
            guard pair.count == 2 else { continue }
            var value = pair[1]
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            switch pair[0].lowercased() {
            case "name": name = value
            case "filename": fileName = value
            default: break
            }
        }
        guard let name else { throw .malformed("a part has no name") }
        return (name, fileName)
    }

    /// The first index of `needle` in `haystack` at or after `start` (and, with `limit`,
    /// beginning within `limit` bytes of it).
    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int, limit: Int? = nil) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        let last = min(haystack.count - needle.count, limit.map { start + $0 } ?? Int.max)
        guard start <= last else { return nil }
        return haystack.withUnsafeBufferPointer { bytes in
            var index = start
            while index <= last {
                if bytes[index] == first {
                    var matched = 1
                    while matched < needle.count && bytes[index + matched] == needle[matched] { matched += 1 }
                    if matched == needle.count { return index }
                }
                index += 1
            }
            return nil
        }
    }
}

/// Why an upload's body was refused (400).
enum MultipartError: UserFacingError, Equatable {
    case notMultipart
    case badBoundary
    case malformed(String)
    case tooManyParts
    case fieldTooLarge(String)
    case moreThanOneFile
    case noFile

    var category: ErrorCategory { .usage }

    var description: String {
        switch self {
        case .notMultipart: "the upload must be sent as multipart/form-data"
        case .badBoundary: "the upload's Content-Type has no valid boundary"
        case .malformed(let what): "the upload is malformed: \(what)"
        case .tooManyParts: "the upload has more than \(MultipartForm.maximumParts) parts"
        case .fieldTooLarge(let name): "the field '\(name)' is longer than \(MultipartForm.maximumFieldBytes) bytes"
        case .moreThanOneFile: "the upload has more than one file; import one file at a time"
        case .noFile: "the upload has no file; choose the exchange export to import"
        }
    }
}

extension StringProtocol {
    /// Without the leading and trailing characters found in `set`.
    func trimmed(_ set: String) -> String {
        var slice = Substring(self)
        while let first = slice.first, set.contains(first) { slice.removeFirst() }
        while let last = slice.last, set.contains(last) { slice.removeLast() }
        return String(slice)
    }
}
