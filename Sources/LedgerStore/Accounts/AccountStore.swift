import LedgerCore

/// A user as the accounts database keeps them.
public struct StoredUser: Sendable, Equatable {
    public var name: String
    /// bcrypt, `$2b$COST$…`.
    public var passwordHash: String
    public var isAdmin: Bool
    public var isDisabled: Bool
    public var created: Timestamp
    /// How many API tokens the user holds (filled by ``AccountStore/users()``; 0 elsewhere).
    public var tokenCount: Int
    /// Whether their buys and sells are posted to the messages (opt in; off by default).
    public var tradePosts: Bool

    public init(
        name: String, passwordHash: String, isAdmin: Bool, isDisabled: Bool = false, created: Timestamp,
        tokenCount: Int = 0, tradePosts: Bool = false
    ) {
        self.name = name
        self.passwordHash = passwordHash
        self.isAdmin = isAdmin
        self.isDisabled = isDisabled
        self.created = created
        self.tokenCount = tokenCount
        self.tradePosts = tradePosts
    }
}

/// A signed-in browser: found by the SHA-256 of the id in its cookie.
public struct StoredSession: Sendable, Equatable {
    public var userName: String
    public var csrfToken: String
    public var created: Timestamp
    public var lastSeen: Timestamp
    /// The absolute end (created + the longest a session lives); the idle end is the caller's.
    public var expires: Timestamp

    public init(userName: String, csrfToken: String, created: Timestamp, lastSeen: Timestamp, expires: Timestamp) {
        self.userName = userName
        self.csrfToken = csrfToken
        self.created = created
        self.lastSeen = lastSeen
        self.expires = expires
    }
}

/// An API token's record: never the token, only its SHA-256 (in the table) and what to show.
public struct StoredToken: Sendable, Equatable {
    public var userName: String
    public var label: String
    public var created: Timestamp
    public var lastUsed: Timestamp?

    public init(userName: String, label: String, created: Timestamp, lastUsed: Timestamp? = nil) {
        self.userName = userName
        self.label = label
        self.created = created
        self.lastUsed = lastUsed
    }
}

/// The accounts of `ledger serve`: users, API tokens and sessions. Hashes are lowercase hex
/// SHA-256 of the secret; the store never sees a secret. Implemented by ``SQLiteAccountStore``
/// and by LedgerStorePostgres's `PostgresAccountStore` (`AccountStoreContractTests` runs both).
/// Not thread-safe: one caller at a time (LedgerApp's `Accounts` holds it behind a lock).
public protocol AccountStore: AnyObject {
    /// Adds a user; false when the name is taken.
    func addUser(_ user: StoredUser) throws -> Bool
    func user(named name: String) throws -> StoredUser?
    /// Every user, by name, with their token counts.
    func users() throws -> [StoredUser]
    /// Replaces the password hash and ends every session of the user; false for no such user.
    func setPasswordHash(_ hash: String, forUser name: String) throws -> Bool
    /// Disables (ending every session and deleting every token of the user, in one
    /// transaction) or enables a user; false for no such user.
    func setDisabled(_ disabled: Bool, forUser name: String) throws -> Bool

    func addToken(_ token: StoredToken, hash: String) throws
    /// The token's record, or nil for a token nobody holds.
    func token(hash: String) throws -> StoredToken?
    /// Every token of the user, by the SHA-256 it is stored under (what `ledger serve migrate`
    /// copies).
    func tokens(ofUser name: String) throws -> [String: StoredToken]
    func markTokenUsed(hash: String, at time: Timestamp) throws
    /// Deletes every token of the user; how many there were.
    func revokeTokens(ofUser name: String) throws -> Int

    func addSession(_ session: StoredSession, hash: String) throws
    func session(hash: String) throws -> StoredSession?
    func markSessionSeen(hash: String, at time: Timestamp) throws
    func endSession(hash: String) throws
    /// Deletes sessions that ended (absolute end or idle since before `idleBefore`).
    func removeSessions(endedAt now: Timestamp, idleBefore: Timestamp) throws

    /// Counts one attempt against every key at once, in one transaction (so parallel callers,
    /// in this process or another, cannot all slip under a limit), or against none when a key
    /// already holds its limit within the window. Sweeps attempts older than the window.
    func countAttempt(_ keys: [AttemptKey], now: Int64, windowMilliseconds: Int64) throws -> AttemptCount
    /// Forgets every attempt of the keys and the attempt rows `ids` (one transaction).
    func forgetAttempts(keys: [String], ids: [Int64]) throws

    /// Turns a user's trade posts on or off; false for no such user.
    func setTradePosts(_ on: Bool, forUser name: String) throws -> Bool
    /// Adds a message and deletes all but the newest `keep` (one transaction); its id.
    func addMessage(_ message: StoredMessage, keep: Int) throws -> Int64
    /// Messages newest first, `offset` of them skipped; those of disabled users only with
    /// `includingHidden`.
    func messages(limit: Int, offset: Int, includingHidden: Bool) throws -> [StoredMessage]
    /// How many messages there are (of enabled users only unless `includingHidden`).
    func messageCount(includingHidden: Bool) throws -> Int
    func message(id: Int64) throws -> StoredMessage?
    /// Deletes a message; false when there is none with that id.
    func deleteMessage(id: Int64) throws -> Bool
    /// Deletes the post of the user's trade `eventID`; how many there were (0 or 1).
    func deleteTradePost(ofUser name: String, eventID: String) throws -> Int
}

/// One message of the stream: text a user wrote, or a trade post (`bought`/`sold` and the
/// asset, never an amount).
public struct StoredMessage: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case text, bought, sold
    }

    /// 0 until stored.
    public var id: Int64
    public var userName: String
    public var kind: Kind
    /// The text as written, or the asset of a trade post.
    public var body: String
    /// The trade a post is of (its void removes the post); nil for text.
    public var eventID: String?
    public var created: Timestamp
    /// True when the user is disabled (filled by ``AccountStore/messages(limit:offset:includingHidden:)``).
    public var isHidden: Bool

    public init(
        id: Int64 = 0, userName: String, kind: Kind, body: String, eventID: String? = nil, created: Timestamp,
        isHidden: Bool = false
    ) {
        self.id = id
        self.userName = userName
        self.kind = kind
        self.body = body
        self.eventID = eventID
        self.created = created
        self.isHidden = isHidden
    }
}

/// A key attempts count against (the SHA-256 hex of what it names) and how many it allows in
/// the window.
public struct AttemptKey: Sendable, Equatable {
    public var hash: String
    public var limit: Int

    /// Attempts are kept this long at least (the longest window of any limit, 15 minutes for a
    /// sign-in), whatever the window of the limit counting now.
    public static let keptMilliseconds: Int64 = 15 * 60 * 1000

    public init(hash: String, limit: Int) {
        self.hash = hash
        self.limit = limit
    }
}

/// What ``AccountStore/countAttempt(_:now:windowMilliseconds:)`` did.
public enum AttemptCount: Sendable, Equatable {
    /// Counted: the rows made, one per key (to forget them after a success).
    case counted(ids: [Int64])
    /// Not counted: a key is at its limit until this time (milliseconds).
    case refused(until: Int64)
}
