import ArgumentParser

/// `ledger market`: placeholder registered so parallel work does not collide on RootCommand.
struct MarketCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "market", abstract: "(being built)")
}
