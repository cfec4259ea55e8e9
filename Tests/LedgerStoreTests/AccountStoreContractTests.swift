import Foundation
import LedgerCore
import LedgerStore
import LedgerStorePostgres
import LedgerTestSupport
import Synchronization
import Testing

/// One accounts contract, two stores: `DATA/accounts.sqlite` and PostgreSQL (when the test
/// cluster runs), each on a database of its own (the PostgreSQL one a new database of the
/// cluster: the message stream and the user list are the whole database's).
enum AccountStoreKind: String, CaseIterable, CustomTestStringConvertible {
    case sqlite, postgres

    static var allCases: [AccountStoreKind] { PostgresTestBooks.withPostgres([.sqlite], .postgres) }

    var testDescription: String { rawValue }

    /// A new accounts database, and a way to open a second store on it (another process, or
    /// another server).
    func make() throws -> (store: any AccountStore, another: () throws -> any AccountStore) {
        switch self {
        case .sqlite:
            let path = makeTemporaryDirectory("accounts") + "/accounts.sqlite"
            return (try SQLiteAccountStore(path: path), { try SQLiteAccountStore(path: path) })
        case .postgres:
            let place = try PostgresTestBooks.newDatabase()
            return (
                try PostgresBooksDatabase(place).accounts(), { try PostgresBooksDatabase(place).accounts() }
            )
        }
    }
}

@Suite("AccountStore contract")
struct AccountStoreContractTests {
    static let day = Timestamp(secondsSinceEpoch: 1_767_225_600)
    static let hashes = (0..<8).map { String(repeating: "\($0)", count: 64) }

    static func user(_ name: String, admin: Bool = false) -> StoredUser {
        StoredUser(name: name, passwordHash: "$2b$04$" + name, isAdmin: admin, created: day)
    }

    static func later(_ seconds: Int64) -> Timestamp {
        Timestamp(secondsSinceEpoch: day.secondsSinceEpoch + seconds)
    }

    @Test(
        "users: added once, read back, listed by name with their token counts",
        arguments: AccountStoreKind.allCases)
    func users(kind: AccountStoreKind) throws {
        let store = try kind.make().store
        #expect(try store.addUser(Self.user("bob")))
        #expect(try store.addUser(Self.user("alice", admin: true)))
        #expect(try !store.addUser(Self.user("alice")), "the name is taken")
        #expect(try store.user(named: "alice") == Self.user("alice", admin: true))
        #expect(try store.user(named: "carol") == nil)
        try store.addToken(
            StoredToken(userName: "bob", label: "phone", created: Self.day), hash: Self.hashes[0])
        try store.addToken(
            StoredToken(userName: "bob", label: "laptop", created: Self.day), hash: Self.hashes[1])
        let listed = try store.users()
        #expect(listed.map(\.name) == ["alice", "bob"] && listed.map(\.tokenCount) == [0, 2])
        #expect(
            try store.setTradePosts(true, forUser: "bob") && store.user(named: "bob")?.tradePosts == true)
        #expect(try !store.setTradePosts(true, forUser: "carol"))
    }

    @Test(
        "tokens and sessions; a new password ends the sessions, disabling ends both",
        arguments: AccountStoreKind.allCases)
    func tokensAndSessions(kind: AccountStoreKind) throws {
        let store = try kind.make().store
        _ = try store.addUser(Self.user("alice"))
        try store.addToken(
            StoredToken(userName: "alice", label: "phone", created: Self.day), hash: Self.hashes[0])
        #expect(
            try store.token(hash: Self.hashes[0])
                == StoredToken(userName: "alice", label: "phone", created: Self.day))
        try store.markTokenUsed(hash: Self.hashes[0], at: Self.later(60))
        #expect(try store.token(hash: Self.hashes[0])?.lastUsed == Self.later(60))
        #expect(try store.token(hash: Self.hashes[1]) == nil)
        let session = StoredSession(
            userName: "alice", csrfToken: "csrf", created: Self.day, lastSeen: Self.day,
            expires: Self.later(604_800))
        try store.addSession(session, hash: Self.hashes[2])
        #expect(try store.session(hash: Self.hashes[2]) == session)
        try store.markSessionSeen(hash: Self.hashes[2], at: Self.later(120))
        #expect(try store.session(hash: Self.hashes[2])?.lastSeen == Self.later(120))
        #expect(try store.setPasswordHash("$2b$04$new", forUser: "alice"))
        #expect(
            try store.session(hash: Self.hashes[2]) == nil && store.token(hash: Self.hashes[0]) != nil)
        #expect(try store.user(named: "alice")?.passwordHash == "$2b$04$new")
        #expect(try !store.setPasswordHash("x", forUser: "carol"))
        try store.addSession(session, hash: Self.hashes[3])
        #expect(try store.setDisabled(true, forUser: "alice"))
        #expect(
            try store.session(hash: Self.hashes[3]) == nil && store.token(hash: Self.hashes[0]) == nil)
        #expect(try store.user(named: "alice")?.isDisabled == true)
        #expect(
            try store.setDisabled(false, forUser: "alice") && !store.setDisabled(true, forUser: "carol"))
        try store.addToken(
            StoredToken(userName: "alice", label: "x", created: Self.day), hash: Self.hashes[4])
        try store.addToken(
            StoredToken(userName: "alice", label: "y", created: Self.day), hash: Self.hashes[5])
        _ = try store.addUser(Self.user("bob"))
        try store.addToken(
            StoredToken(userName: "bob", label: "z", created: Self.day), hash: Self.hashes[6])
        #expect(
            try store.tokens(ofUser: "alice") == [
                Self.hashes[4]: StoredToken(userName: "alice", label: "x", created: Self.day),
                Self.hashes[5]: StoredToken(userName: "alice", label: "y", created: Self.day),
            ])
        #expect(
            try store.revokeTokens(ofUser: "alice") == 2 && store.revokeTokens(ofUser: "alice") == 0)
        #expect(try store.tokens(ofUser: "alice").isEmpty && store.tokens(ofUser: "bob").count == 1)
    }

    @Test(
        "sessions end at their absolute end or when idle, and at sign-out",
        arguments: AccountStoreKind.allCases)
    func sessionEnds(kind: AccountStoreKind) throws {
        let store = try kind.make().store
        _ = try store.addUser(Self.user("alice"))
        let ending = [
            (Self.later(100), Self.later(50)), (Self.later(1_000), Self.later(10)),
            (Self.later(1_000), Self.later(50)),
        ]
        for (index, (expires, seen)) in ending.enumerated() {
            try store.addSession(
                StoredSession(
                    userName: "alice", csrfToken: "c", created: Self.day, lastSeen: seen, expires: expires),
                hash: Self.hashes[index])
        }
        try store.removeSessions(endedAt: Self.later(100), idleBefore: Self.later(20))
        #expect(try store.session(hash: Self.hashes[0]) == nil, "past its absolute end")
        #expect(try store.session(hash: Self.hashes[1]) == nil, "idle")
        #expect(try store.session(hash: Self.hashes[2]) != nil)
        try store.endSession(hash: Self.hashes[2])
        #expect(try store.session(hash: Self.hashes[2]) == nil)
    }

    @Test(
        "attempts: counted up to the limit, refused until the oldest leaves the window, forgotten",
        arguments: AccountStoreKind.allCases)
    func attempts(kind: AccountStoreKind) throws {
        let store = try kind.make().store
        let (name, address) = (AttemptKey(hash: Self.hashes[0], limit: 2), AttemptKey(hash: Self.hashes[1], limit: 3))
        let count = { (keys: [AttemptKey], now: Int64) in
            try store.countAttempt(keys, now: now, windowMilliseconds: 60_000)
        }
        var ids: [Int64] = []
        for at: Int64 in [1_000, 2_000] {
            let made = try count([name, address], at)
            #expect(made.ids.count == 2, "at \(at): \(made)")
            ids += made.ids
        }
        #expect(try count([name, address], 3_000) == .refused(until: 61_000), "the name is full")
        #expect(try count([address], 3_000).ids.count == 1, "the address is not")
        #expect(try count([name], 60_999) == .refused(until: 61_000), "until its oldest leaves the window")
        try store.forgetAttempts(keys: [name.hash], ids: [])
        #expect(try count([name], 61_002).ids.count == 1, "the key's attempts were forgotten")
        #expect(try count([address], 61_003).ids.count == 1, "the one at 1000 left the window")
        #expect(try count([address], 61_004) == .refused(until: 62_000))
        try store.forgetAttempts(keys: [], ids: [ids[1], ids[3]])
        #expect(try count([address], 61_005).ids.count == 1, "the address's rows at 1000 and 2000 forgotten")
    }

    @Test(
        "20 attempts at once through two stores on one database: exactly the limit are counted",
        arguments: AccountStoreKind.allCases)
    func parallelAttempts(kind: AccountStoreKind) throws {
        let (first, another) = try kind.make()
        let stores = [LockedStore(first), LockedStore(try another())]
        let key = AttemptKey(hash: Self.hashes[7], limit: 5)
        let answers = Mutex<[Result<AttemptCount, any Error>]>([])
        DispatchQueue.concurrentPerform(iterations: 20) { index in
            let answer = Result {
                try stores[index % 2].run {
                    try $0.countAttempt([key], now: 10_000 + Int64(index), windowMilliseconds: 900_000)
                }
            }
            answers.withLock { $0.append(answer) }
        }
        let counted = try answers.withLock { try $0.map { try $0.get() } }.filter {
            if case .counted = $0 { true } else { false }
        }
        #expect(counted.count == 5)
    }

    @Test(
        "messages: newest first, the newest N kept, hidden while the author is disabled, deleted",
        arguments: AccountStoreKind.allCases)
    func messages(kind: AccountStoreKind) throws {
        let store = try kind.make().store
        _ = try store.addUser(Self.user("alice"))
        _ = try store.addUser(Self.user("bob"))
        var ids: [Int64] = []
        for (index, author) in ["alice", "bob", "alice", "bob"].enumerated() {
            let message = StoredMessage(
                userName: author, kind: .text, body: "m\(index)", created: Self.later(Int64(index)))
            ids.append(try store.addMessage(message, keep: 3))
        }
        let post = StoredMessage(
            userName: "bob", kind: .bought, body: "BTC", eventID: "01HZ", created: Self.later(9))
        ids.append(try store.addMessage(post, keep: 3))
        #expect(ids == ids.sorted() && Set(ids).count == 5)
        #expect(
            try store.messages(limit: 10, offset: 0, includingHidden: false).map(\.body) == [
                "BTC", "m3", "m2",
            ])
        #expect(try store.messages(limit: 1, offset: 1, includingHidden: false).map(\.body) == ["m3"])
        #expect(
            try store.message(id: ids[4])
                == StoredMessage(
                    id: ids[4], userName: "bob", kind: .bought, body: "BTC", eventID: "01HZ",
                    created: Self.later(9)))
        #expect(try store.message(id: ids[0]) == nil, "pushed out by newer ones")
        _ = try store.setDisabled(true, forUser: "bob")
        #expect(try store.messages(limit: 10, offset: 0, includingHidden: false).map(\.body) == ["m2"])
        #expect(
            try store.messageCount(includingHidden: false) == 1
                && store.messageCount(includingHidden: true) == 3)
        #expect(
            try store.messages(limit: 10, offset: 0, includingHidden: true).map(\.isHidden) == [
                true, true, false,
            ])
        #expect(try store.deleteTradePost(ofUser: "bob", eventID: "01HZ") == 1)
        #expect(try store.deleteMessage(id: ids[3]) && !store.deleteMessage(id: ids[3]))
        #expect(try store.messageCount(includingHidden: true) == 1)
    }
}

/// A store used by one thread at a time, as LedgerApp's `Accounts` uses it.
final class LockedStore: @unchecked Sendable {
    private let lock = NSLock()
    private let store: any AccountStore

    init(_ store: any AccountStore) { self.store = store }

    func run<T>(_ body: (any AccountStore) throws -> T) throws -> T {
        try lock.withLock { try body(store) }
    }
}

extension AttemptCount {
    /// The rows made when counted; none when refused.
    var ids: [Int64] {
        if case .counted(let ids) = self { return ids }
        return []
    }
}
