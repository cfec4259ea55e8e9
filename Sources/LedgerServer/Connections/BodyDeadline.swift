import Hummingbird

/// A request body must arrive whole within ``ServerLimits/bodyMilliseconds`` of the request:
/// every route reads its body through this deadline, and a body still arriving after it is
/// refused with 408 (a body that stops arriving altogether meets the idle timeout first).
struct BodyDeadline: RouterMiddleware {
    typealias Context = ServerContext
    let milliseconds: Int64

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard CSRFGuard.unsafeMethods.contains(request.method) else { return try await next(request, context) }
        var request = request
        let deadline = ContinuousClock.now + .milliseconds(milliseconds)
        request.body = RequestBody(asyncSequence: Body(base: request.body, deadline: deadline))
        return try await next(request, context)
    }

    struct Body: AsyncSequence, Sendable {
        typealias Element = ByteBuffer
        let base: RequestBody
        let deadline: ContinuousClock.Instant

        struct AsyncIterator: AsyncIteratorProtocol {
            var base: RequestBody.AsyncIterator
            let deadline: ContinuousClock.Instant

            mutating func next() async throws -> ByteBuffer? {
                let piece = try await base.next()
                if piece != nil, ContinuousClock.now > deadline {
                    throw HTTPError(.requestTimeout, message: "The request's body took too long to arrive.")
                }
                return piece
            }
        }

        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: base.makeAsyncIterator(), deadline: deadline) }
    }
}
