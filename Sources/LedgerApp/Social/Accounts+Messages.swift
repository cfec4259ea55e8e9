import LedgerCore
import LedgerInterchange
import LedgerStore

/// The social page's stream as use cases, in the accounts database beside the users (messages
/// are not ledger events): every signed-in user reads it, disabled users' messages are hidden,
/// an author or an admin deletes a message, the newest `kept` are kept. The server's pages and
/// API and `ledger user messages` call these; the rules are ``MessageRules``.
extension Accounts {
    /// Posts what `user` wrote (checked by ``MessageRules/checked(_:)``), counted against
    /// ``MessageRules/perMinute`` first; the oldest beyond `kept` are deleted.
    public func postMessage(_ user: String, text: String, kept: Int) throws -> MessageJSON.Row {
        let body = try MessageRules.checked(text)
        if case .wait(let seconds) = try countPost(user) { throw MessageError.tooMany(waitSeconds: seconds) }
        return try insert(StoredMessage(userName: user, kind: .text, body: body, created: context.now), kept: kept).row
    }

    /// Posts "alice bought BTC" for a buy or sell of a user who opted in (nothing otherwise,
    /// nor past the user's rate limit): the asset and the time, never an amount.
    @discardableResult
    public func postTrade(_ user: String, event: LedgerEvent, kept: Int) throws -> StoredMessage? {
        guard let post = MessageRules.tradePost(event), try self.user(user)?.tradePosts == true,
            case .allowed = try countPost(user)
        else { return nil }
        let message = StoredMessage(
            userName: user, kind: post.kind, body: post.asset, eventID: event.id.description, created: context.now)
        return try insert(message, kept: kept)
    }

    /// Whether `user` opted in to trade posts (the account page's setting; off for no such user).
    public func postsTrades(_ user: String) throws -> Bool {
        try self.user(user)?.tradePosts ?? false
    }

    /// The void of a trade removes its post (if any).
    public func removeTradePost(_ user: String, eventID: EventID) throws {
        _ = try withStore { try $0.deleteTradePost(ofUser: user, eventID: eventID.description) }
    }

    /// Page `page` (from 1) of the stream, newest first, ``MessageRules/pageSize`` to a page;
    /// disabled users' messages only with `includingHidden` (`ledger user messages`).
    public func messages(page: Int, kept: Int, includingHidden: Bool = false) throws -> MessagePage {
        let page = min(max(1, page), MessageRules.maxKept)
        let size = MessageRules.pageSize
        let rows = try withStore {
            try $0.messages(limit: size + 1, offset: (page - 1) * size, includingHidden: includingHidden)
        }
        return MessagePage(messages: rows.prefix(size).map(\.row), page: page, hasOlder: rows.count > size, kept: kept)
    }

    /// Every message kept, newest first, hidden ones too (for an admin's shell), as their JSON rows.
    public func allMessages() throws -> [MessageJSON.Row] {
        try withStore { try $0.messages(limit: MessageRules.maxKept, offset: 0, includingHidden: true) }.map(\.row)
    }

    /// Deletes message `id` for `user`: their own, or any as an admin. A message that is not
    /// there (or hidden, to anyone but an admin) is ``MessageError/noSuchMessage(_:)``.
    public func deleteMessage(_ id: String, by user: String, isAdmin: Bool) throws {
        guard let number = Int64(id), number > 0,
            let message = try withStore({ try $0.message(id: number) }), isAdmin || !message.isHidden
        else { throw MessageError.noSuchMessage(id) }
        guard isAdmin || message.userName == user else { throw MessageError.notYours(number) }
        _ = try withStore { try $0.deleteMessage(id: number) }
    }

    /// Turns the user's trade posts on or off (the account page's setting).
    public func setTradePosts(_ user: String, _ on: Bool) throws {
        guard try withStore({ try $0.setTradePosts(on, forUser: user) }) else { throw AccountError.noSuchUser(user) }
    }

    private func countPost(_ user: String) throws -> AttemptDecision {
        try countAttempt(
            [AttemptLimit(key: "message:" + user, limit: MessageRules.perMinute)],
            windowMilliseconds: MessageRules.windowMilliseconds)
    }

    private func insert(_ message: StoredMessage, kept: Int) throws -> StoredMessage {
        var stored = message
        stored.id = try withStore { try $0.addMessage(message, keep: kept) }
        return stored
    }
}

extension StoredMessage {
    /// The message as its JSON shows it (`ledger.messages/1`).
    public var row: MessageJSON.Row {
        MessageJSON.Row(id: id, user: userName, kind: kind.rawValue, body: body, created: created, hidden: isHidden)
    }
}
