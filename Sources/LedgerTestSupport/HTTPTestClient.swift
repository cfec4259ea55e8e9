import Foundation
import Glibc

/// A blocking HTTP/1.1 client for tests: one connection per request (`Connection: close`),
/// 127.0.0.1 only, a read timeout (60 seconds unless told) so a silent server fails the test
/// instead of hanging it: generous, since a server in a test process shares two cores with the
/// whole suite (10 s timed out on a loaded CI machine). Headers and cookies are sent exactly as given. The socket work runs on a thread
/// of its own: blocking a test's task would starve the executor the server's handlers run on.
public struct HTTPTestClient: Sendable {
    public let port: Int
    /// How long a read may wait for the server before the request fails with `.timeout`.
    public let timeoutSeconds: Int

    public init(port: Int, timeoutSeconds: Int = 60) {
        self.port = port
        self.timeoutSeconds = timeoutSeconds
    }

    public struct Response: Sendable {
        public var status: Int
        /// Names lower-cased, in the order received.
        public var headers: [(name: String, value: String)]
        public var body: String

        public func header(_ name: String) -> String? { headers.first { $0.name == name.lowercased() }?.value }
        public func headers(_ name: String) -> [String] { headers.filter { $0.name == name.lowercased() }.map(\.value) }
    }

    public func get(_ path: String, headers: [String: String] = [:]) async throws -> Response {
        try await request("GET", path, headers: headers)
    }

    /// A form post (`application/x-www-form-urlencoded`).
    public func post(_ path: String, form: [(String, String)], headers: [String: String] = [:]) async throws -> Response
    {
        let body = form.map { "\(Self.escape($0.0))=\(Self.escape($0.1))" }.joined(separator: "&")
        var headers = headers
        headers["Content-Type"] = "application/x-www-form-urlencoded"
        return try await request("POST", path, headers: headers, body: Array(body.utf8))
    }

    public func request(_ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8] = [])
        async throws
        -> Response
    {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result { try blockingRequest(method, path, headers: headers, body: body) })
            }.start()
        }
    }

    private func blockingRequest(_ method: String, _ path: String, headers: [String: String], body: [UInt8]) throws
        -> Response
    {
        let socket = try connect()
        defer { close(socket) }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        head += "Content-Length: \(body.count)\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        try send(socket, Array((head + "\r\n").utf8) + body)
        return try Self.parse(receive(socket))
    }

    private func connect() throws -> Int32 {
        try Self.connectLoopback(port: port, timeout: timeval(tv_sec: timeoutSeconds, tv_usec: 0))
    }

    /// A TCP socket connected to 127.0.0.1:`port` whose reads wait at most `timeout` (the one
    /// copy, for this client and ``RawConnection``).
    static func connectLoopback(port: Int, timeout: timeval) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw TestClientError.socket }
        var timeout = timeout
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            close(socket)
            throw TestClientError.connect(port)
        }
        return socket
    }

    private func send(_ socket: Int32, _ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, 0) }
            guard sent > 0 else { throw TestClientError.send }
            offset += sent
        }
    }

    private func receive(_ socket: Int32) throws -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count == 0 { return received }
            guard count > 0 else { throw TestClientError.timeout }
            received += buffer[0..<count]
        }
    }

    static func parse(_ bytes: [UInt8]) throws -> Response {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let end = (0..<max(bytes.count - 3, 0)).first(where: { Array(bytes[$0..<$0 + 4]) == separator }) else {
            throw TestClientError.malformed
        }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components("\r\n")
        guard let statusLine = lines.first, let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "")
        else { throw TestClientError.malformed }
        let headers = lines.dropFirst().compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingSpaces)
        }
        var body = Array(bytes[(end + 4)...])
        if headers.contains(where: { $0.0 == "transfer-encoding" && $0.1.lowercased() == "chunked" }) {
            body = try dechunk(body)
        }
        return Response(status: status, headers: headers, body: String(decoding: body, as: UTF8.self))
    }

    private static func dechunk(_ bytes: [UInt8]) throws -> [UInt8] {
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard let lineEnd = (index..<bytes.count - 1).first(where: { bytes[$0] == 13 && bytes[$0 + 1] == 10 }),
                let size = Int(String(decoding: bytes[index..<lineEnd], as: UTF8.self), radix: 16)
            else { throw TestClientError.malformed }
            if size == 0 { break }
            output += bytes[(lineEnd + 2)..<(lineEnd + 2 + size)]
            index = lineEnd + 2 + size + 2
        }
        return output
    }

    public static func escape(_ text: String) -> String {
        var escaped = ""
        for byte in text.utf8 {
            if (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || byte == 45
                || byte == 46
                || byte == 95
            {
                escaped.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                escaped += "%" + String(byte, radix: 16, uppercase: true).leftPadded(2)
            }
        }
        return escaped
    }
}

public enum TestClientError: Error {
    case socket
    case connect(Int)
    case send, timeout, malformed
}

extension String {
    fileprivate func components(_ separator: String) -> [String] {
        var parts: [String] = []
        var rest = Substring(self)
        while let range = rest.firstRange(of: separator) {
            parts.append(String(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        parts.append(String(rest))
        return parts
    }

    fileprivate func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

extension Substring {
    fileprivate var trimmingSpaces: String { String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
}
