import ArgumentParser
import LedgerApp

/// `ledger user add NAME [--admin]`.
struct UserAddCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a user (the password is asked for, or read as one line from standard input)."
    )

    @Argument(help: "The name: 1 to 32 of a-z, 0-9, '_' and '-', starting with a letter or digit.")
    var name: String

    @Flag(help: "Let the user manage other users (the web app's Users page).")
    var admin = false

    @OptionGroup var options: UserOptions

    func run(in environment: CommandEnvironment) throws {
        _ = try UserName(name)
        let accounts = try options.accounts(in: environment, creating: true)
        let password = try PasswordInput.read(for: name, in: environment)
        try accounts.addUser(name, password: password, admin: admin)
        let role = admin ? "admin" : "user"
        if let url = try options.databaseURL(in: environment) {
            environment.print("Added \(role) \(name) to \(url); their books will be kept there too.")
        } else {
            let ledger = try options.settings(in: environment).ledgerPath(forUser: name)
            environment.print("Added \(role) \(name); their books will be \(ledger).")
        }
    }
}

/// `ledger user passwd NAME`.
struct UserPasswdCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "passwd",
        abstract: "Set a user's password (ends every session of theirs; tokens stay)."
    )

    @Argument(help: "The user.")
    var name: String

    @OptionGroup var options: UserOptions

    func run(in environment: CommandEnvironment) throws {
        _ = try UserName(name)
        let accounts = try options.accounts(in: environment, creating: true)
        guard try accounts.user(name) != nil else { throw AccountError.noSuchUser(name) }
        let password = try PasswordInput.read(for: name, in: environment)
        try accounts.setPassword(name, password: password)
        environment.print("Changed the password of \(name); their sessions have ended.")
    }
}

/// `ledger user token NAME [--label L]`.
struct UserTokenCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Issue an API token for a user (printed once: it is stored only as a hash).",
        discussion:
            "Send it as 'Authorization: Bearer TOKEN' to /api/v1/...; 'ledger user revoke NAME' revokes them all."
    )

    @Argument(help: "The user.")
    var name: String

    @Option(help: "What the token is for (shown nowhere secret; kept with its hash).")
    var label = "api"

    @OptionGroup var options: UserOptions

    func run(in environment: CommandEnvironment) throws {
        let token = try options.accounts(in: environment).issueToken(name, label: label)
        environment.print(token)
        environment.notices.note(
            "this token for \(name) ('\(label)') will not be shown again; keep it somewhere safe now")
    }
}
