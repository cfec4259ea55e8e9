import Glibc
import LedgerApp
import LedgerCore
import LedgerInterchange
import Synchronization

/// One alert that fired for a user, as the notifications page lists it.
struct Notification: Equatable, Sendable {
    /// When the fetcher's check fired it.
    let firedAt: Timestamp
    let alertID: Int64
    let asset: String
    /// The alert's currency (nil in a line written without one).
    var currency: String? = nil
    /// The line `alert check` prints for it (``FiredAlert/message(escapingNote:)``).
    let message: String
}

/// Every user's fired alerts, written by the fetcher as it delivers them: one JSON object a
/// line in `DATA/users/NAME/notifications.jsonl` (oldest first, appended, never rewritten),
/// and how many of them the user has seen in `notifications.jsonl.seen` (a number, replaced
/// whole when they open the list): LedgerApp's ``NotificationFile``. The unseen count the navigation shows is kept in memory once read,
/// so a page costs a dictionary lookup, not a file read. Files, not a table: the list belongs
/// to the server, not to the books (the CLI's `alert check` prints what fires instead).
///
/// With the books in a database (`--database`) the same lines and the seen count are kept
/// there instead (LedgerApp's door to ``BooksDatabase/withNotifications(of:_:)``), for every
/// server on it: the fetcher runs on one of them, and a user signed in on another sees what it
/// fired. Nothing is kept in memory then: each page asks the database for the counts (one
/// statement), as another server may have added lines since.
final class NotificationLog: Sendable {
    private struct Counts {
        var total: Int
        var seen: Int
    }

    private let counts = Mutex<[String: Counts]>([:])

    init() {}

    /// `DATA/users/NAME/notifications.jsonl`.
    static func path(_ settings: ServerSettings, user: String) -> String {
        NotificationFile.path(settings, user: user)
    }

    /// Appends what fired for `user` at `checkedAt`; returns a sentence when it could not.
    func record(_ fired: [FiredAlert], user: String, checkedAt: Timestamp, state: ServerState) -> String? {
        guard !fired.isEmpty else { return nil }
        if let database = state.database {
            let lines = fired.map { String(decoding: Self.line($0, checkedAt: checkedAt).dropLast(), as: UTF8.self) }
            do {
                try database.addNotificationLines(lines, of: user)
                return nil
            } catch {
                return "\(user)'s notifications could not be written: \(RequestFailure.sentence(error))"
            }
        }
        let bytes = fired.flatMap { Self.line($0, checkedAt: checkedAt) }
        let path = Self.path(state.settings, user: user)
        // The user may have no directory yet (a user without books).
        guard PrivateDirectory.make(String(path.prefix(upTo: path.lastIndex(of: "/")!))) else {
            return "\(user)'s notifications could not be opened: errno \(errno)"
        }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return "\(user)'s notifications could not be opened: errno \(errno)" }
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else { return "\(user)'s notifications could not be written: errno \(errno)" }
        counts.withLock { known in known[user]?.total += fired.count }
        return nil
    }

    /// `user`'s notifications, newest first (lines this version cannot read are left out), and
    /// how many lines are kept (what ``markSeen(user:total:state:)`` takes).
    func entries(user: String, state: ServerState) throws -> (entries: [Notification], lines: Int) {
        let lines: [ArraySlice<UInt8>] =
            if let database = state.database {
                try database.notificationLines(of: user).map { ArraySlice($0.utf8) }
            } else {
                NotificationFile.lines(Self.path(state.settings, user: user))
            }
        return (lines.compactMap(Self.notification).reversed(), lines.count)
    }

    /// How many of `user`'s notifications they have not seen.
    func unseen(user: String, state: ServerState) throws -> Int {
        if let database = state.database {
            let (total, seen) = try database.notificationCounts(of: user)
            return max(0, total - seen)
        }
        if let known = counts.withLock({ $0[user] }) { return max(0, known.total - known.seen) }
        let path = Self.path(state.settings, user: user)
        let read = Counts(total: NotificationFile.lines(path).count, seen: NotificationFile.seen(path))
        counts.withLock { $0[user] = $0[user] ?? read }
        return max(0, read.total - read.seen)
    }

    /// Marks the first `total` of `user`'s notifications seen (those the page just showed).
    func markSeen(user: String, total: Int, state: ServerState) throws {
        if let database = state.database {
            try database.markNotificationsSeen(total, of: user)
            return
        }
        let path = Self.path(state.settings, user: user)
        guard total != NotificationFile.seen(path) else { return }
        if let file = try? TemporaryFile(beside: path + ".seen", kind: .output) {
            file.write(Array("\(total)\n".utf8))
            try? file.commit(over: path + ".seen", mode: 0o600)
        }
        // Not yet in memory (no page read since the server started): the file's own count,
        // so marking some of them seen leaves the rest new.
        let known = counts.withLock { $0[user]?.total }
        let current = known ?? NotificationFile.lines(path).count
        counts.withLock { $0[user] = Counts(total: max(current, total), seen: total) }
    }

    /// `{"fired_at": …, "alert": 3, "asset": "BTC", "currency": "USD", "message": …}` and a newline.
    static func line(_ fired: FiredAlert, checkedAt: Timestamp) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("fired_at", checkedAt.description)
        writer.field("alert", fired.alert.id)
        writer.field("asset", fired.alert.asset.text)
        writer.field("currency", fired.alert.quote.text)
        writer.field("message", fired.message())
        writer.endObject()
        return writer.utf8 + [0x0A]
    }

    static func notification(_ line: ArraySlice<UInt8>) -> Notification? {
        guard let object = try? JSONReader.parse(Array(line)),
            let firedAt = object["fired_at"]?.stringValue.flatMap({ try? Timestamp.parse($0).get() }),
            let id = object["alert"]?.integer, let asset = object["asset"]?.stringValue,
            let message = object["message"]?.stringValue
        else { return nil }
        return Notification(
            firedAt: firedAt, alertID: id, asset: asset, currency: object["currency"]?.stringValue, message: message)
    }

    /// How many of `user`'s notifications they have seen.
    func seen(user: String, state: ServerState) throws -> Int {
        if let database = state.database { return try database.notificationCounts(of: user).seen }
        return NotificationFile.seen(Self.path(state.settings, user: user))
    }

}
