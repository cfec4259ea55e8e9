import ArgumentParser
import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerRender

/// `ledger user messages [-O text|json]`: the social page's stream for an admin's shell,
/// newest first, disabled users' messages too (marked hidden: the page does not show them).
struct UserMessagesCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "messages",
        abstract: "List the messages of the web app's Messages page, newest first (for moderation).",
        discussion: "Disabled users' messages are listed too, marked hidden; the page does not show them."
    )

    @Option(name: [.customShort("O"), .customLong("output-format")], help: "text or json.")
    var outputFormat: OutputFormat = .text

    @OptionGroup var options: UserOptions

    func run(in environment: CommandEnvironment) throws {
        try outputFormat.require([.text, .json], for: "user messages")
        let messages: [MessageJSON.Row]
        do {
            messages = try options.accounts(in: environment).allMessages()
        } catch UserError.noAccounts {
            messages = [] // nothing to list, and nothing created
        }
        if outputFormat == .json {
            environment.print(
                MessageJSON.messages(messages, page: 1, older: false, kept: messages.count))
        } else if messages.isEmpty {
            environment.print("No messages.")
        } else {
            environment.write(Self.text(messages))
        }
    }

    static func text(_ messages: [MessageJSON.Row]) -> String {
        let rows =
            [["ID", "TIME", "USER", "MESSAGE"]]
            + messages.map { message in
                [
                    String(message.id), message.created.description, message.user,
                    TerminalText.escaped(message.text) + (message.hidden ? " (hidden: user disabled)" : ""),
                ]
            }
        let widths = (0..<3).map { column in rows.map { $0[column].count }.max() ?? 0 }
        let rule = widths.map { String(repeating: "-", count: $0) } + ["-------"]
        return ([rows[0], rule] + rows.dropFirst()).map { row in
            row.enumerated().map { column, cell in
                column == 3 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count + 2)
            }.joined()
        }.joined(separator: "\n") + "\n"
    }
}
