import Glibc
import LedgerApp
import LedgerCore
import LedgerStore
import LedgerTestSupport
import Synchronization
import Testing

/// The accounts use cases on a real `accounts.sqlite`, with a clock the test moves.
@Suite("Accounts: users, tokens, sessions")
struct AccountsTests {
    final class Clock: Sendable {
        let milliseconds = Mutex<UInt64>(1_767_225_600_000)
        func now() -> UInt64 { milliseconds.withLock { $0 } }
        func advance(seconds: UInt64) { milliseconds.withLock { $0 += seconds * 1000 } }
    }

    static func open(_ directory: String, _ clock: Clock) throws -> Accounts {
        let context = AppContext(
            variables: ["LGR_BCRYPT_COST": "4"], clockMilliseconds: { clock.now() }, currentDirectory: directory,
            notices: CollectedNoticesForTests())
        return try Accounts.open(path: directory + "/data/accounts.sqlite", context: context)
    }

    @Test("the file is made 0600 in a 0700 directory, and another SQLite file is refused")
    func fileModes() throws {
        let directory = makeTemporaryDirectory("accounts")
        _ = try Self.open(directory, Clock())
        var info = stat()
        #expect(stat(directory + "/data/accounts.sqlite", &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(stat(directory + "/data", &info) == 0 && info.st_mode & 0o777 == 0o700)
        try SQLiteDatabase(path: directory + "/other.sqlite", create: true).execute("CREATE TABLE t (x)")
        #expect(throws: StoreError.notAnAccountsDatabase(path: directory + "/other.sqlite")) {
            _ = try SQLiteAccountStore(path: directory + "/other.sqlite")
        }
    }

    @Test(
        "user names are [a-z0-9][a-z0-9_-]{0,31}",
        arguments: [
            ("alice", true), ("a", true), ("0day", true), ("bob_2-x", true), (String(repeating: "a", count: 32), true),
            (String(repeating: "a", count: 33), false), ("", false), ("Alice", false), ("-bob", false),
            ("_bob", false), ("../x", false), ("a/b", false), ("a.b", false), ("é", false), ("a b", false),
        ])
    func names(name: String, valid: Bool) {
        #expect(UserName.isValid(name) == valid)
    }

    @Test("a token is lgr_ and 43 base64url characters, stored only as its SHA-256")
    func tokens() throws {
        let directory = makeTemporaryDirectory("accounts")
        let accounts = try Self.open(directory, Clock())
        try accounts.addUser("alice", password: "correct horse", admin: false)
        let token = try accounts.issueToken("alice", label: "phone")
        #expect(token.hasPrefix("lgr_") && token.utf8.count == 47)
        #expect(token.dropFirst(4).allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        #expect(try accounts.tokenUser(token)?.name == "alice")
        #expect(try accounts.tokenUser(token + "x") == nil)
        let bytes = try String(contentsOfFile: directory + "/data/accounts.sqlite", encoding: .isoLatin1)
        #expect(!bytes.contains(token) && !bytes.contains(String(token.dropFirst(4))))
        #expect(try accounts.revokeTokens("alice") == 1)
        #expect(try accounts.tokenUser(token) == nil)
    }

    @Test("a session lives 12 hours idle and 7 days at most; disabling ends it and the tokens at once")
    func sessions() throws {
        let clock = Clock()
        let accounts = try Self.open(makeTemporaryDirectory("accounts"), clock)
        try accounts.addUser("alice", password: "correct horse", admin: true)
        #expect(try accounts.signIn("alice", password: "wrong horse") == nil)
        #expect(try accounts.signIn("nobody", password: "correct horse") == nil)
        let session = try #require(try accounts.signIn("alice", password: "correct horse"))
        let found = try #require(try accounts.session(session.id))
        #expect(found.name == "alice" && found.isAdmin && found.csrfToken == session.csrfToken)
        for _ in 0..<15 { // 165 hours, never 12 idle
            clock.advance(seconds: 11 * 3600)
            #expect(try accounts.session(session.id) != nil)
        }
        clock.advance(seconds: 11 * 3600)
        #expect(try accounts.session(session.id) == nil, "176 hours: past 7 days after sign-in")
        let next = try #require(try accounts.signIn("alice", password: "correct horse"))
        #expect(next.id != session.id)
        let token = try accounts.issueToken("alice", label: "x")
        try accounts.setDisabled("alice", true)
        #expect(try accounts.session(next.id) == nil)
        #expect(try accounts.tokenUser(token) == nil)
        #expect(try accounts.signIn("alice", password: "correct horse") == nil)
        try accounts.setDisabled("alice", false)
        #expect(try accounts.tokenUser(token) == nil)
        #expect(try accounts.list().map(\.tokenCount) == [0])
    }

    @Test("passwords: 8 characters to 72 bytes; LGR_BCRYPT_COST from 4 to 31")
    func passwords() throws {
        #expect(throws: AccountError.passwordTooShort(minimum: 8)) { try Passwords.check("1234567") }
        try Passwords.check("12345678")
        #expect(throws: AccountError.passwordTooLong(maximum: 72)) {
            try Passwords.check(String(repeating: "x", count: 73))
        }
        #expect(try Passwords(variables: [:]).cost == 12)
        #expect(try Passwords(variables: ["LGR_BCRYPT_COST": "5"]).cost == 5)
        #expect(throws: AccountError.notABcryptCost("32")) { try Passwords(variables: ["LGR_BCRYPT_COST": "32"]) }
        let hash = Passwords(cost: 4).hash("correct horse")
        #expect(hash.hasPrefix("$2b$04$"))
        #expect(Passwords.verify("correct horse", hash: hash) && !Passwords.verify("correct horsE", hash: hash))
    }
}

final class CollectedNoticesForTests: NoticeSink {
    func warning(_ message: String) {}
    func error(_ message: String) {}
    func note(_ message: String) {}
    func write(_ text: String) {}
}
