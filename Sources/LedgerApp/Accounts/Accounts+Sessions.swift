import LedgerCore
import LedgerStore

/// How long a browser stays signed in: 12 hours without a request (idle), 7 days at most
/// (absolute), whichever comes first. Then the user signs in again.
public enum SessionLifetime {
    public static let idleSeconds: Int64 = 12 * 3600
    public static let absoluteSeconds: Int64 = 7 * 24 * 3600
    /// `last seen` is written at most this often (a page view does not write every time).
    public static let seenResolutionSeconds: Int64 = 60
}

/// A session just made at sign-in: the id goes in the cookie and nowhere else.
public struct NewSession: Sendable {
    public let id: String
    public let csrfToken: String
    public let user: StoredUser
}

/// Who a session id or an API token belongs to, when it is still good.
public struct SignedInUser: Sendable, Equatable {
    public let name: String
    public let isAdmin: Bool
    /// The session's CSRF token; nil for an API token.
    public let csrfToken: String?
}

extension Accounts {
    /// Signs in: a new session for the user when the password is theirs and they are enabled,
    /// else nil (the same nil whatever was wrong). Every sign-in makes a new id.
    public func signIn(_ name: String, password: String) throws -> NewSession? {
        guard try verifyPassword(name, password) else { return nil }
        return try startSession(for: name)
    }

    /// A new session for an enabled user whose password was just checked (sign-in, or a
    /// password change, which ended every other session); nil for no such user.
    public func startSession(for name: String) throws -> NewSession? {
        guard let user = try user(name), !user.isDisabled else { return nil }
        let now = context.now
        let id = Secrets.make(context.randomBits)
        let session = StoredSession(
            userName: user.name, csrfToken: Secrets.make(context.randomBits), created: now, lastSeen: now,
            expires: Timestamp(secondsSinceEpoch: now.secondsSinceEpoch + SessionLifetime.absoluteSeconds))
        try withStore { store in
            try store.removeSessions(
                endedAt: now,
                idleBefore: Timestamp(secondsSinceEpoch: now.secondsSinceEpoch - SessionLifetime.idleSeconds))
            try store.addSession(session, hash: Secrets.hash(id))
        }
        return NewSession(id: id, csrfToken: session.csrfToken, user: user)
    }

    /// The user a session id belongs to, while the session lives and the user is enabled.
    public func session(_ id: String) throws -> SignedInUser? {
        let hash = Secrets.hash(id)
        let now = context.now.secondsSinceEpoch
        return try withStore { store in
            guard let session = try store.session(hash: hash) else { return nil }
            guard now < session.expires.secondsSinceEpoch,
                now - session.lastSeen.secondsSinceEpoch < SessionLifetime.idleSeconds,
                let user = try store.user(named: session.userName), !user.isDisabled
            else {
                try store.endSession(hash: hash)
                return nil
            }
            if now - session.lastSeen.secondsSinceEpoch >= SessionLifetime.seenResolutionSeconds {
                try store.markSessionSeen(hash: hash, at: Timestamp(secondsSinceEpoch: now))
            }
            return SignedInUser(name: user.name, isAdmin: user.isAdmin, csrfToken: session.csrfToken)
        }
    }

    /// Ends a session (sign out): its id is good for nothing after this.
    public func endSession(_ id: String) throws {
        try withStore { try $0.endSession(hash: Secrets.hash(id)) }
    }

    /// Makes an API token for the user and returns it: the only time it is seen whole.
    public func issueToken(_ name: String, label: String) throws -> String {
        let userName = try UserName(name)
        guard !label.isEmpty else { throw AccountError.emptyTokenLabel }
        let token = Secrets.tokenPrefix + Secrets.make(context.randomBits)
        let record = StoredToken(userName: userName.text, label: label, created: context.now)
        try withStore { store in
            guard let user = try store.user(named: userName.text) else { throw AccountError.noSuchUser(userName.text) }
            guard !user.isDisabled else { throw AccountError.userDisabled(userName.text) }
            try store.addToken(record, hash: Secrets.hash(token))
        }
        return token
    }

    /// Deletes every API token of the user; how many there were.
    public func revokeTokens(_ name: String) throws -> Int {
        let userName = try UserName(name)
        return try withStore { store in
            guard try store.user(named: userName.text) != nil else { throw AccountError.noSuchUser(userName.text) }
            return try store.revokeTokens(ofUser: userName.text)
        }
    }

    /// The user an API token belongs to, when they are enabled (and notes its use).
    public func tokenUser(_ token: String) throws -> SignedInUser? {
        guard token.hasPrefix(Secrets.tokenPrefix) else { return nil }
        let hash = Secrets.hash(token)
        let now = context.now
        return try withStore { store in
            guard let record = try store.token(hash: hash), let user = try store.user(named: record.userName),
                !user.isDisabled
            else { return nil }
            if record.lastUsed.map({ now.secondsSinceEpoch - $0.secondsSinceEpoch >= 60 }) ?? true {
                try store.markTokenUsed(hash: hash, at: now)
            }
            return SignedInUser(name: user.name, isAdmin: user.isAdmin, csrfToken: nil)
        }
    }
}
