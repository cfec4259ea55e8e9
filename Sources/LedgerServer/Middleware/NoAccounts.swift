import Hummingbird

/// Nobody is signed in: every page sends the browser to the login form and every API call
/// gets 401. What the server uses until it has an accounts database to ask.
public struct NoAccounts: Authenticating {
    public init() {}
    public func user(for request: Request) async throws -> ServerUser? { nil }
}
