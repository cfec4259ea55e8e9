import Foundation
import Glibc

/// A tiny WebSocket server for tests, bound to 127.0.0.1 on a free port: it accepts one
/// connection at a time, answers the upgrade, then plays that connection's script (send a
/// text message, wait for the client's, pause, stay silent, drop the connection), recording
/// what clients sent. Like ``LocalHTTPServer`` it stops by itself after `lifetime` seconds.
public final class LocalWebSocketServer: @unchecked Sendable {
    /// One step of a connection's script.
    public enum Step: Sendable {
        /// A text frame to the client.
        case send(String)
        /// Waits for one text message from the client (the subscription) and records it.
        case receive
        /// Waits this many seconds (saying nothing).
        case pause(Double)
        /// Closes the TCP connection without a closing handshake (a dropped connection).
        case drop
    }

    private let lock = NSLock()
    private var scripts: [[Step]]
    private var received: [String] = []
    private var connections = 0
    private var stopped = false
    private let listener: Int32
    private let finished = DispatchSemaphore(value: 0)
    public private(set) var port: UInt16 = 0

    /// Serves connection n with `scripts[n]` (the last one repeating). A script that ends
    /// without `.drop` keeps the connection open, silent, until the client closes it.
    public init(scripts: [[Step]], lifetime: Double = 30) throws {
        self.scripts = scripts
        var port: UInt16 = 0
        listener = try LocalHTTPServer.listen(port: &port)
        self.port = port
        let deadline = Date().addingTimeInterval(lifetime)
        let thread = Thread { [self] in
            serve(until: deadline)
            finished.signal()
        }
        thread.start()
    }

    deinit { stop() }

    /// `ws://127.0.0.1:PORT/v2`.
    public var url: String { "ws://127.0.0.1:\(port)/v2" }

    /// The text messages clients sent, in order.
    public var messages: [String] { lock.withLock { received } }

    /// How many connections were accepted.
    public var connectionCount: Int { lock.withLock { connections } }

    public func stop() {
        let wasRunning: Bool = lock.withLock {
            guard !stopped else { return false }
            stopped = true
            return true
        }
        guard wasRunning else { return }
        finished.wait()
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func serve(until deadline: Date) {
        defer { close(listener) }
        while !isStopped, Date() < deadline {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            // A client that sends no request, or stops reading, cannot hold the serving thread.
            var timeout = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let script: [Step] = lock.withLock {
                connections += 1
                return scripts.count > 1 ? scripts.removeFirst() : scripts.first ?? []
            }
            play(script, on: connection, until: deadline)
            close(connection)
        }
        lock.withLock { stopped = true }
    }

    private func play(_ script: [Step], on connection: Int32, until deadline: Date) {
        guard let request = LocalHTTPServer.readRequest(connection), let key = request.headers["sec-websocket-key"]
        else {
            return
        }
        let accept = Data(WebSocketSHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8)))
            .base64EncodedString()
        Self.write(
            Array(
                ("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Accept: \(accept)\r\n\r\n").utf8), on: connection)
        var reader = FrameReader(connection: connection)
        for step in script {
            guard !isStopped else { return }
            switch step {
            case .send(let text): Self.write(Self.frame(opcode: 0x1, Array(text.utf8)), on: connection)
            case .receive:
                if let text = reader.nextText(until: deadline, stop: { self.isStopped }) {
                    lock.withLock { received.append(text) }
                }
            case .pause(let seconds): Thread.sleep(forTimeInterval: seconds)
            case .drop: return
            }
        }
        // Silent until the client goes away (or the server stops).
        while !isStopped, Date() < deadline, reader.nextText(until: deadline, stop: { self.isStopped }) != nil {}
    }

    /// An unmasked server frame.
    static func frame(opcode: UInt8, _ payload: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = [0x80 | opcode]
        switch payload.count {
        case ..<126: bytes.append(UInt8(payload.count))
        case ..<65_536: bytes += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default: bytes += [127] + (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
        }
        return bytes + payload
    }

    static func write(_ bytes: [UInt8], on connection: Int32) {
        var rest = bytes[...]
        while !rest.isEmpty {
            let written = rest.withUnsafeBytes { Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { return }
            rest = rest.dropFirst(written)
        }
    }
}

/// Reads the client's (masked) frames from a socket.
struct FrameReader {
    let connection: Int32
    private var buffer: [UInt8] = []

    init(connection: Int32) { self.connection = connection }

    /// The next text message; nil when the client closed the connection or sent a close frame.
    mutating func nextText(until deadline: Date, stop: () -> Bool) -> String? {
        while true {
            guard let header = take(2, deadline, stop) else { return nil }
            var length = Int(header[1] & 0x7F)
            if length == 126 {
                guard let bytes = take(2, deadline, stop) else { return nil }
                length = Int(bytes[0]) << 8 | Int(bytes[1])
            } else if length == 127 {
                guard let bytes = take(8, deadline, stop) else { return nil }
                length = bytes.reduce(0) { $0 << 8 | Int($1) }
            }
            let masked = header[1] & 0x80 != 0
            guard let mask = masked ? take(4, deadline, stop) : [0, 0, 0, 0], let payload = take(length, deadline, stop)
            else { return nil }
            let data = payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
            switch header[0] & 0x0F {
            case 0x1: return String(decoding: data, as: UTF8.self)
            case 0x8: return nil
            default: continue // ping, pong, binary: not part of these scripts
            }
        }
    }

    private mutating func take(_ count: Int, _ deadline: Date, _ stop: () -> Bool) -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while buffer.count < count {
            guard !stop(), Date() < deadline else { return nil }
            var poller = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            let read = recv(connection, &chunk, chunk.count, 0)
            guard read > 0 else { return nil }
            buffer += chunk[0..<read]
        }
        defer { buffer.removeFirst(count) }
        return Array(buffer[0..<count])
    }
}

/// SHA-1, only for the `Sec-WebSocket-Accept` header of the test server (RFC 6455 requires it).
public enum WebSocketSHA1 {
    public static func digest(_ message: [UInt8]) -> [UInt8] {
        var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        var bytes = message + [0x80]
        while bytes.count % 64 != 56 { bytes.append(0) }
        let bits = UInt64(message.count) * 8
        bytes += (0..<8).reversed().map { UInt8((bits >> (UInt64($0) * 8)) & 0xFF) }
        for chunk in stride(from: 0, to: bytes.count, by: 64) {
            var w = (0..<16).map { index in
                (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(bytes[chunk + index * 4 + $1]) }
            }
            for index in 16..<80 {
                let value = w[index - 3] ^ w[index - 8] ^ w[index - 14] ^ w[index - 16]
                w.append(value << 1 | value >> 31)
            }
            var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
            for index in 0..<80 {
                let (f, k): (UInt32, UInt32) =
                    switch index {
                    case ..<20: ((b & c) | (~b & d), 0x5A82_7999)
                    case ..<40: (b ^ c ^ d, 0x6ED9_EBA1)
                    case ..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                    default: (b ^ c ^ d, 0xCA62_C1D6)
                    }
                let temp = (a << 5 | a >> 27) &+ f &+ e &+ k &+ w[index]
                (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, temp)
            }
            h = [h[0] &+ a, h[1] &+ b, h[2] &+ c, h[3] &+ d, h[4] &+ e]
        }
        return h.flatMap { word in (0..<4).reversed().map { UInt8((word >> (UInt32($0) * 8)) & 0xFF) } }
    }
}
