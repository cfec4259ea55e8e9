import Glibc
import LedgerApp
import LedgerInterchange

/// The fetcher's users from the accounts database: every user who is not disabled and has a
/// ledger (with the books in the server's database, every user who is not disabled: their
/// books are there). A disabled user's books are neither read nor written by the fetcher.
public struct AccountUserList: ServerUserList {
    let accounts: AccountsGateway
    let settings: ServerSettings

    public func userNames() throws -> [String] {
        try accounts.accounts.rows().filter { user in
            !user.isDisabled
                && (settings.database != nil || access(settings.ledgerPath(forUser: user.name), F_OK) == 0)
        }.map(\.name).sorted()
    }
}

extension AccountAuthenticator {
    /// The users the fetcher serves, from the same accounts.
    public func userList(_ settings: ServerSettings) -> AccountUserList {
        AccountUserList(accounts: accounts, settings: settings)
    }
}
