import LedgerStore

/// A rate limit on something slow or guessable (a sign-in, a password check): at most `limit`
/// attempts for one key within `windowMilliseconds`. The key names who tries (a user name, an
/// address, both); the accounts database keeps only its SHA-256.
public struct AttemptLimit: Sendable, Equatable {
    public var key: String
    public var limit: Int

    public init(key: String, limit: Int) {
        self.key = key
        self.limit = limit
    }
}

/// An attempt ``Accounts/countAttempt(_:windowMilliseconds:)`` let through: what to forget if
/// it succeeds.
public struct CountedAttempt: Sendable, Equatable {
    let ids: [Int64]
}

/// Whether an attempt may go ahead.
public enum AttemptDecision: Sendable, Equatable {
    case allowed(CountedAttempt)
    /// Every limit is checked first: a key at its limit waits this many seconds (at least 1).
    case wait(seconds: Int)
}

extension Accounts {
    /// Counts an attempt before it is made (before the password is checked), atomically in the
    /// accounts database: parallel attempts, in this process or another, cannot all pass the
    /// limit, and a restart forgets nothing. Times are the context's clock.
    public func countAttempt(_ limits: [AttemptLimit], windowMilliseconds: Int64) throws -> AttemptDecision {
        let keys = limits.map { AttemptKey(hash: Secrets.hash($0.key), limit: $0.limit) }
        let now = Int64(context.clockMilliseconds())
        let count = try withStore {
            try $0.countAttempt(keys, now: now, windowMilliseconds: windowMilliseconds)
        }
        switch count {
        case .counted(let ids): return .allowed(CountedAttempt(ids: ids))
        case .refused(let until): return .wait(seconds: Int(max(1, (until - now + 999) / 1000)))
        }
    }

    /// After a success: forgets every attempt of `keys` and takes back the rows of `attempt`
    /// (so a good sign-in does not count against the address).
    public func forgetAttempts(keys: [String], and attempt: CountedAttempt) throws {
        let hashes = keys.map { Secrets.hash($0) }
        try withStore { try $0.forgetAttempts(keys: hashes, ids: attempt.ids) }
    }
}
