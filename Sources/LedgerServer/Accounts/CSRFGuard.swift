import Hummingbird

/// Refuses a POST, PUT, PATCH or DELETE from a browser session unless it carries the
/// session's CSRF token: the `_csrf` field every form of ours has (``PageLayout/csrfField``),
/// or an `X-CSRF-Token` header. 403 and a page that says nothing was done. Requests signed in
/// with an API token have no CSRF token and pass (the API takes no cookies). A form's body is
/// collected once here (1 MiB at most) and handed on, so the route reads it as if nobody had;
/// of an upload (`multipart/form-data`, whose `_csrf` part comes before the file) only the
/// first 64 KiB are read before the token is checked, and the route streams the rest.
struct CSRFGuard: RouterMiddleware {
    typealias Context = ServerContext

    static let unsafeMethods: Set<HTTPRequest.Method> = [.post, .put, .patch, .delete]
    /// The largest form body (not an upload) read to find the token.
    static let formBytes = 1024 * 1024

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard Self.unsafeMethods.contains(request.method), let expected = context.user?.csrfToken else {
            return try await next(request, context)
        }
        var request = request
        let given: String?
        let contentType = request.headers[.contentType]
        if let header = request.headers[.init("X-CSRF-Token")!] {
            given = header
        } else if contentType?.lowercased().hasPrefix("multipart/form-data") == true {
            let (prefix, body) = try await PeekedBody.peek(request.body) {
                FormField.value("_csrf", in: $0, contentType: contentType) != nil
            }
            request.body = body
            given = FormField.value("_csrf", in: prefix, contentType: contentType)
        } else {
            let body = try await request.collectBody(upTo: Self.formBytes)
            given = FormField.value("_csrf", in: body, contentType: contentType)
        }
        guard let given, Self.same(given, expected) else {
            return ServerResponse.html(
                PageLayout.page(
                    title: "Form expired", user: context.user,
                    body: PageLayout.errors([
                        "This form is out of date or came from another site, so nothing was changed. "
                            + "Go back, reload the page and try again."
                    ])), status: .forbidden)
        }
        return try await next(request, context)
    }

    /// Compares without stopping at the first difference (no timing hint about the token).
    static func same(_ given: String, _ expected: String) -> Bool {
        let left = Array(given.utf8)
        let right = Array(expected.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}

/// One field of a form body: `application/x-www-form-urlencoded`, or a plain part of
/// `multipart/form-data` (an upload form carries its `_csrf` as a part before the file).
enum FormField {
    static func value(_ name: String, in body: ByteBuffer, contentType: String?) -> String? {
        let type = contentType?.lowercased() ?? ""
        if type.hasPrefix("multipart/form-data") {
            guard let boundary = boundary(contentType ?? "") else { return nil }
            return multipartValue(name, in: Array(body.readableBytesView), boundary: boundary)
        }
        let text = String(decoding: body.readableBytesView, as: UTF8.self)
        return FormEncoding.fields(text).first { $0.name == name }?.value
    }

    private static func boundary(_ contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: " \"") }
            if pair.count == 2, pair[0].lowercased() == "boundary" { return pair[1] }
        }
        return nil
    }

    /// The text of the part whose `Content-Disposition` names `name` (no file parts).
    private static func multipartValue(_ name: String, in body: [UInt8], boundary: String) -> String? {
        let header = Array("Content-Disposition: form-data; name=\"\(name)\"\r\n\r\n".utf8)
        guard let start = find(header, in: body, from: 0, caseInsensitive: true) else { return nil }
        let valueStart = start + header.count
        guard let end = find(Array("\r\n--\(boundary)".utf8), in: body, from: valueStart) else { return nil }
        return String(decoding: body[valueStart..<end], as: UTF8.self)
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int, caseInsensitive: Bool = false)
        -> Int?
    {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        let fold: (UInt8) -> UInt8 = { caseInsensitive && $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
        let target = needle.map(fold)
        var index = from
        while index + target.count <= haystack.count {
            var match = true
            for offset in 0..<target.count where fold(haystack[index + offset]) != target[offset] {
                match = false
                break
            }
            if match { return index }
            index += 1
        }
        return nil
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in characters: String) -> String {
        let set = Set(characters)
        return String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}

/// A request body of which the start has been read already: that start, then the rest as it
/// arrives.
struct PeekedBody: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    /// How much of an upload is read, at most, to find its `_csrf` part.
    static let peekBytes = 64 * 1024

    let prefix: ByteBuffer
    let rest: Rest

    /// Reads `body` until `enough` holds for what was read, or ``peekBytes`` were read, or it
    /// ends; returns what was read and the whole body to hand on.
    static func peek(_ body: RequestBody, until enough: (ByteBuffer) -> Bool) async throws
        -> (ByteBuffer, RequestBody)
    {
        let rest = Rest(body.makeAsyncIterator())
        var prefix = ByteBuffer()
        while !enough(prefix), prefix.readableBytes < peekBytes, var piece = try await rest.next() {
            prefix.writeBuffer(&piece)
        }
        return (prefix, RequestBody(asyncSequence: PeekedBody(prefix: prefix, rest: rest)))
    }

    /// The body's one iterator, shared by the peek and the route that reads on (one after the
    /// other, never at once).
    final class Rest: @unchecked Sendable {
        private var iterator: RequestBody.AsyncIterator
        init(_ iterator: RequestBody.AsyncIterator) { self.iterator = iterator }
        func next() async throws -> ByteBuffer? { try await iterator.next() }
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        var prefix: ByteBuffer?
        let rest: Rest

        mutating func next() async throws -> ByteBuffer? {
            if let first = prefix {
                prefix = nil
                if first.readableBytes > 0 { return first }
            }
            return try await rest.next()
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(prefix: prefix, rest: rest) }
}
