import CCurl
import Glibc

/// The live ``HTTPClient``: libcurl, loaded on the first request (see `CCurl.h`), used
/// synchronously. Redirects are followed, bodies arrive decoded, only http and https are sent.
public struct CurlHTTPClient: HTTPClient {
    public init() {}

    public func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
        var response = ledger_http_response()
        defer { ledger_http_response_free(&response) }
        let lines = request.headers.sorted { $0.key < $1.key }.map { strdup("\($0.key): \($0.value)") }
        defer { for line in lines { free(line) } }
        let pointers = lines.map { UnsafePointer($0) }
        let timeout = Int(max(1, (request.timeout * 1000).rounded()))
        let connectTimeout = Int(max(1, (min(request.connectTimeout, request.timeout) * 1000).rounded()))
        // A POST of nothing still needs a pointer to send from.
        let payload: [UInt8] = request.method == "POST" && request.body.isEmpty ? [0] : request.body
        let code = payload.withUnsafeBufferPointer { body in
            ledger_http_send(
                request.url, pointers, Int32(pointers.count), request.method == "POST" ? body.baseAddress : nil,
                request.body.count, timeout, connectTimeout, &response)
        }
        guard code == 0 else {
            let message = withUnsafeBytes(of: response.message) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            throw Self.transportError(code, message: message)
        }
        let body = response.body.map { [UInt8](UnsafeBufferPointer(start: $0, count: response.body_length)) } ?? []
        let headerText = response.headers.map { String(cString: $0) } ?? ""
        return HTTPResponse(status: response.status, headers: Self.lastHeaderBlock(headerText), body: body)
    }

    /// The headers of the final response: a redirect chain sends one block per response,
    /// each starting with its status line. Repeated names are joined with ", ".
    static func lastHeaderBlock(_ text: String) -> [String: String] {
        var headers: [String: String] = [:]
        for line in text.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" }) {
            if line.hasPrefix("HTTP/") {
                headers.removeAll()
                continue
            }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = String(line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" })
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        return headers
    }

    /// The user's words for libcurl's failure codes (numbered in curl/curl.h).
    static func transportError(_ code: Int32, message: String) -> TransportError {
        switch code {
        case 28: .timedOut // CURLE_OPERATION_TIMEDOUT
        case 7: .refused // CURLE_COULDNT_CONNECT
        case 6, 5: .hostNotFound // CURLE_COULDNT_RESOLVE_HOST, _PROXY
        // SSL_*, PEER_FAILED_VERIFICATION
        case 35, 58, 59, 60, 77, 83, 90, 91: .unreachable("the TLS connection failed")
        case 52, 55, 56: .unreachable("the connection was lost") // GOT_NOTHING, SEND_ERROR, RECV_ERROR
        case 1: .unreachable("not an http or https URL") // CURLE_UNSUPPORTED_PROTOCOL
        case 3: .unreachable("not a valid URL") // CURLE_URL_MALFORMAT
        default: .unreachable(message.isEmpty ? "network error \(code)" : message)
        }
    }
}
