import ArgumentParser
import LedgerApp
import LedgerCore
import LedgerInterchange

/// `ledger user revoke NAME`: every token of the user.
struct UserRevokeCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke", abstract: "Revoke every API token of a user.")

    @Argument(help: "The user.")
    var name: String

    @OptionGroup var options: UserOptions

    func run(in environment: CommandEnvironment) throws {
        let count = try options.accounts(in: environment).revokeTokens(name)
        environment.print("Revoked \(count) token\(count == 1 ? "" : "s") of \(name).")
    }
}

/// `ledger user disable NAME`.
struct UserDisableCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "disable", abstract: "Disable a user: sessions end and tokens are deleted at once.")

    @Argument(help: "The user.")
    var name: String

    @OptionGroup var options: UserOptions

    func run(in environment: CommandEnvironment) throws {
        try options.accounts(in: environment).setDisabled(name, true)
        environment.print("Disabled \(name); their sessions have ended and their tokens are revoked.")
    }
}

/// `ledger user enable NAME`.
struct UserEnableCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "enable", abstract: "Enable a disabled user again (they sign in anew; no old token works).")

    @Argument(help: "The user.")
    var name: String

    @OptionGroup var options: UserOptions

    func run(in environment: CommandEnvironment) throws {
        try options.accounts(in: environment).setDisabled(name, false)
        environment.print("Enabled \(name).")
    }
}

/// `ledger user list [-O text|json]`.
struct UserListCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the users: role, status, tokens, when added.")

    @Option(name: [.customShort("O"), .customLong("output-format")], help: "text or json.")
    var outputFormat: OutputFormat = .text

    @OptionGroup var options: UserOptions

    func run(in environment: CommandEnvironment) throws {
        try outputFormat.require([.text, .json], for: "user list")
        let users: [AccountJSON.UserRow]
        do {
            users = try options.accounts(in: environment).rows()
        } catch UserError.noAccounts {
            users = [] // nothing to list, and nothing created
        }
        if outputFormat == .json {
            environment.print(AccountJSON.users(users))
        } else if users.isEmpty {
            environment.print("No users; add one with 'ledger user add NAME --admin'.")
        } else {
            environment.write(Self.text(users))
        }
    }

    static func text(_ users: [AccountJSON.UserRow]) -> String {
        let rows =
            [["NAME", "ROLE", "STATUS", "TOKENS", "ADDED"]]
            + users.map { user in
                [
                    user.name, user.isAdmin ? "admin" : "user", user.isDisabled ? "disabled" : "active",
                    String(user.tokens), user.created.description,
                ]
            }
        let widths = (0..<5).map { column in rows.map { $0[column].count }.max() ?? 0 }
        let rule = widths.map { String(repeating: "-", count: $0) }
        return ([rows[0], rule] + rows.dropFirst()).map { row in
            row.enumerated().map { column, cell in
                column == 4 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count + 2)
            }.joined()
        }.joined(separator: "\n") + "\n"
    }
}
