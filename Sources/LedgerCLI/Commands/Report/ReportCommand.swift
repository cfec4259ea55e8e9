import ArgumentParser

/// `ledger report`: placeholder registered so parallel work does not collide on RootCommand.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "report", abstract: "(being built)")
}
