import Hummingbird

/// Finds who a request is signed in as: a session cookie for pages, a bearer token for the
/// API. The server's own is ``AccountAuthenticator``; tests may give another.
public protocol Authenticating: Sendable {
    func user(for request: Request) async throws -> ServerUser?
}
