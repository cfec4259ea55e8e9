import LedgerApp

/// The rate limits on password checks, counted in the accounts database
/// (``Accounts/countAttempt(_:windowMilliseconds:)``) before the password is checked, so
/// parallel tries cannot slip past and a restart forgets nothing. Within 15 minutes:
/// - sign-in: 5 for one name from one address, 20 from one address whatever the name. A
///   successful sign-in forgets that name's attempts from that address and is not counted
///   against the address (an attacker with an account of their own cannot reset the rest);
/// - sign-up (`/signup`): 5 from one address, made or refused;
/// - `/account`: 5 checks of the current password per user (a stolen session cannot guess it
///   without limit); a right password forgets them.
struct LoginRateLimit: Sendable {
    static let windowMilliseconds: Int64 = 15 * 60 * 1000
    static let perNameAndPeer = 5
    static let perPeer = 20
    static let perUserOnAccount = 5
    static let signUpsPerPeer = 5

    let accounts: AccountsGateway

    /// Counts a sign-in before its password is checked (or says how long to wait).
    func signIn(name: String, peer: String) async throws -> AttemptDecision {
        let limits = [
            AttemptLimit(key: Self.nameKey(name, peer), limit: Self.perNameAndPeer),
            AttemptLimit(key: "sign-in-peer:" + peer, limit: Self.perPeer),
        ]
        return try await accounts.run { try $0.countAttempt(limits, windowMilliseconds: Self.windowMilliseconds) }
    }

    func signedIn(name: String, peer: String, _ attempt: CountedAttempt) async throws {
        let keys = [Self.nameKey(name, peer)]
        try await accounts.run { try $0.forgetAttempts(keys: keys, and: attempt) }
    }

    /// Counts a sign-up from `peer` (every one, made or refused: accounts are not free).
    func signUp(peer: String) async throws -> AttemptDecision {
        let limits = [AttemptLimit(key: "sign-up-peer:" + peer, limit: Self.signUpsPerPeer)]
        return try await accounts.run { try $0.countAttempt(limits, windowMilliseconds: Self.windowMilliseconds) }
    }

    /// Counts a check of the current password on `/account` (or says how long to wait).
    func passwordCheck(user: String) async throws -> AttemptDecision {
        let limits = [AttemptLimit(key: Self.accountKey(user), limit: Self.perUserOnAccount)]
        return try await accounts.run { try $0.countAttempt(limits, windowMilliseconds: Self.windowMilliseconds) }
    }

    func passwordChecked(user: String, _ attempt: CountedAttempt) async throws {
        let keys = [Self.accountKey(user)]
        try await accounts.run { try $0.forgetAttempts(keys: keys, and: attempt) }
    }

    private static func nameKey(_ name: String, _ peer: String) -> String {
        "sign-in:" + String(name.lowercased().prefix(64)) + "\u{0}" + peer
    }

    private static func accountKey(_ user: String) -> String { "account:" + user }

    /// "Try again in N minutes." for a wait in seconds.
    static func tryAgain(in seconds: Int) -> String {
        let minutes = (seconds + 59) / 60
        return "Try again in \(minutes) minute\(minutes == 1 ? "" : "s")."
    }
}
