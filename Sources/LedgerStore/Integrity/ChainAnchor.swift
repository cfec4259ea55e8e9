import Glibc

/// Where one ledger's hash chain ended when this user's `ledger` last wrote it, kept outside
/// the ledger file (in the ``StateDirectory``), so that events removed from its end, a file
/// put back from a backup, or events appended by something other than the tool are seen.
///
/// A write records, inside its transaction and before its COMMIT, the head it found and the
/// head it is about to commit (`previous`, `next`); after the COMMIT it confirms (`previous` =
/// `next`). The ledger may then end at either head: `previous` when the process died before
/// its COMMIT, `next` otherwise. All of this happens under an exclusive `flock` of a lock file
/// beside the anchor, and the writes under SQLite's write lock as well, so concurrent writers
/// and readers never see the anchor and the file disagree (docs/EVENTS.md, "Threat model").
public struct ChainAnchor: Sendable, Equatable {
    /// The canonical path of the ledger it anchors.
    public let ledger: String
    /// The anchor file.
    public let file: String

    struct State: Equatable {
        var previous: ChainHead
        var next: ChainHead
        /// How far the chain was last walked and found intact, and the file's schema cookie
        /// then (nil: never, or an anchor written before this was kept).
        var verified: Verified? = nil

        /// True when `head` is one the ledger may legitimately end at.
        func allows(_ head: ChainHead) -> Bool { head == next || head == previous }
    }

    /// The last verified point: the chain through `head` was walked and matched its hashes
    /// while the file's `PRAGMA schema_version` was `schema`. Editing an event needs its
    /// append-only trigger dropped, which changes the cookie: then the point no longer holds,
    /// and the next check walks the whole chain (docs/EVENTS.md, "Threat model").
    struct Verified: Equatable {
        var head: ChainHead
        var schema: Int64
    }

    private static let magic = "ledger.anchor/1"

    /// The recorded state; nil when there is none (or it is not an anchor file).
    func read() -> State? {
        guard let bytes = StateDirectory.read(file) else { return nil }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        guard lines.count == 4 || lines.count == 5, lines[0] == Self.magic, lines[1] == "ledger " + ledger,
            let previous = Self.head(lines[2], "previous"), let next = Self.head(lines[3], "next")
        else { return nil }
        return State(previous: previous, next: next, verified: lines.count == 5 ? Self.verified(lines[4]) : nil)
    }

    /// `verified COUNT HASH SCHEMA`.
    private static func verified(_ line: Substring) -> Verified? {
        let parts = line.split(separator: " ")
        guard parts.count == 4, let head = head(parts[0...2].joined(separator: " ")[...], "verified"),
            let schema = Int64(parts[3])
        else { return nil }
        return Verified(head: head, schema: schema)
    }

    /// Replaces the anchor (a new 0600 file renamed over it); false when it could not.
    @discardableResult
    func write(_ state: State) -> Bool {
        var lines = [
            Self.magic, "ledger " + ledger, "previous \(state.previous.count) \(state.previous.hash)",
            "next \(state.next.count) \(state.next.hash)",
        ]
        if let verified = state.verified {
            lines.append("verified \(verified.head.count) \(verified.head.hash) \(verified.schema)")
        }
        let text = (lines + [""]).joined(separator: "\n")
        let temporary = file + ".tmp-\(getpid())"
        unlink(temporary)
        guard StateDirectory.write(Array(text.utf8), to: temporary) else { return false }
        guard rename(temporary, file) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// Runs `body` holding the anchor's lock; without it when the lock file cannot be made
    /// (a state directory that cannot be written: the anchor cannot be written either).
    func locked<T>(_ body: () throws -> T) rethrows -> T {
        let directory = String(file[..<(file.lastIndex(of: "/") ?? file.endIndex)])
        _ = StateDirectory(path: directory).createDirectories(directory)
        let descriptor = open(file + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return try body() }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        return try body()
    }

    private static func head(_ line: Substring, _ label: String) -> ChainHead? {
        let parts = line.split(separator: " ")
        guard parts.count == 3, parts[0] == label, let count = Int64(parts[1]), count >= 0, parts[2].utf8.count == 64
        else {
            return nil
        }
        return ChainHead(count: count, hash: String(parts[2]))
    }
}

/// What the anchor says about the ledger as it is now.
public enum AnchorCheck: Equatable, Sendable {
    /// No state directory: nothing to check against.
    case unanchored
    /// This user had no anchor for the ledger; one was made from its current head.
    case created
    /// The ledger ends where the tool last left it.
    case matches
    /// It does not.
    case mismatch(AnchorMismatch)
}

/// The head the anchor recorded and the one the ledger has.
public struct AnchorMismatch: Equatable, Sendable, CustomStringConvertible {
    public let anchored: ChainHead
    public let found: ChainHead
    public let anchorFile: String

    /// What happened, as far as the two heads tell.
    public var description: String {
        let what: String
        if found.count < anchored.count {
            what =
                "it ends at event #\(found.count) while ledger last left it at #\(anchored.count): events were removed from its end, or an older copy was put in its place"
        } else if found.count > anchored.count {
            what =
                "it has \(found.count - anchored.count) event(s) after #\(anchored.count), where ledger last left it, that ledger did not write"
        } else {
            what =
                "its event #\(found.count) is not the one ledger wrote (head \(found.hash.prefix(16))…, anchored \(anchored.hash.prefix(16))…)"
        }
        return what
    }
}
