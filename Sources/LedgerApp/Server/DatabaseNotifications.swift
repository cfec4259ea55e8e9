import LedgerStore

/// The shells' door to the notifications a database keeps for each user
/// (``BooksDatabase/withNotifications(of:_:)``): the server's notification log keeps them there
/// when its books are in the database, so that every server on it lists the same.
extension BooksDatabase {
    /// Adds `lines` (one notification each, the log's JSON) to `user`'s, in one transaction.
    public func addNotificationLines(_ lines: [String], of user: String) throws {
        try withNotifications(of: user) { try $0.append(lines) }
    }

    /// Every line of `user`'s notifications, oldest first.
    public func notificationLines(of user: String) throws -> [String] {
        try withNotifications(of: user) { try $0.lines() }
    }

    /// How many notifications `user` has and how many of them they have seen.
    public func notificationCounts(of user: String) throws -> (total: Int, seen: Int) {
        try withNotifications(of: user) { try $0.counts() }
    }

    /// Marks the first `count` of `user`'s notifications seen.
    public func markNotificationsSeen(_ count: Int, of user: String) throws {
        try withNotifications(of: user) { try $0.setSeen(count) }
    }
}
