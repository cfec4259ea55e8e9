import LedgerServer
import Testing

@Suite("the fetcher's users come from the accounts")
struct FetcherUsersTests {
    @Test("users who are not disabled and have books; a disabled user's books are left alone")
    func enabledUsersWithBooks() async throws {
        let fixture = try await AccountFixture.start()
        _ = try fixture.twoUsers()
        _ = try fixture.user("carol")
        for name in ["alice", "bob"] {
            let ledger = fixture.server.settings.ledgerPath(forUser: name)
            let added = Books.cli(["add", "deposit", "USD", "100", "--ledger", ledger])
            try #require(added.status == 0, "\(added.err)")
        }
        let list = AccountAuthenticator(accounts: fixture.accounts, secureCookies: true)
            .userList(fixture.server.settings)
        #expect(try list.userNames() == ["alice", "bob"])
        try fixture.accounts.setDisabled("bob", true)
        #expect(try list.userNames() == ["alice"])
        try await fixture.stop()
    }
}
