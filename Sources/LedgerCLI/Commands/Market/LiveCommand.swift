import ArgumentParser

/// `ledger live`: placeholder registered so parallel work does not collide on RootCommand.
struct LiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "live", abstract: "(being built)")
}
