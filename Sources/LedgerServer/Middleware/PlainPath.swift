import Hummingbird

/// Refuses a request whose path is not in its plain form before any route or credential sees
/// it: an empty segment (`//api/v1/…`), a `.` or `..` segment, a backslash, or an encoded
/// slash, dot or backslash (`%2F`, `%2E`, `%5C`). The router reads such a path one way and a
/// prefix check another (`//api/v1/me` would reach the API with a session cookie), so none is
/// served: 400 and one line. A trailing slash is plain.
struct PlainPath: RouterMiddleware {
    typealias Context = ServerContext

    static let refusal =
        "The path is not in its plain form (no //, /./, /../, backslash or encoded / . \\); ask for the path as a link on this site gives it.\n"

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard Self.isPlain(request.uri.path) else {
            var headers = ServerResponse.securityHeaders
            headers[.contentType] = "text/plain; charset=utf-8"
            return Response(
                status: .badRequest, headers: headers, body: .init(byteBuffer: ByteBuffer(string: Self.refusal)))
        }
        return try await next(request, context)
    }

    static func isPlain(_ path: String) -> Bool {
        guard path.hasPrefix("/"), !path.contains("\\") else { return false }
        let lowered = path.lowercased()
        guard !["%2f", "%2e", "%5c"].contains(where: { lowered.contains($0) }) else { return false }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        for (index, segment) in segments.enumerated() {
            if segment == "." || segment == ".." { return false }
            if segment.isEmpty && index != segments.count - 1 { return false }
        }
        return true
    }
}
