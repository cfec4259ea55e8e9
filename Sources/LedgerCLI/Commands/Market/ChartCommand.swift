import ArgumentParser

/// `ledger chart`: placeholder registered so parallel work does not collide on RootCommand.
struct ChartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "chart", abstract: "(being built)")
}
