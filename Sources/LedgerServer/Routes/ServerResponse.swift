import Hummingbird
import LedgerInterchange

/// The responses every route builds the same way: pages, JSON, redirects and API errors.
enum ServerResponse {
    /// A page (`text/html`), never cached: it shows a user's books.
    static func html(_ page: String, status: HTTPResponse.Status = .ok) -> Response {
        var headers = securityHeaders
        headers[.contentType] = "text/html; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: page)))
    }

    /// A JSON document as the CLI's `-O json` prints it.
    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        var headers = securityHeaders
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text + "\n")))
    }

    /// `{"error": "…"}` with the status, for the API.
    static func apiError(_ status: HTTPResponse.Status, _ message: String) -> Response {
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("error", message)
        writer.endObject()
        return json(writer.text, status: status)
    }

    /// 303 See Other: after a form, the browser asks for `path` with GET.
    static func redirect(to path: String) -> Response {
        var headers = securityHeaders
        headers[.location] = path
        return Response(status: .seeOther, headers: headers)
    }

    /// No caching of anyone's books, no framing, no guessing of types, no scripts but the
    /// site's own (`/live.js`, which only enhances; the pages need none) and no connections
    /// but to the site (its live prices), no referrer leaving the site.
    static var securityHeaders: HTTPFields {
        [
            .cacheControl: "no-store",
            .init("X-Content-Type-Options")!: "nosniff",
            .init("X-Frame-Options")!: "DENY",
            .init("Referrer-Policy")!: "same-origin",
            .contentSecurityPolicy:
                "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'",
        ]
    }
}
