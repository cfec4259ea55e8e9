import Foundation
import Glibc

extension LocalHTTPServer {
    /// A fixture file for a path and query. First `NAME[k=v&k2=v2].json` (or `.http`) beside
    /// it, when every `k=v` appears in the query; then `PATH.json` (served as JSON),
    /// `PATH.http` (a whole raw response: status line, headers, blank line, body) or `PATH`.
    static func fixture(_ base: String, query: String) -> Response? {
        let pairs = Set(query.split(separator: "&").map { $0.removingPercentEncoding ?? String($0) })
        let slash = base.lastIndex(of: "/") ?? base.startIndex
        let directory = String(base[..<slash])
        let name = String(base[base.index(after: slash)...])
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
        for file in files where file.hasPrefix(name + "[") {
            guard let close = file.lastIndex(of: "]") else { continue }
            let selector = file[file.index(file.startIndex, offsetBy: name.count + 1)..<close]
            let extensionPart = String(file[file.index(after: close)...])
            guard selector.split(separator: "&").allSatisfy({ pairs.contains(String($0)) }),
                [".json", ".http"].contains(extensionPart)
            else { continue }
            return fixture(directory + "/" + file, exact: true)
        }
        return fixture(base, exact: false)
    }

    private static func fixture(_ base: String, exact: Bool) -> Response? {
        if exact {
            guard let data = FileManager.default.contents(atPath: base) else { return nil }
            return base.hasSuffix(".http")
                ? parseRaw([UInt8](data))
                : Response(headers: ["Content-Type": "application/json"], bytes: [UInt8](data))
        }
        if let json = FileManager.default.contents(atPath: base + ".json") {
            return Response(headers: ["Content-Type": "application/json"], bytes: [UInt8](json))
        }
        if let raw = FileManager.default.contents(atPath: base + ".http") { return parseRaw([UInt8](raw)) }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: base, isDirectory: &isDirectory), !isDirectory.boolValue,
            let data = FileManager.default.contents(atPath: base)
        {
            return Response(bytes: [UInt8](data))
        }
        return nil
    }

    /// `HTTP/1.1 429 Too Many Requests\nRetry-After: 5\n\nbody`.
    static func parseRaw(_ bytes: [UInt8]) -> Response {
        let text = String(decoding: bytes, as: UTF8.self)
        let parts = text.components(separatedBy: "\n\n")
        let head = parts[0].split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let status = head.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 200
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            let pair = line.split(separator: ":", maxSplits: 1)
            if pair.count == 2 { headers[String(pair[0])] = pair[1].trimmingCharacters(in: .whitespaces) }
        }
        return Response(status: status, headers: headers, body: parts.dropFirst().joined(separator: "\n\n"))
    }

    /// A listening socket on 127.0.0.1 and a port chosen by the kernel.
    static func listen(port: inout UInt16) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ServerError(message: "socket() failed") }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, Glibc.listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw ServerError(message: "cannot listen on 127.0.0.1")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        return descriptor
    }

    /// Reads up to the blank line that ends the request head.
    static func readRequest(_ connection: Int32) -> Request? {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end: [UInt8] = [13, 10, 13, 10]
        while data.count < 65_536 {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { break }
            data += buffer[0..<count]
            if data.count >= 4, data.indices.dropLast(3).contains(where: { Array(data[$0..<$0 + 4]) == end }) { break }
        }
        let headEnd = data.indices.dropLast(3).first { Array(data[$0..<$0 + 4]) == end } ?? data.count
        let lines = String(decoding: data[..<headEnd], as: UTF8.self).components(separatedBy: "\r\n")
        let first = lines.first?.split(separator: " ") ?? []
        guard first.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() where !line.isEmpty {
            let pair = line.split(separator: ":", maxSplits: 1)
            if pair.count == 2 { headers[pair[0].lowercased()] = pair[1].trimmingCharacters(in: .whitespaces) }
        }
        var body = Array(data.dropFirst(min(data.count, headEnd + 4)))
        let length = min(headers["content-length"].flatMap(Int.init) ?? 0, 1 << 20)
        while body.count < length {
            let count = read(connection, &buffer, min(buffer.count, length - body.count))
            guard count > 0 else { break }
            body += buffer[0..<count]
        }
        return Request(method: String(first[0]), target: String(first[1]), headers: headers, body: body)
    }

    static func write(_ response: Response, to connection: Int32) {
        var head = "HTTP/1.1 \(response.status) \(reason(response.status))\r\n"
        var headers = response.headers
        headers["Content-Length"] = String(response.body.count)
        headers["Connection"] = "close"
        for name in headers.keys.sorted() { head += "\(name): \(headers[name]!)\r\n" }
        var bytes = Array((head + "\r\n").utf8) + response.body
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { return }
            bytes.removeFirst(written)
        }
    }

    private static func reason(_ status: Int) -> String {
        [
            200: "OK", 302: "Found", 404: "Not Found", 429: "Too Many Requests", 500: "Internal Server Error",
            503: "Service Unavailable",
        ][status] ?? "Status"
    }
}

struct ServerError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
