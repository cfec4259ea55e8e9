import Foundation
import Glibc

/// One TCP connection to 127.0.0.1 for tests that send a request slowly, in pieces, or not at
/// all (timeouts, the connection cap, uploads refused before their body). Every blocking call
/// runs on a thread of its own (as ``HTTPTestClient``'s do), so an in-process server keeps
/// being served.
public final class RawConnection: @unchecked Sendable {
    private let socket: Int32

    /// Connects; reads wait at most `receiveTimeoutMilliseconds` each.
    public init(port: Int, receiveTimeoutMilliseconds: Int = 30_000) throws {
        socket = try HTTPTestClient.connectLoopback(
            port: port,
            timeout: timeval(
                tv_sec: receiveTimeoutMilliseconds / 1000, tv_usec: (receiveTimeoutMilliseconds % 1000) * 1000))
    }

    deinit { Glibc.close(socket) }

    /// Sends every byte; false once the server has closed the connection.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    @discardableResult
    public func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// One read: the bytes, [] when the server closed the connection, nil when nothing came
    /// within the receive timeout.
    public func receiveOnce() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = recv(socket, &buffer, buffer.count, 0)
        if count < 0 { return errno == ECONNRESET ? [] : nil }
        return Array(buffer[0..<count])
    }

    /// Everything the server sends until it closes the connection; nil when a read timed out
    /// first.
    public func receiveUntilClosed() -> [UInt8]? {
        var received: [UInt8] = []
        while true {
            guard let piece = receiveOnce() else { return nil }
            if piece.isEmpty { return received }
            received += piece
        }
    }

    /// Runs blocking socket work on a thread of its own.
    public static func onThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }
}
