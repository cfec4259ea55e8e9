import Glibc
import LedgerApp
import LedgerCore

/// The invite links of `--registration invite`: `/signup?invite=NAME.EXPIRES.MAC`, good for
/// one account named NAME until EXPIRES (seconds since 1970; a week after it was made). MAC is
/// a keyed SHA-256 (the hash of the outer key and the hash of the inner key and the text, so no
/// length extension forges one) under the server's invite key `DATA/invite.key` (32 random
/// bytes, 0600, made at start when missing; deleting it voids every link). Nothing is stored
/// per link: once NAME is taken the link is spent.
struct Invites: Sendable {
    static let lifetimeSeconds: Int64 = 7 * 86_400
    let key: String

    /// The key at `DATA/invite.key`, made when missing.
    static func open(_ settings: ServerSettings) throws -> Invites {
        let path = settings.dataDirectory + "/invite.key"
        if let bytes = WholeFile.read(path), bytes.count >= 32 {
            return Invites(key: String(decoding: bytes, as: UTF8.self))
        }
        try DataDirectory.makePrivate(settings.dataDirectory)
        let key = Secrets.make(Secrets.systemRandom)
        let file = try TemporaryFile(beside: path, kind: .output)
        file.write(Array(key.utf8))
        try file.commit(over: path, mode: 0o600)
        return Invites(key: key)
    }

    /// A link's token for `name`, made at `now`.
    func make(name: String, now: Timestamp) -> String {
        let expires = now.secondsSinceEpoch + Self.lifetimeSeconds
        return "\(name).\(expires).\(mac(name, expires))"
    }

    /// The name `token` invites, while it has not expired at `now`; nil for anything else.
    func name(_ token: String, now: Timestamp) -> String? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let expires = Int64(parts[1]), now.secondsSinceEpoch < expires,
            CSRFGuard.same(parts[2], mac(parts[0], expires))
        else { return nil }
        return parts[0]
    }

    private func mac(_ name: String, _ expires: Int64) -> String {
        let inner = Secrets.hash(key + "\u{0}invite-inner\u{0}" + name + "\u{0}" + String(expires))
        return Secrets.hash(key + "\u{0}invite-outer\u{0}" + inner)
    }
}
