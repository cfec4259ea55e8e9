import CCurl
import COpenSSL
import Glibc

/// A WebSocket client connection (RFC 6455), text messages only, over a connection libcurl
/// opens (TLS for `wss://`, CCurl's `ledger_stream_*`). Was swift-websocket's `WSClient` on
/// SwiftNIO and swift-nio-ssl, whose BoringSSL was the largest part of a clean debug build
/// (docs/PERFORMANCE.md, "Build"). Blocking: one thread reads it (``StreamSession``).
final class WebSocketConnection {
    /// What one read gave.
    enum Inbound: Equatable {
        case text(String)
        /// Nothing arrived within the read's time.
        case quiet
        /// The connection ended, and why.
        case closed(String)
    }

    private let stream: UnsafeMutableRawPointer
    private var buffer: [UInt8]
    private var message: [UInt8] = []
    private var messageIsText = true
    private static let maxFrame = 1 << 20
    private static let maxMessage = 1 << 22

    private init(stream: UnsafeMutableRawPointer, leftover: [UInt8]) {
        self.stream = stream
        self.buffer = leftover
    }

    deinit { ledger_stream_close(stream) }

    /// Connects to `url` (`ws://` or `wss://`) and upgrades, within `timeout` seconds.
    static func connect(_ url: String, timeout: Double) throws(WebSocketFailure) -> WebSocketConnection {
        guard let target = WebSocketURL(url) else { throw .badURL(url) }
        var failure = ledger_stream_failure()
        guard let stream = ledger_stream_open(target.connectURL, Int(timeout * 1000), &failure) else {
            throw WebSocketFailure.connect(failure)
        }
        let key = base64((0..<16).map { _ in UInt8.random(in: 0...255) })
        let request =
            "GET \(target.path) HTTP/1.1\r\nHost: \(target.host)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\nUser-Agent: ledger\r\n\r\n"
        let code = Array(request.utf8).withUnsafeBufferPointer {
            ledger_stream_send(stream, $0.baseAddress, $0.count, Int(timeout * 1000))
        }
        guard code == 0 else {
            ledger_stream_close(stream)
            throw .transport(String(cString: ledger_stream_error(code)))
        }
        let connection = WebSocketConnection(stream: stream, leftover: [])
        try connection.readUpgrade(key: key, timeout: timeout)
        return connection
    }

    /// Reads the server's answer to the upgrade and checks it is RFC 6455's.
    private func readUpgrade(key: String, timeout: Double) throws(WebSocketFailure) {
        let end = Array("\r\n\r\n".utf8)
        while true {
            if let at = buffer.firstRange(of: end) {
                let lines = String(decoding: buffer[..<at.lowerBound], as: UTF8.self).split(separator: "\r\n")
                buffer.removeSubrange(..<at.upperBound)
                let accept = lines.first { $0.lowercased().hasPrefix("sec-websocket-accept:") }?
                    .dropFirst("sec-websocket-accept:".count).trimmingPrefix(" ")
                let expected = Self.base64(Self.sha1(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8)))
                guard lines.first?.hasPrefix("HTTP/1.1 101") == true, accept == expected[...] else {
                    throw .notUpgraded
                }
                return
            }
            guard buffer.count < 16_384 else { throw .notUpgraded }
            switch read(timeout: timeout) {
            case nil: continue
            case .quiet: throw .transport("no answer to the WebSocket upgrade")
            case .closed, .text: throw .notUpgraded
            }
        }
    }

    /// Sends `text` as one masked text frame.
    func send(text: String) throws(WebSocketFailure) {
        try sendFrame(opcode: 0x1, Array(text.utf8))
    }

    private func sendFrame(opcode: UInt8, _ payload: [UInt8]) throws(WebSocketFailure) {
        var frame: [UInt8] = [0x80 | opcode]
        switch payload.count {
        case ..<126: frame.append(0x80 | UInt8(payload.count))
        case ..<65_536: frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default:
            frame.append(0x80 | 127)
            for shift in stride(from: 56, through: 0, by: -8) { frame.append(UInt8((payload.count >> shift) & 0xFF)) }
        }
        let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        let code = frame.withUnsafeBufferPointer { ledger_stream_send(stream, $0.baseAddress, $0.count, 5_000) }
        guard code == 0 else { throw .transport(String(cString: ledger_stream_error(code))) }
    }

    /// The next text message, waiting at most `timeout` seconds for bytes; pings are answered.
    func next(timeout: Double) -> Inbound {
        while true {
            if let taken = takeFrame() { return taken }
            if let ended = read(timeout: timeout) { return ended }
        }
    }

    /// Appends what arrives to the buffer; nil when bytes came, else quiet or closed.
    private func read(timeout: Double) -> Inbound? {
        var chunk = [UInt8](repeating: 0, count: 16_384)
        var received = 0
        let code = chunk.withUnsafeMutableBufferPointer {
            ledger_stream_recv(stream, $0.baseAddress, $0.count, Int(timeout * 1000), &received)
        }
        if code == LEDGER_STREAM_TIMED_OUT { return .quiet }
        guard code == 0 else { return .closed(String(cString: ledger_stream_error(code))) }
        guard received > 0 else { return .closed("the connection was closed") }
        buffer += chunk[..<received]
        return nil
    }

    /// Takes one whole frame off the buffer: a finished text message, `.closed`, or nil when
    /// more bytes are needed (control frames are answered here, binary messages skipped).
    private func takeFrame() -> Inbound? {
        while let frame = WebSocketFrame(buffer) {
            guard frame.length <= Self.maxFrame else { return .closed("a frame larger than 1 MiB") }
            guard buffer.count >= frame.headerSize + frame.length else { return nil }
            let payload = frame.payload(of: buffer)
            buffer.removeSubrange(..<(frame.headerSize + frame.length))
            switch frame.opcode {
            case 0x0, 0x1, 0x2:
                if frame.opcode != 0x0 { messageIsText = frame.opcode == 0x1 }
                message += payload
                guard message.count <= Self.maxMessage else { return .closed("a message larger than 4 MiB") }
                guard frame.final else { continue }
                defer { message = [] }
                if messageIsText { return .text(String(decoding: message, as: UTF8.self)) }
            case 0x8:
                try? sendFrame(opcode: 0x8, Array(payload.prefix(2)))
                return .closed("the streamer closed the connection")
            case 0x9: try? sendFrame(opcode: 0xA, payload)
            default: continue
            }
        }
        return nil
    }

    static func base64(_ bytes: [UInt8]) -> String {
        var out = [UInt8](repeating: 0, count: (bytes.count + 2) / 3 * 4 + 1)
        let length = EVP_EncodeBlock(&out, bytes, Int32(bytes.count))
        return String(decoding: out[..<Int(length)], as: UTF8.self)
    }

    static func sha1(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 20)
        SHA1(bytes, bytes.count, &digest)
        return digest
    }
}

/// A frame's header: FIN, opcode, payload length and the mask a server should not send.
struct WebSocketFrame {
    let final: Bool
    let opcode: UInt8
    let length: Int
    let headerSize: Int
    let masked: Bool

    /// Nil until the whole header is in `bytes`.
    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 2 else { return nil }
        final = bytes[0] & 0x80 != 0
        opcode = bytes[0] & 0x0F
        masked = bytes[1] & 0x80 != 0
        let short = Int(bytes[1] & 0x7F)
        let extra = short == 126 ? 2 : short == 127 ? 8 : 0
        headerSize = 2 + extra + (masked ? 4 : 0)
        guard bytes.count >= headerSize else { return nil }
        length = extra == 0 ? short : bytes[2..<(2 + extra)].reduce(0) { $0 << 8 | Int($1) }
    }

    /// The payload, unmasked, of the frame at the start of `bytes` (all of it there).
    func payload(of bytes: [UInt8]) -> [UInt8] {
        let payload = bytes[headerSize..<(headerSize + length)]
        guard masked else { return Array(payload) }
        let mask = bytes[(headerSize - 4)..<headerSize].map { $0 }
        return payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
    }
}

/// A `ws://` or `wss://` URL as libcurl connects to it and as the upgrade names it.
struct WebSocketURL {
    let connectURL: String
    let host: String
    let path: String

    init?(_ url: String) {
        let secure: Bool
        if url.hasPrefix("wss://") {
            secure = true
        } else if url.hasPrefix("ws://") {
            secure = false
        } else {
            return nil
        }
        let rest = url.dropFirst(secure ? 6 : 5)
        let slash = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        host = String(rest[..<slash])
        guard !host.isEmpty else { return nil }
        let tail = String(rest[slash...])
        path = tail.hasPrefix("/") ? tail : "/" + tail
        connectURL = (secure ? "https://" : "http://") + host + "/"
    }
}
