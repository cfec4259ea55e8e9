import Dispatch

/// The server's one policy for blocking work: every SQLite call (a user's ledger, the accounts
/// database, the shared market cache), every request to a market source and every bcrypt
/// check runs here, on a Dispatch thread, never on an event loop nor on one of the few threads
/// Swift's concurrency runs every handler on. A handler reads its body (async), then hands the
/// rest of its work, up to the page or JSON it answers, to ``run(_:)``.
enum Offload {
    static func run<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws
        -> Value
    {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
        }
    }
}
