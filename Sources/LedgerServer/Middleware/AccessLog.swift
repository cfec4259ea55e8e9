import Glibc
import Hummingbird
import LedgerCore
import LedgerInterchange
import Synchronization

/// One JSON line per request, written when the response leaves: time, method, path (never the
/// query: it may carry a `next=` or a search), status, milliseconds, user, bytes and peer.
struct AccessLog: RouterMiddleware {
    typealias Context = ServerContext
    let sink: LineSink
    let clock: @Sendable () -> UInt64

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let started = ContinuousClock.now
        do {
            let response = try await next(request, context)
            write(request, context, status: response.status.code, bytes: response.body.contentLength, since: started)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            write(request, context, status: status, bytes: nil, since: started)
            throw error
        }
    }

    private func write(
        _ request: Request, _ context: Context, status: Int, bytes: Int?, since started: ContinuousClock.Instant
    ) {
        let elapsed = ContinuousClock.now - started
        let micros = elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000
        var line = JSONWriter()
        line.beginObject()
        line.field("time", Timestamp(secondsSinceEpoch: Int64(clock() / 1000)).description)
        line.field("method", request.method.rawValue)
        line.field("path", request.uri.path)
        line.field("status", Int64(status))
        line.field("ms", "\(micros / 1000).\(String(micros % 1000 + 1000).dropFirst())")
        line.field("user", context.trace.user)
        if let bytes { line.field("bytes", Int64(bytes)) }
        line.field("peer", context.peer)
        line.endObject()
        sink.write(line.text)
    }
}

/// Where whole lines go, one `write` each, so lines from concurrent requests never interleave.
public final class LineSink: Sendable {
    private let output: @Sendable (String) -> Void
    private let lock = Mutex(())

    /// Lines to `output` (tests keep them).
    public init(_ output: @escaping @Sendable (String) -> Void) {
        self.output = output
    }

    /// Lines to standard output.
    public static var standardOutput: LineSink {
        LineSink { line in
            let bytes = Array((line + "\n").utf8)
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { Glibc.write(1, $0.baseAddress, $0.count) }
                if written <= 0 { return }
                offset += written
            }
        }
    }

    public func write(_ line: String) {
        lock.withLock { _ in output(line) }
    }
}
