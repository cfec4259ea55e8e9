import ArgumentParser

/// `ledger alert`: placeholder registered so parallel work does not collide on RootCommand.
struct AlertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "alert", abstract: "(being built)")
}
